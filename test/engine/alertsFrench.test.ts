// French alert texts say the engine's English details in French (or leave them out), with French's contractions:
// a dealer reading the tablet in French never meets "à le siège" or an English reason in brackets.
import { describe, expect, it } from 'vitest';
import { renderAlert } from '../../src/i18n/renderAlert.js';

const fr = (code: Parameters<typeof renderAlert>[0], facts: Parameters<typeof renderAlert>[1]) => {
  const r = renderAlert(code, facts, 'tda');
  return `${r.messageFr} ${r.remedyFr}`;
};

describe('French alert texts', () => {
  it('seed 003: the showdown order names the seat "au siège" and says why in French', () => {
    const text = fr('SHOWDOWN_ORDER', { seat: 4, order: 'lastAggressor' });
    expect(text).toContain('Demandez au siège 4 de montrer en premier (dernier à avoir misé ou relancé à la river)');
    expect(text).not.toMatch(/à le |aggressor/);
    expect(fr('SHOWDOWN_ORDER', { seat: 2, order: 'leftOfButton' })).toContain(
      'premier siège en jeu à gauche du bouton',
    );
  });

  it('tda 35: a card dealt out of order, a misdeal and a void hand give their reason in French', () => {
    expect(fr('DEAL_WRONG_SEAT', { seat: 3, expectedSeat: 2 })).toContain(
      "Carte distribuée hors de l'ordre au siège 3 (première carte, siège attendu : 2)",
    );
    expect(fr('MISDEAL', { cause: 'cardCount', seat: 4, amount: 3 })).toContain('Fausse donne : le siège 4 a 3 cartes');
    expect(fr('MISDEAL', { cause: 'dealer' })).toContain('Fausse donne : annoncée par le donneur');
    expect(fr('HAND_VOID', { handNo: 12, phase: 'betting' })).toContain('(pendant les enchères)');
  });

  it('counts take their plural (ICU/CLDR rules) and French writes its thousands grouped', () => {
    const one = renderAlert('DEAL_CARD_COUNT', { seat: 2, amount: 1 }, 'tda');
    expect(one.message).toBe('seat 2 holds 1 card instead of two');
    expect(one.messageFr).toBe('le siège 2 a 1 carte au lieu de deux');
    const three = renderAlert('DEAL_CARD_COUNT', { seat: 2, amount: 3 }, 'tda');
    expect(three.message).toBe('seat 2 holds 3 cards instead of two');
    expect(three.messageFr).toBe('le siège 2 a 3 cartes au lieu de deux');
    expect(fr('MISDEAL', { cause: 'cardCount', seat: 4, amount: 1 })).toContain('Fausse donne : le siège 4 a 1 carte');
    expect(fr('BLIND_INCORRECT', { seat: 2, zoneTotal: 1500, amount: 12500 })).toContain(
      'la zone contient 1\u202f500, les règles engagent 12\u202f500',
    );
    // an amount in a French remedy, grouped as Intl writes French numbers
    expect(renderAlert('CHIPS_OUT_OF_ROUND', { seat: 3, amount: 25000 }, 'tda').remedyFr).toMatch(/25\u202f000/);
  });

  it('a reason with no French reading is left out of the French text, never shown in English', () => {
    expect(fr('LINK_LOST', { cause: 'portClosed' })).toContain('Connexion au pont lecteur perdue (port fermé)');
    const unknown = fr('LINK_LOST', {});
    expect(unknown).toContain('Connexion au pont lecteur perdue : la table');
    expect(unknown).not.toContain('English');
  });

  it('LOI 29: a tabled hand in the muck is "au rebut", "du siège"', () => {
    const text = fr('TABLED_HAND_MUCKED', { seat: 5, cards: ['Ah', 'Kd'] });
    expect(text).toContain('La main abattue du siège 5 (A♥ K♦) est allée au rebut');
    expect(text).not.toMatch(/\bmuck\b|de le /);
  });
});
