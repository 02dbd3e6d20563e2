// PHH (poker hand history, TOML) for one hand: the fields of the PHH files in test/fixtures/phh (variant, antes,
// blinds_or_straddles, min_bet, starting_stacks, actions, players, finishing_stacks), PHH's optional fields for the
// table (venue, table, hand, level, seats, seat_count, day/month/year, time and time_zone), our own as user-defined
// `_feltwire_*` fields (PHH: "custom fields with a single underscore prefix"), and what PHH has no notation for
// (burns, alerts, floor decisions) as comments between the actions.
//
// The actions are rendered from the engine's typed decisions (phhLine), with the unshown mucks at showdown added
// (`pN sm`). A hand the engine killed (wrong card count, clock, floor) is its fold, with the rule as a PHH commentary.
// Odd chips: the table splits a pot in its smallest chip, not in units of 1; `_feltwire_chip_unit` says which.
// An imported hand gives back the optional fields its file had (names, event, venue and place, date).
import { stringify } from 'smol-toml';
import { ruleTag } from '../engine/rules/ruleRef.js';
import { phhLine } from '../phh/write.js';
import { readLedger, streetCards } from './ledger.js';
import { type PlayedHand, phhSeatOrder, playerName } from './playedHand.js';
import { zonedTime } from './tableIdentity.js';

/** one TOML value in its literal form (smol-toml quotes and escapes) */
function lit(value: unknown): string {
  return stringify({ v: value }).replace(/^v = /, '').trim();
}

/** a comment that stays one line whatever the text holds */
function comment(text: string): string {
  return `# ${text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim()}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** fields this writer always writes itself */
const OURS = new Set(['players', 'finishing_stacks', 'winnings']);

export function toPhh(hand: PlayedHand): string {
  const { config, final, identity } = hand;
  const order = phhSeatOrder(config);
  const ledger = readLedger(hand);
  const antes = order.map((s) => ledger.antes[s] ?? 0);
  const blinds = order.map((s) => (s === final.sb ? final.blinds[0] : s === final.bb ? final.blinds[1] : 0));
  const finishing = order.map((s) => final.stacks[String(s)] ?? config.seats[s]);
  const unit = Math.min(...(config.chips.length > 0 ? config.chips : [1]));
  const lines: string[] = [];
  lines.push(
    comment(
      `feltwire hand ${hand.handNo} (id ${hand.handId}) at ${identity.room}, table ${identity.table}, ${config.ruleset} rules, button seat ${final.button}`,
    ),
  );
  if (unit > 1)
    lines.push(
      comment(`the table splits pots in its smallest chip, ${unit}: an odd chip is a ${unit} (_feltwire_chip_unit)`),
    );
  if (!hand.complete)
    lines.push(comment(`the hand is not over (phase: ${final.phase}); finishing_stacks are the stacks now`));
  lines.push(`variant = ${lit('NT')}`);
  lines.push(`antes = ${lit(antes)}`);
  lines.push(`blinds_or_straddles = ${lit(blinds)}`);
  lines.push(`min_bet = ${lit(final.blinds[1])}`);
  lines.push(`starting_stacks = ${lit(order.map((s) => config.seats[s]))}`);
  lines.push('actions = [');
  const notesAt = (k: number) => hand.notes.filter((n) => n.afterAction === k);
  const decisions = final.decisions ?? [];
  for (let k = 0; k <= decisions.length; k++) {
    for (const n of notesAt(k)) lines.push(`  ${comment(`${n.kind}: ${n.text}`)}`);
    for (const m of hand.mucks.filter((x) => x.afterAction === k))
      lines.push(`  ${lit(`p${order.indexOf(m.seat) + 1} sm`)},`);
    if (k < decisions.length) {
      const d = decisions[k];
      const killed = ledger.actions.find((a) => a.killed && a.seat === d.seat && a.type === 'fold');
      const why =
        d.kind === 'fold' && killed?.killed
          ? ` # hand killed${killed.killed.rule ? ` (${ruleTag(killed.killed.rule)})` : ''}`
          : '';
      // a street as the board finally holds it (a remedy may have changed it after its deal was recorded)
      const line =
        d.kind === 'dealBoard'
          ? phhLine({ ...d, cards: streetCards(final.board, d.street, d.cards) }, order)
          : phhLine(d, order);
      // a post has no line: PHH has it in blinds_or_straddles and antes
      if (line !== null) lines.push(`  ${lit(line + why)},`);
    }
  }
  for (const n of hand.notes.filter((x) => x.afterAction > decisions.length)) {
    lines.push(`  ${comment(`${n.kind}: ${n.text}`)}`);
  }
  lines.push(']');
  // the table's fields, then what an imported hand's file said of itself (its own values win)
  const fields: [string, unknown][] = [];
  fields.push(['venue', identity.room], ['table', identity.table]);
  if (identity.game === 'tournament') fields.push(['event', `${identity.room} tournament #${identity.tournamentId}`]);
  fields.push(['hand', hand.handId], ['level', hand.level]);
  fields.push(['seats', order], ['seat_count', hand.seatCount]);
  if (hand.startWall !== null) {
    const z = zonedTime(hand.startWall, identity.timeZone);
    fields.push(['day', z.day], ['month', z.month], ['year', z.year]);
    fields.push(['time', `${pad(z.hour)}:${pad(z.minute)}:${pad(z.second)}`]);
    fields.push(['time_zone', identity.timeZone], ['time_zone_abbreviation', z.abbreviation]);
  }
  const source = hand.source?.fields ?? {};
  const written = new Set<string>();
  for (const [key, value] of fields) {
    if (key in source) continue;
    // `time` is a TOML local time, not a string
    lines.push(key === 'time' ? `time = ${value}` : `${key} = ${lit(value)}`);
    written.add(key);
  }
  for (const [key, value] of Object.entries(source)) {
    // ours are written below (a re-imported export of ours carries them too)
    if (written.has(key) || OURS.has(key) || key.startsWith('_feltwire_')) continue;
    // a key is written bare: only one TOML reads as one key (an imported file's own keys are such)
    if (!/^[A-Za-z0-9_-]+$/.test(key)) continue;
    lines.push(`${key} = ${lit(value)}`);
  }
  lines.push(`players = ${lit(order.map((s) => playerName(hand, s)))}`);
  lines.push(`finishing_stacks = ${lit(finishing)}`);
  // PHH `winnings`: the pots each player collected (the uncalled bet given back is not a winning)
  const won: Record<number, number> = {};
  for (const p of final.pots)
    for (const [s, a] of Object.entries(p.shares ?? {})) won[Number(s)] = (won[Number(s)] ?? 0) + a;
  if (hand.complete) lines.push(`winnings = ${lit(order.map((s) => won[s] ?? 0))}`);
  lines.push(`_feltwire_hand_no = ${lit(hand.handNo)}`);
  lines.push(`_feltwire_table_id = ${lit(identity.tableId)}`);
  lines.push(`_feltwire_game = ${lit(identity.game)}`);
  if (hand.startWall !== null) lines.push(`_feltwire_start_utc = ${lit(new Date(hand.startWall).toISOString())}`);
  lines.push(`_feltwire_chip_unit = ${lit(unit)}`);
  lines.push(`_feltwire_ruleset = ${lit(config.ruleset)}`);
  lines.push(`_feltwire_button = ${lit(final.button)}`);
  lines.push(`_feltwire_burns = ${lit(final.burns)}`);
  lines.push(`_feltwire_alerts = ${lit(final.alerts.map((a) => a.code))}`);
  return `${lines.join('\n')}\n`;
}
