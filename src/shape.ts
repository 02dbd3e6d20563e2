// Runtime shapes of plain JSON data: a shape checks a value and, when it is not what it should be, names the first
// field that is not and what was expected there. Each shape carries its TypeScript type (Infer), and the modules that
// declare a shape beside a hand-written type make the compiler hold the two equal (Exact), so a field added to one
// and not the other does not build. Pure (no I/O): any layer may use it.

/** where a value is not what its shape says */
export interface ShapeProblem {
  /** the field, from the value's root: `data.alert.seat`, `data.chips[2]` */
  field: string;
  /** what the shape wanted there */
  expected: string;
  /** what was there, in a few words */
  got: string;
}

export interface Shape<T> {
  /** what the shape wants, for messages */
  readonly expected: string;
  /** null when `v` is a T; else the first field that is not, named from `v` (`''`: `v` itself), prefixed with
   * `field` when given. Nothing is allocated when `v` is a T (the log checks every record it writes). */
  problem(v: unknown, field?: string): ShapeProblem | null;
  /** `v` is a T */
  is(v: unknown): v is T;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

/** `p` with its field named from one level up: `key` (a field name) or `[i]` */
function under(key: string, p: ShapeProblem | null): ShapeProblem | null {
  if (!p) return null;
  const sep = p.field === '' || p.field.startsWith('[') ? '' : '.';
  return { ...p, field: `${key}${sep}${p.field}` };
}

function shape<T>(expected: string, check: (v: unknown) => ShapeProblem | null): Shape<T> {
  return {
    expected,
    problem: (v, field) => (field ? under(field, check(v)) : check(v)),
    is: (v: unknown): v is T => check(v) === null,
  };
}

/** a few words for what a value is */
export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  const text = JSON.stringify(v) ?? String(v);
  return `${typeof v} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

const miss = (expected: string, v: unknown): ShapeProblem => ({ field: '', expected, got: describe(v) });

function primitive<T>(expected: string, ok: (v: unknown) => boolean): Shape<T> {
  return shape<T>(expected, (v) => (ok(v) ? null : miss(expected, v)));
}

export const text: Shape<string> = primitive('a string', (v) => typeof v === 'string');
export const num: Shape<number> = primitive('a finite number', (v) => typeof v === 'number' && Number.isFinite(v));
export const int: Shape<number> = primitive('an integer', (v) => Number.isSafeInteger(v));
export const bool: Shape<boolean> = primitive('true or false', (v) => typeof v === 'boolean');
/** anything (what the shape does not look into) */
export const anything: Shape<unknown> = shape('anything', () => null);

/** one of these values */
export function literal<const T extends readonly (string | number | boolean)[]>(...values: T): Shape<T[number]> {
  const expected = values.map((x) => JSON.stringify(x)).join(' or ');
  return primitive(expected, (v) => values.includes(v as T[number]));
}

/** a string matching `re`, typed as T (a template literal type the pattern says) */
export function pattern<T extends string>(re: RegExp, expected: string): Shape<T> {
  return primitive(expected, (v) => typeof v === 'string' && re.test(v));
}

export function nullable<T>(s: Shape<T>): Shape<T | null> {
  return shape(`${s.expected} or null`, (v) => (v === null ? null : s.problem(v)));
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return shape(`an array of ${item.expected}`, (v) => {
    if (!Array.isArray(v)) return miss(`an array of ${item.expected}`, v);
    for (let i = 0; i < v.length; i++) {
      const p = item.problem(v[i]);
      if (p) return under(`[${i}]`, p);
    }
    return null;
  });
}

export function pair<A, B>(a: Shape<A>, b: Shape<B>): Shape<[A, B]> {
  const expected = `a pair [${a.expected}, ${b.expected}]`;
  return shape(expected, (v) => {
    if (!Array.isArray(v) || v.length !== 2) return miss(expected, v);
    return under('[0]', a.problem(v[0])) ?? under('[1]', b.problem(v[1]));
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** an object whose every value is a V; with `keys`, whose every key matches it (JSON keys are strings) */
export function record<V, K extends string | number = string>(
  value: Shape<V>,
  keys?: { re: RegExp; expected: string },
): Shape<Record<K, V>> {
  const expected = `an object of ${value.expected}`;
  return shape(expected, (v) => {
    if (!isObject(v)) return miss(expected, v);
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (keys && !keys.re.test(k)) return { field: k, expected: `a key that is ${keys.expected}`, got: k };
      const p = value.problem(v[k]);
      if (p) return under(k, p);
    }
    return null;
  });
}

/** an object keyed by whole numbers (seats, denominations) */
export function byNumber<V>(value: Shape<V>): Shape<Record<number, V>> {
  return record<V, number>(value, { re: /^\d+$/, expected: 'a whole number' });
}

type Fields = Record<string, Shape<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<R extends Fields, O extends Fields> = Flat<
  { [K in keyof R]: Infer<R[K]> } & { [K in keyof O]?: Infer<O[K]> }
>;

/**
 * An object with the `required` fields and, when present, the `optional` ones, each of its shape. Other fields are
 * let through unread: a record written by a later version (a field added) still reads, as one written by an
 * earlier version (a field it did not have is optional here) does.
 */
export function object<R extends Fields, O extends Fields = Record<never, never>>(
  required: R,
  optional?: O,
): Shape<ObjectOf<R, O>> {
  const req = Object.entries(required);
  const opt = Object.entries(optional ?? {});
  return shape('an object', (v) => {
    if (!isObject(v)) return miss('an object', v);
    for (const [k, s] of req) {
      const p = s.problem(v[k]);
      if (p) return under(k, p);
    }
    for (const [k, s] of opt) {
      if (v[k] === undefined) continue;
      const p = s.problem(v[k]);
      if (p) return under(k, p);
    }
    return null;
  });
}

/** A discriminated union: the value's `key` names its variant, which is checked by its own shape. */
export function variants<K extends string, M extends Record<string, Shape<unknown>>>(
  key: K,
  byTag: M,
): Shape<{ [T in keyof M]: Infer<M[T]> }[keyof M]> {
  const tags = Object.keys(byTag);
  const expected = tags.map((t) => `'${t}'`).join(', ');
  return shape(`an object with ${key} one of ${expected}`, (v) => {
    if (!isObject(v)) return miss('an object', v);
    const tag = v[key];
    if (typeof tag !== 'string' || !Object.hasOwn(byTag, tag)) return under(key, miss(`one of ${expected}`, tag));
    return byTag[tag].problem(v);
  });
}

/** A and B have the same values (each assignable to the other) */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A and B have the same values and the same fields (an optional field in one only is caught here) */
export type Exact<A, B> = Same<A, B> extends true ? Same<keyof A, keyof B> : false;
/** Exact, variant by variant, for two unions discriminated by `key` */
export type ExactUnion<A, B, K extends keyof A & keyof B> =
  Same<A[K], B[K]> extends true
    ? false extends { [T in A[K] & PropertyKey]: Exact<Extract<A, Record<K, T>>, Extract<B, Record<K, T>>> }[A[K] &
        PropertyKey]
      ? false
      : true
    : false;
/** compiles only for `true`: `type _ = Holds<Exact<Infer<typeof s>, T>>` */
export type Holds<T extends true> = T;

/** A value of one shape or the other (the first's problem is told when neither holds). */
export function either<A, B>(a: Shape<A>, b: Shape<B>): Shape<A | B> {
  return shape('one of two shapes', (v) => {
    const p = a.problem(v);
    return p === null || b.problem(v) === null ? null : p;
  });
}
