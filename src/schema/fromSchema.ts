// JSON Schemas as the only source of the wire's and the files' types: a schema is written once, `as const`, Ajv
// checks values with it, and `FromSchema<typeof schema>` is the TypeScript type of what it accepts. Covers the subset
// the schemas here use (no TypeBox or json-schema-to-ts in the dependencies):
//   - `const`, `enum`: the literal values;
//   - `type`: 'string', 'integer' | 'number', 'boolean', 'null', 'array', 'object', or a list of them (a union);
//   - arrays: `items` (one schema); `minItems` equal to `maxItems` (1 to 8) makes a tuple (`[number, number]`);
//   - objects: `properties`, `required` (the others optional), `additionalProperties` as a schema (a record of it);
//     an object with neither properties nor a schema for the others is `Record<string, unknown>`;
//   - `anyOf` / `oneOf` without a `type`: the union of their members (beside a `type` they are a further check the
//     type does not express, as are `pattern`, `minimum`, `maxLength`, `propertyNames`, `not` and the like);
//   - `not` alone: nothing is accepted (`never`); `{}`: anything (`unknown`).
// A string pattern or a checked subset narrower than its schema's type says so with `typed<T>()(schema)`: the schema
// is unchanged at run time and its type is T (a zone's name, the store's played hand).

declare const tsType: unique symbol;

/** a schema whose accepted values are typed T (a type-only mark: no key is added at run time) */
export interface Typed<T> {
  readonly [tsType]: T;
}

/** marks a schema's values as a T, where its keywords say less than T (a pattern for a template literal type) */
export const typed =
  <T>() =>
  <const S extends object>(schema: S): S & Typed<T> =>
    schema as S & Typed<T>;

/** the type of the values `S` accepts */
export type FromSchema<S> =
  S extends Typed<infer T>
    ? T
    : S extends { readonly const: infer C }
      ? C
      : S extends { readonly enum: readonly (infer E)[] }
        ? E
        : S extends { readonly type: infer N }
          ? N extends readonly (infer M)[]
            ? M extends unknown
              ? OfType<M, S>
              : never
            : OfType<N, S>
          : S extends { readonly anyOf: readonly (infer U)[] }
            ? FromSchema<U>
            : S extends { readonly oneOf: readonly (infer U)[] }
              ? FromSchema<U>
              : S extends { readonly not: unknown }
                ? never
                : unknown;

type OfType<N, S> = N extends 'string'
  ? string
  : N extends 'integer' | 'number'
    ? number
    : N extends 'boolean'
      ? boolean
      : N extends 'null'
        ? null
        : N extends 'array'
          ? ArrayOf<S>
          : N extends 'object'
            ? ObjectOf<S>
            : never;

type ArrayOf<S> = S extends { readonly items: infer I }
  ? S extends { readonly minItems: infer L extends number; readonly maxItems: infer L2 extends number }
    ? [L] extends [L2]
      ? L extends 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
        ? Tuple<FromSchema<I>, L>
        : FromSchema<I>[]
      : FromSchema<I>[]
    : FromSchema<I>[]
  : unknown[];

type Tuple<T, N extends number, Acc extends unknown[] = []> = Acc['length'] extends N ? Acc : Tuple<T, N, [...Acc, T]>;

type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type Flat<T> = { [K in keyof T]: T[K] } & {};

type PropertiesOf<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

type ObjectOf<S> = S extends { readonly properties: infer P }
  ? PropertiesOf<P, RequiredOf<S>>
  : S extends { readonly additionalProperties: infer A extends object }
    ? Record<string, FromSchema<A>>
    : Record<string, unknown>;
