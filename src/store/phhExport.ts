// PHH (poker hand history, TOML) for one hand: the fields of the shared/phh files (variant, antes,
// blinds_or_straddles, min_bet, starting_stacks, actions, players, finishing_stacks), PHH's optional table fields
// (hand, seats, seat_count, day/month/year), our own as user-defined `_feltwire_*` fields, and what PHH has no
// notation for (burns, alerts, floor decisions) as comments between the actions.
import { stringify } from 'smol-toml';
import { type PlayedHand, phhSeatOrder, playerName } from './playedHand.js';

/** one TOML value in its literal form (smol-toml quotes and escapes) */
function lit(value: unknown): string {
  return stringify({ v: value }).replace(/^v = /, '').trim();
}

/** a comment that stays one line whatever the text holds */
function comment(text: string): string {
  return `# ${text.replace(/[\r\n]+/g, ' ').trim()}`;
}

export function toPhh(hand: PlayedHand): string {
  const { config, final } = hand;
  const order = phhSeatOrder(config);
  const antes = order.map((s) => (s === final.bb ? final.bbAnte : 0));
  const blinds = order.map((s) => (s === final.sb ? final.blinds[0] : s === final.bb ? final.blinds[1] : 0));
  const finishing = order.map((s) => final.stacks[String(s)] ?? config.seats[s]);
  const lines: string[] = [];
  lines.push(
    comment(
      `feltwire hand ${hand.handNo} at table ${hand.tableName}, ${config.ruleset} rules, button seat ${final.button}`,
    ),
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
  for (let k = 0; k <= final.actions.length; k++) {
    for (const n of notesAt(k)) lines.push(`  ${comment(`${n.kind}: ${n.text}`)}`);
    for (const m of hand.mucks.filter((x) => x.afterAction === k))
      lines.push(`  ${lit(`p${order.indexOf(m.seat) + 1} sm`)},`);
    if (k < final.actions.length) lines.push(`  ${lit(final.actions[k])},`);
  }
  for (const n of hand.notes.filter((x) => x.afterAction > final.actions.length)) {
    lines.push(`  ${comment(`${n.kind}: ${n.text}`)}`);
  }
  lines.push(']');
  lines.push(`hand = ${lit(hand.handNo)}`);
  lines.push(`seats = ${lit(order)}`);
  lines.push(`seat_count = ${lit(hand.seatCount)}`);
  if (hand.startWall !== null) {
    const d = new Date(hand.startWall);
    lines.push(`day = ${d.getUTCDate()}`, `month = ${d.getUTCMonth() + 1}`, `year = ${d.getUTCFullYear()}`);
    lines.push(`time_zone = ${lit('UTC')}`);
    lines.push(`_feltwire_start_utc = ${lit(d.toISOString())}`);
  }
  lines.push(`players = ${lit(order.map((s) => playerName(hand, s)))}`);
  lines.push(`finishing_stacks = ${lit(finishing)}`);
  lines.push(`_feltwire_table = ${lit(hand.tableName)}`);
  lines.push(`_feltwire_ruleset = ${lit(config.ruleset)}`);
  lines.push(`_feltwire_button = ${lit(final.button)}`);
  lines.push(`_feltwire_burns = ${lit(final.burns)}`);
  lines.push(`_feltwire_alerts = ${lit(final.alerts.map((a) => a.code))}`);
  return `${lines.join('\n')}\n`;
}
