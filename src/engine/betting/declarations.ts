// Declarations (a `say` event) and how they combine with chips (docs/rules.md, Betting; tda 40, 43B, 44, 51A, 55, 59B;
// LOI 30, 36). A declaration made first binds; chips pushed after it pay for it (the change goes back, a shortfall is
// owed). When the chips came first, the chips stand (tda 40A) and readSilentChips reads them as if pushed silently.
import { tda } from '../rules/ruleRef.js';
import type { LegalActionKind } from '../types.js';
import {
  allInTo,
  type BettingContext,
  type ChipReading,
  callTo,
  type DeclarationInput,
  factsOf,
  minRaiseTo,
  readRaiseNotAllowed,
  readSilentChips,
  splitZone,
  sum,
} from './chipReading.js';

const NOTHING: readonly number[] = [];

/** What a declaration binds before any chip is read. */
export type DeclarationBinding =
  /** the action is settled now; chips that follow pay it (reading.owed is what remains to push) */
  | { kind: 'action'; reading: ChipReading }
  /** "bet"/"raise" with no amount: the chips of the next motion set it, at least `minTo` (LOI 36: one motion) */
  | { kind: 'awaitChips'; action: 'bet' | 'raise'; minTo: number }
  /** "check" facing a bet (tda 55): the seat may still only call or fold */
  | { kind: 'restricted'; legal: LegalActionKind[] };

function reading(ctx: BettingContext, action: ChipReading['action'], to: number, total: number): ChipReading {
  const allIn = (action === 'call' || action === 'bet' || action === 'raise') && to === allInTo(ctx) && ctx.stack > 0;
  return { action, to, allIn, giveBack: Math.max(0, total - to), owed: Math.max(0, to - total) };
}

/** tda 55A, 41A, 51A: "call" obliges the full call; with no bet to face it is a check. */
export function readDeclaredCall(ctx: BettingContext, total: number): ChipReading {
  const to = callTo(ctx);
  return reading(ctx, to === ctx.committed ? 'check' : 'call', to, total);
}

/**
 * tda 59B: a "call" said before the bet's amount was known binds to that amount once it is known, even all-in. The
 * flow keeps the word and reads it with this when the bet is settled.
 */
export function readCallBeforeAmountKnown(ctxOnceKnown: BettingContext, total: number): ChipReading {
  return readDeclaredCall(ctxOnceKnown, total);
}

/**
 * tda 55: "check" with no bet to face is a check; facing a bet it can only become a call (chips pushed) or a fold.
 * Chips worth a raise are held to the call.
 */
export function readDeclaredCheck(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  total: number,
): ChipReading {
  if (ctx.committed >= ctx.currentBet) return reading(ctx, 'check', ctx.committed, total);
  if (splitZone(prior, zone).added.length === 0) {
    return { ...reading(ctx, 'check', ctx.committed, total), giveBack: 0, undetermined: ['fold', 'call'] };
  }
  const silent = readSilentChips({ ...ctx, canRaise: true }, prior, zone);
  const held = readDeclaredCall(ctx, total);
  if (silent.action === 'raise') {
    held.alert = {
      code: 'RAISE_NOT_ALLOWED',
      rule: tda('55'),
      severity: 'warn',
      detail: `"check" facing a bet: call or fold only, held to a call of ${held.to}`,
      facts: { ...factsOf(ctx, total), ruling: 'checked' },
    };
  }
  return held;
}

/**
 * tda 43B, 44, 55B, LOI 36: "raise" (or "bet") obliges at least the minimum; a declared total short of it is
 * completed (RAISE_UNDER_MINIMUM, or BET_UNDER_MINIMUM with no bet to face). With no amount said, the chips pushed set
 * it: one chip raises to its value (tda 44), several to their total. A closed option holds it to a call (tda 47).
 */
