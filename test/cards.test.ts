import { describe, expect, it } from 'vitest';
import { formatCard, parseCard, parseCards } from '../src/engine/cards.js';

describe('cards', () => {
  it('round-trips every card through its text form', () => {
    for (let c = 0; c < 52; c++) expect(parseCard(formatCard(c))).toBe(c);
  });
  it('refuses what is not a card', () => {
    expect(parseCard('1h')).toBe(-1);
    expect(parseCard('Ax')).toBe(-1);
    expect(parseCards('AhK')).toEqual([-1]);
  });
});
