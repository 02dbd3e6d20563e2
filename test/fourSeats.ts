// The four-seat table many tests open a session on: 10,000 each, button on seat 4, blinds 50/100, no ante, the tda
// ruleset.
import { parseScenario } from '../src/engine/index.js';

export const FOUR_SEATS = parseScenario({
  name: 'four seats',
  ruleset: 'tda',
  table: { seats: { 1: 10000, 2: 10000, 3: 10000, 4: 10000 }, button: 4, blinds: [50, 100], bbAnte: 0, absent: [] },
  events: [],
} as never).config;
