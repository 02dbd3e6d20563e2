// The tournament's structure file (TOML or JSON): the levels (blinds, big blind ante, duration), the breaks and the
// colour-ups at them, the rebuy and add-on windows (club 7-x, LOI 19; a freezeout has neither: club 7-1, seed 003
// regulation 3), late registration (club 3-1, seed 003 regulation 10) and the payouts (club 8-18). Validated once,
// every error naming the field and, in TOML, its line.
import { parse as parseToml, TomlError } from 'smol-toml';
import { TournamentError } from './errors.js';

export interface Level {
  kind: 'level';
  /** 1-based level number (breaks are not counted) */
  level: number;
  sb: number;
  bb: number;
  bbAnte: number;
  minutes: number;
}

export interface Break {
  kind: 'break';
  minutes: number;
  /** denominations leaving play at this break (LOI 2): coloured up, then raced */
  colourUp: number[];
}

export type Period = Level | Break;

export interface Structure {
  name: string;
  startingStack: number;
  /** denominations at the start, smallest first */
  chips: number[];
  periods: Period[];
  /** players may register until the end of this level (0: before the start only) */
  lateRegistrationLevels: number;
  /** absent: a freezeout */
  rebuy?: { untilLevel: number; chips: number; max: number };
  addOn?: { chips: number };
  /** per cent of the prize pool per place, first place first */
  payouts: number[];
}

export function parseStructure(text: string, format: 'toml' | 'json'): Structure {
  let raw: unknown;
  try {
    raw = format === 'toml' ? parseToml(text) : JSON.parse(text);
  } catch (e) {
    if (e instanceof TomlError)
      throw new TournamentError('STRUCTURE_INVALID', `structure line ${e.line}: ${e.message.split('\n')[0]}`);
    throw new TournamentError('STRUCTURE_INVALID', `structure: not JSON (${(e as Error).message})`);
  }
  return validateStructure(raw, format === 'toml' ? text : undefined);
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The TOML line of a field `levels[3].bb` (the key's own line, else its table's header), for the error. */
function lineOf(toml: string | undefined, path: string): string {
  if (toml === undefined) return '';
  const lines = toml.split('\n');
  const m = /^(\w+)(?:\[(\d+)\])?(?:\.(\w+))?/.exec(path);
  if (!m) return '';
  const [, table, index, key] = m;
  let start = -1;
  if (index !== undefined) {
    let seen = -1;
    for (let i = 0; i < lines.length; i++)
      if (new RegExp(`^\\s*\\[\\[\\s*${table}\\s*\\]\\]`).test(lines[i] as string) && ++seen === Number(index)) {
        start = i;
        break;
      }
  } else if (key !== undefined) start = lines.findIndex((l) => new RegExp(`^\\s*\\[\\s*${table}\\s*\\]`).test(l));
  const want = index === undefined && key === undefined ? table : key;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i] as string;
    if (start >= 0 && i > start && /^\s*\[/.test(l)) break;
    if (new RegExp(`^\\s*${want}\\s*=`).test(l)) return `line ${i + 1}, `;
  }
  return start >= 0 ? `line ${start + 1}, ` : '';
}

