// Chip accounting of a hand history text, written from the formats' published descriptions -- never from our
// writers' code: what each player had at the start, put in, got back and collected, hence their final stacks.
//
// - PokerStars text (the layout trackers import: "Seat N: NAME (S in chips)", "NAME: posts small blind X", "posts
//   big blind X", "posts the ante X", "calls X", "bets X", "raises X to Y" (Y the player's total on the street),
//   "Uncalled bet (X) returned to NAME", "NAME collected X from pot|main pot|side pot[-N]").
// - Ignition text ("Seat N: POSITION (S in chips)", "POSITION : Small Blind X", "Big blind X", "Ante chip X",
//   "Calls X", "Bets X", "Raises X to Y", "All-in X", "All-in(raise) X to Y", "Return uncalled portion of bet X",
//   "Hand result[-Side pot] X").
// - OHH (hh-specs.handhistory.org: players[].starting_stack; rounds[].actions[] with amount "the amount the player
//   put into the pot for this action"; pots[].player_wins[].win_amount).
// - PHH (the PHH standard: starting_stacks, antes, blinds_or_straddles, actions `pN cbr X` "bet or raise to X",
//   `pN cc` "matching the largest bet", `pN f`, `d db`; the optional `winnings` "collected pots" and
//   `finishing_stacks`). The bet no one matched is returned when the betting ends.
// Every line the reader does not know is reported, so that a reader that skips is seen.

export interface Accounting {
  /** player (name, position or PHH index) -> start, put in, back, won, final */
  players: Map<string, { seat: number; start: number; put: number; back: number; won: number; final: number }>;
  /** lines the reader did not recognise */
  unknown: string[];
}

function book(players: Accounting['players'], who: string): { put: number; back: number; won: number } {
  const p = players.get(who);
  if (!p) throw new Error(`no player '${who}' in the seat list`);
  return p;
}

type Rule = [RegExp, (m: RegExpExecArray) => void];

/** runs the first rule whose pattern matches; false when none does */
function first(text: string, rules: Rule[]): boolean {
  for (const [re, run] of rules) {
    const m = re.exec(text);
    if (m) {
      run(m);
      return true;
    }
  }
  return false;
}

function finish(players: Accounting['players']): void {
  for (const p of players.values()) p.final = p.start - p.put + p.back + p.won;
}