export function readDeclaredRaise(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  total: number,
  declaredTo: number | undefined,
): ChipReading {
  if (allInTo(ctx) <= ctx.currentBet) return readDeclaredCall(ctx, total); // nothing left to raise with
  if (ctx.currentBet > 0 && !ctx.canRaise) return readRaiseNotAllowed(ctx, total);
  const action = ctx.currentBet === 0 ? 'bet' : 'raise';
  const minTo = minRaiseTo(ctx);
  const pushed = splitZone(prior, zone).added.length > 0;
  const target = declaredTo ?? (pushed ? total : minTo);
  if (target >= allInTo(ctx)) return reading(ctx, action, allInTo(ctx), total);
  if (target >= minTo) return reading(ctx, action, target, total);
  const r = reading(ctx, action, Math.min(minTo, allInTo(ctx)), total);
  const opening = ctx.currentBet === 0;
  r.alert = {
    code: opening ? 'BET_UNDER_MINIMUM' : 'RAISE_UNDER_MINIMUM',
    rule: opening ? tda('55') : tda('43B'),
    severity: 'info',
    detail: `declared ${action} ${declaredTo === undefined ? `with ${target}` : `to ${target}`} is under the minimum: completed to ${r.to}`,
    facts: { ...factsOf(ctx, total), ...(declaredTo === undefined ? {} : { declared: declaredTo }) },
  };
  return r;
}

/** "all in": the whole stack; held to a call when the option is closed (tda 47). */
export function readDeclaredAllIn(ctx: BettingContext, total: number): ChipReading {
  const max = allInTo(ctx);
  if (max <= ctx.currentBet) return readDeclaredCall(ctx, total);
  if (ctx.currentBet > 0 && !ctx.canRaise) return readRaiseNotAllowed(ctx, total);
  return reading(ctx, ctx.currentBet === 0 ? 'bet' : 'raise', max, total);
}

/** A declaration made first, with the chips now in the zone (tda 40A: the first action stands). */
export function readDeclaredChips(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  declaration: DeclarationInput,
): ChipReading {
  return readDeclared(ctx, prior, zone, Math.max(0, sum(zone) - (ctx.zoneDead ?? 0)), declaration);
}

/** readDeclaredChips with the zone's bet total already known. */
function readDeclared(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  total: number,
  declaration: DeclarationInput,
): ChipReading {
  switch (declaration.say) {
    case 'fold':
      return { action: 'fold', to: ctx.committed, allIn: false, giveBack: Math.max(0, total - ctx.committed), owed: 0 };
    case 'check':
      return readDeclaredCheck(ctx, prior, zone, total);
    case 'call':
      return readDeclaredCall(ctx, total);
    case 'allin':
      return readDeclaredAllIn(ctx, total);
    case 'bet':
    case 'raise':
      return readDeclaredRaise(ctx, prior, zone, total, declaration.to);
    default: {
      const never: never = declaration.say;
      return never;
    }
  }
}

/**
 * What a declaration binds on its own, when it is said before any chip moves (tda 40, 51A). The flow applies an
 * `action` at once (next moves on; the chips that follow are matched to it), waits for the chips of one motion after
 * an `awaitChips`, and limits the seat's options after a `restricted`.
 */
export function bindDeclaration(ctx: BettingContext, declaration: DeclarationInput): DeclarationBinding {
  const total = ctx.committed;
  const say = declaration.say;
  if ((say === 'bet' || say === 'raise') && declaration.to === undefined) {
    if (ctx.currentBet > 0 && !ctx.canRaise) return { kind: 'action', reading: readRaiseNotAllowed(ctx, total) };
    if (allInTo(ctx) <= minRaiseTo(ctx)) {
      // the minimum takes everything: nothing left for the chips to decide
      return { kind: 'action', reading: readDeclaredAllIn(ctx, total) };
    }
    return { kind: 'awaitChips', action: ctx.currentBet === 0 ? 'bet' : 'raise', minTo: minRaiseTo(ctx) };
  }
  if (say === 'check' && ctx.currentBet > ctx.committed) return { kind: 'restricted', legal: ['fold', 'call'] };
  // the zone as it lies: what the seat has committed, nothing pushed yet
  return { kind: 'action', reading: readDeclared(ctx, NOTHING, NOTHING, total, declaration) };
}

/**
 * tda 40A: when words and chips conflict, the first action stands. `saidAt` and `pushedAt` are the times (ms) of the
 * declaration and of the start of the chips' motion; a tie goes to the words (the tablet records them a beat late).
 */
export function firstActionStands(saidAt: number, pushedAt: number): 'words' | 'chips' {
  return saidAt <= pushedAt ? 'words' : 'chips';
}