export function validateStructure(raw: unknown, toml?: string): Structure {
  const fail = (path: string, why: string): never => {
    throw new TournamentError('STRUCTURE_INVALID', `structure ${lineOf(toml, path)}${path}: ${why}`);
  };
  if (!isObj(raw)) return fail('(top)', 'must be a table of fields');
  const known = ['name', 'startingStack', 'chips', 'levels', 'lateRegistrationLevels', 'rebuy', 'addOn', 'payouts'];
  for (const k of Object.keys(raw)) if (!known.includes(k)) fail(k, `unknown field (known: ${known.join(', ')})`);
  const int = (v: unknown, path: string, min = 1): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail(path, `must be a whole number ≥ ${min}`);
    return v as number;
  };
  const name = raw.name ?? 'Tournament';
  if (typeof name !== 'string' || name.trim() === '') fail('name', 'must be a non-empty string');
  const startingStack = int(raw.startingStack, 'startingStack');
  if (!Array.isArray(raw.chips) || raw.chips.length === 0)
    fail('chips', 'must list the denominations, e.g. [25, 100, 500]');
  const chips = (raw.chips as unknown[]).map((c, i) => int(c, `chips[${i}]`));
  for (let i = 1; i < chips.length; i++)
    if ((chips[i] as number) <= (chips[i - 1] as number))
      fail(`chips[${i}]`, 'denominations must rise, smallest first');
  if (startingStack % (chips[0] as number) !== 0)
    fail('startingStack', `must be a multiple of the smallest chip ${chips[0]}`);
  if (!Array.isArray(raw.levels) || raw.levels.length === 0) fail('levels', 'must list at least one [[levels]] entry');
  const inPlay = new Set(chips);
  const periods: Period[] = [];
  let level = 0;
  for (const [i, e] of (raw.levels as unknown[]).entries()) {
    const p = `levels[${i}]`;
    if (!isObj(e)) return fail(p, 'must be a table');
    if (e.break !== undefined) {
      for (const k of Object.keys(e))
        if (!['break', 'colourUp'].includes(k)) fail(`${p}.${k}`, 'a break has only break (minutes) and colourUp');
      if (i === 0) fail(`${p}.break`, 'the structure must start with a level');
      const minutes = int(e.break, `${p}.break`);
      const up = e.colourUp ?? [];
      if (!Array.isArray(up)) return fail(`${p}.colourUp`, 'must list denominations leaving play');
      const colourUp = up.map((c, j) => int(c, `${p}.colourUp[${j}]`));
      for (const c of colourUp) {
        if (!inPlay.has(c)) fail(`${p}.colourUp`, `chip ${c} is not in play at this break`);
        inPlay.delete(c);
      }
      if (inPlay.size === 0) fail(`${p}.colourUp`, 'would leave no chip in play');
      const min = Math.min(...inPlay);
      for (const c of colourUp)
        if (c > min)
          fail(`${p}.colourUp`, `chip ${c} leaves while a smaller chip ${min} stays (colour up the smallest first)`);
      periods.push({ kind: 'break', minutes, colourUp });
      continue;
    }
    for (const k of Object.keys(e))
      if (!['sb', 'bb', 'bbAnte', 'minutes'].includes(k)) fail(`${p}.${k}`, 'a level has sb, bb, bbAnte and minutes');
    const sb = int(e.sb, `${p}.sb`);
    const bb = int(e.bb, `${p}.bb`);
    const bbAnte = int(e.bbAnte ?? 0, `${p}.bbAnte`, 0);
    const minutes = int(e.minutes, `${p}.minutes`);
    if (bb < sb) fail(`${p}.bb`, `the big blind ${bb} is smaller than the small blind ${sb}`);
    const min = Math.min(...inPlay);
    for (const [k, v] of [
      ['sb', sb],
      ['bb', bb],
      ['bbAnte', bbAnte],
    ] as const)
      if (v % min !== 0) fail(`${p}.${k}`, `${v} cannot be paid with the chips in play (smallest ${min})`);
    const prev = periods.filter((x): x is Level => x.kind === 'level').at(-1);
    if (prev && bb < prev.bb) fail(`${p}.bb`, `the big blind ${bb} falls below the previous level's ${prev.bb}`);
    level++;
    periods.push({ kind: 'level', level, sb, bb, bbAnte, minutes });
  }
  if (periods.at(-1)?.kind === 'break') fail(`levels[${periods.length - 1}]`, 'the structure must end with a level');
  const lateRegistrationLevels = int(raw.lateRegistrationLevels ?? 1, 'lateRegistrationLevels', 0);
  if (lateRegistrationLevels > level) fail('lateRegistrationLevels', `there are only ${level} levels`);
  const out: Structure = {
    name: (name as string).trim(),
    startingStack,
    chips,
    periods,
    lateRegistrationLevels,
    payouts: [],
  };
  if (raw.rebuy !== undefined) {
    if (!isObj(raw.rebuy)) return fail('rebuy', 'must be a table (untilLevel, chips, max)');
    const untilLevel = int(raw.rebuy.untilLevel, 'rebuy.untilLevel');
    if (untilLevel > level) fail('rebuy.untilLevel', `there are only ${level} levels`);
    out.rebuy = { untilLevel, chips: int(raw.rebuy.chips, 'rebuy.chips'), max: int(raw.rebuy.max ?? 1, 'rebuy.max') };
  }
  if (raw.addOn !== undefined) {
    if (!isObj(raw.addOn)) return fail('addOn', 'must be a table (chips)');
    if (!out.rebuy) fail('addOn', 'an add-on ends a rebuy period (club 7-4): give [rebuy] too');
    out.addOn = { chips: int(raw.addOn.chips, 'addOn.chips') };
  }
  const payouts = raw.payouts ?? [50, 30, 20];
  if (!Array.isArray(payouts) || payouts.length === 0)
    return fail('payouts', 'must list per cent per place, e.g. [50, 30, 20]');
  out.payouts = payouts.map((v, i) => int(v, `payouts[${i}]`));
  const sum = out.payouts.reduce((a, b) => a + b, 0);
  if (sum !== 100) fail('payouts', `must add up to 100 (they add up to ${sum})`);
  for (let i = 1; i < out.payouts.length; i++)
    if ((out.payouts[i] as number) > (out.payouts[i - 1] as number))
      fail(`payouts[${i}]`, 'a place cannot pay more than the place above it');
  return out;
}

/** the denominations in play during period `index` (after the colour-ups of the breaks before it and at it) */
export function chipsInPlayAt(s: Structure, index: number): number[] {
  const gone = new Set(s.periods.slice(0, index + 1).flatMap((p) => (p.kind === 'break' ? p.colourUp : [])));
  return s.chips.filter((c) => !gone.has(c));
}
