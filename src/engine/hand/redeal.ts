// After a misdeal the redeal is an exact replay: same button, same blinds, no new player (tda 35).
import { isPost } from './decisions.js';
import type { HandState } from './state.js';

export function redeal(state: HandState): void {
  state.redeals++;
  state.cardZone.fill('');
  state.cardFace.fill('down');
  state.lastLeft.fill('');
  state.live = state.seatOrder.length;
  state.board.length = 0;
  state.burns.length = 0;
  state.muck.length = 0;
  for (const seat of state.seatOrder) {
    const s = state.seats[seat];
    if (!s) continue;
    s.cards = [];
    s.shown = [];
    s.folded = false;
    s.dead = false;
    s.tabled = false;
  }
  const d = state.deal;
  d.dealt = 0;
  d.expectedIndex = 0;
  d.exposedDuringDeal = 0;
  d.exposedReplacement = null;
  d.done = false;
  d.substantial = false;
  d.recentActions = '';
  const b = state.boardState;
  b.burnsThisStreet = 0;
  b.cardsThisStreet = 0;
  b.dealing = null;
  b.burnWaived = 0;
  b.premature = null;
  b.fourFlop = null;
  b.toBurn = [];
  b.scramble = null;
  b.extraBurnRedeal = null;
  b.nextStreetNoBurn = false;
  b.riverNoBurn = false;
  // the blinds and ante stay posted: their decisions stay, the deal's and the actions' go
  state.decisions = state.decisions.filter(isPost);
  state.phase = 'dealing';
  for (const a of state.alerts) if (a.code === 'MISDEAL' || a.severity === 'stop') a.resolved = true;
  state.stopAlertId = 0;
}