const STARS_IGNORED = [
  /^PokerStars Hand #\d+: /,
  /^Table '.*' \d+-max Seat #\d+ is the button$/,
  /^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*/,
  /^Dealt to /,
  /^.+: (folds|checks|shows \[.*|mucks hand)$/,
  /^Total pot \d+/,
  /^Board \[/,
  /^Seat \d+: .+ (folded|showed|mucked|collected|lost)/,
];

export function accountPokerStars(text: string): Accounting {
  const players: Accounting['players'] = new Map();
  const unknown: string[] = [];
  let street = new Map<string, number>();
  let summary = false;
  const add = (who: string, x: number) => street.set(who, (street.get(who) ?? 0) + x);
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    if (line.startsWith('*** SUMMARY ***')) summary = true;
    if (/^\*\*\* (FLOP|TURN|RIVER) \*\*\*/.test(line)) street = new Map();
    const known = first(line, [
      [
        /^Seat (\d+): (.+) \((\d+) in chips\)( is sitting out)?$/,
        (m) => {
          if (!summary)
            players.set(m[2], { seat: Number(m[1]), start: Number(m[3]), put: 0, back: 0, won: 0, final: 0 });
        },
      ],
      [
        /^(.+): posts (small blind|big blind|the ante) (\d+)( and is all-in)?$/,
        (m) => {
          book(players, m[1]).put += Number(m[3]);
          if (m[2] !== 'the ante') add(m[1], Number(m[3]));
        },
      ],
      [
        /^(.+): (calls|bets) (\d+)( and is all-in)?$/,
        (m) => {
          book(players, m[1]).put += Number(m[3]);
          add(m[1], Number(m[3]));
        },
      ],
      [
        /^(.+): raises (\d+) to (\d+)( and is all-in)?$/,
        (m) => {
          const to = Number(m[3]);
          book(players, m[1]).put += to - (street.get(m[1]) ?? 0);
          street.set(m[1], to);
        },
      ],
      [
        /^Uncalled bet \((\d+)\) returned to (.+)$/,
        (m) => {
          book(players, m[2]).back += Number(m[1]);
        },
      ],
      [
        /^(.+) collected (\d+) from (pot|main pot|side pot|side pot-\d+)$/,
        (m) => {
          book(players, m[1]).won += Number(m[2]);
        },
      ],
    ]);
    if (!known && !STARS_IGNORED.some((r) => r.test(line))) unknown.push(line);
  }
  finish(players);
  return { players, unknown };
}

const IGNITION_IGNORED = [
  /^Ignition Hand #\d+/,
  /^Dealer : Set dealer \[\d+\]$/,
  /^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*/,
  /^.+ : (Card dealt to a spot \[.*\]|Folds|Checks|Showdown \[.*|Mucks.*)$/,
  /^Total Pot\(\d+\)$/,
  /^Board \[/,
];

export function accountIgnition(text: string): Accounting {
  const players: Accounting['players'] = new Map();
  const unknown: string[] = [];
  let street = new Map<string, number>();
  const add = (who: string, x: number) => street.set(who, (street.get(who) ?? 0) + x);
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    if (/^\*\*\* (FLOP|TURN|RIVER) \*\*\*/.test(line)) street = new Map();
    const known = first(line, [
      [
        /^Seat (\d+): (.+?)( \[ME\])? \((\d+) in chips\)$/,
        (m) => void players.set(m[2], { seat: Number(m[1]), start: Number(m[4]), put: 0, back: 0, won: 0, final: 0 }),
      ],
      [
        /^(.+) : (Small Blind|Big blind|Ante chip) (\d+)$/,
        (m) => {
          book(players, m[1]).put += Number(m[3]);
          if (m[2] !== 'Ante chip') add(m[1], Number(m[3]));
        },
      ],
      [
        /^(.+) : (Calls|Bets|All-in) (\d+)$/,
        (m) => {
          book(players, m[1]).put += Number(m[3]);
          add(m[1], Number(m[3]));
        },
      ],
      [
        /^(.+) : (Raises|All-in\(raise\)) (\d+) to (\d+)$/,
        (m) => {
          const to = Number(m[4]);
          book(players, m[1]).put += to - (street.get(m[1]) ?? 0);
          street.set(m[1], to);
        },
      ],
      [
        /^(.+) : Return uncalled portion of bet (\d+)$/,
        (m) => {
          book(players, m[1]).back += Number(m[2]);
        },
      ],
      [
        /^(.+) : Hand result(-Side pot)? (\d+)$/,
        (m) => {
          book(players, m[1]).won += Number(m[3]);
        },
      ],
    ]);
    if (!known && !IGNITION_IGNORED.some((r) => r.test(line))) unknown.push(line);
  }
  finish(players);
  return { players, unknown };
}

interface OhhDoc {
  ohh: {
    players: { id: number; seat: number; name: string; starting_stack: number }[];
    rounds: { actions: { player_id?: number | null; action: string; amount?: number }[] }[];
    pots: { amount: number; player_wins: { player_id: number; win_amount: number }[] }[];
  };
}

/** OHH: a player's chips go out by the actions' amounts and come back by the pots' player_wins */
export function accountOhh(doc: OhhDoc): Accounting & { potTotal: number; putTotal: number } {
  const players: Accounting['players'] = new Map();
  const byId = new Map<number, string>();
  for (const p of doc.ohh.players) {
    players.set(p.name, { seat: p.seat, start: p.starting_stack, put: 0, back: 0, won: 0, final: 0 });
    byId.set(p.id, p.name);
  }
  const unknown: string[] = [];
  let putTotal = 0;
  for (const r of doc.ohh.rounds)
    for (const a of r.actions) {
      if (a.amount === undefined) continue;
      const who = byId.get(a.player_id ?? -1);
      if (!who) {
        unknown.push(JSON.stringify(a));
        continue;
      }
      book(players, who).put += a.amount;
      putTotal += a.amount;
    }
  let potTotal = 0;
  for (const pot of doc.ohh.pots) {
    potTotal += pot.amount;
    for (const w of pot.player_wins) {
      const who = byId.get(w.player_id);
      if (!who) unknown.push(JSON.stringify(w));
      else book(players, who).won += w.win_amount;
    }
  }
  finish(players);
  return { players, unknown, potTotal, putTotal };
}

/** PHH: p1..pN by index; contributions from the forced bets and the actions, the unmatched bet returned, then
 * the `winnings` collected */
export function accountPhh(doc: Record<string, unknown>): Accounting {
  const start = doc.starting_stacks as number[];
  const antes = doc.antes as number[];
  const blinds = doc.blinds_or_straddles as number[];
  const actions = doc.actions as string[];
  const winnings = (doc.winnings as number[] | undefined) ?? start.map(() => 0);
  const n = start.length;
  const put = new Array(n).fill(0);
  const ante = new Array(n).fill(0);
  let street = new Array(n).fill(0);
  const stack = [...start];
  const pay = (i: number, x: number) => {
    const paid = Math.min(x, stack[i]);
    stack[i] -= paid;
    put[i] += paid;
    return paid;
  };
  for (let i = 0; i < n; i++) ante[i] = pay(i, antes[i]);
  for (let i = 0; i < n; i++) street[i] = pay(i, blinds[i]);
  const unknown: string[] = [];
  for (const raw of actions) {
    const text = raw.replace(/\s*#.*$/, '').trim();
    if (text === '' || /^d dh /.test(text) || /^p\d+ (f|sm)( |$)/.test(text)) continue;
    const known = first(text, [
      [
        /^d db /,
        () => {
          street = new Array(n).fill(0);
        },
      ],
      [
        /^p(\d+) cc$/,
        (m) => {
          const i = Number(m[1]) - 1;
          street[i] += pay(i, Math.max(...street) - street[i]);
        },
      ],
      [
        /^p(\d+) cbr (\d+)$/,
        (m) => {
          const i = Number(m[1]) - 1;
          street[i] += pay(i, Number(m[2]) - street[i]);
        },
      ],
    ]);
    if (!known) unknown.push(raw);
  }
  // the bet nobody matched goes back (antes are dead money: never matched)
  const live = put.map((p, i) => ({ i, c: p - ante[i] })).sort((a, b) => b.c - a.c);
  const back = new Array(n).fill(0);
  if (live.length > 1 && live[0].c > live[1].c) back[live[0].i] = live[0].c - live[1].c;
  const players: Accounting['players'] = new Map();
  for (let i = 0; i < n; i++)
    players.set(`p${i + 1}`, { seat: i + 1, start: start[i], put: put[i], back: back[i], won: winnings[i], final: 0 });
  finish(players);
  return { players, unknown };
}

/** seat -> final stack, from an accounting */
export function finalsBySeat(acc: Accounting): Record<number, number> {
  const out: Record<number, number> = {};
  for (const p of acc.players.values()) out[p.seat] = p.final;
  return out;
}
