// Reading a seat's betting zone: with a declaration made first, the words bind and the chips pay them
// (declarations.ts); otherwise the chips are read as pushed silently (chipReading.ts). The one entry point, so that
// neither reading imports the other's dispatcher.
import { type BettingContext, type ChipReading, type DeclarationInput, readSilentChips } from './chipReading.js';
import { readDeclaredChips } from './declarations.js';

export function readChips(
  ctx: BettingContext,
  prior: readonly number[],
  zone: readonly number[],
  declaration?: DeclarationInput,
): ChipReading {
  if (declaration && !declaration.afterChips) return readDeclaredChips(ctx, prior, zone, declaration);
  return readSilentChips(ctx, prior, zone);
}
