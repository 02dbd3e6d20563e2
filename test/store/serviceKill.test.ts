// Issue 5, done-when: the live service (`feltwire start`, a child process reading a reader bridge and a dealer
// panel over real ptys) is killed with SIGKILL in the middle of a hand while E's simulator plays the table (in this
// process); the log it leaves rebuilds exactly the state it had published, the restarted service is back in the
// same hand with the same record, and the log keeps every record once.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Decision, PROCEDURE_KINDS } from '../../src/engine/hand/decisions.js';
import { MemoryLog, type SessionState, TableSession } from '../../src/session/index.js';
import { type SimHandReport, type SimMoment, Simulator } from '../../src/sim/index.js';
import { SqliteEventLog } from '../../src/store/index.js';
import { validateHardwareFile } from '../../src/table/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const HARDWARE = join(ROOT, 'hardware/tables/sim-table.json');
/** the dealer's and the rules' decisions (the cards dealt, the posts, an uncalled bet's return, the burns, the bets
 * collected, an unshown muck, the pots' awards): not a player's action */
const DEALS: ReadonlySet<string> = new Set([
  'dealHole',
  'dealBoard',
  'postSb',
  'postBb',
  'postAnte',
  'uncalled',
  ...PROCEDURE_KINDS,
]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the commentator's view of F's /api/state (RoleView), the fields a restart must reproduce */
interface StateView {
  wall: number;
  handNo: number;
  phase: string;
  street: string;
  board: string[];
  decisions: Decision[];
  seats: { seat: number; stack: number; committed: number; cards: string[]; folded: boolean }[];
  alerts: { id: number; code: string; acknowledged: boolean; source: 'hand' | 'table' }[];
  pots: { amount: number }[];
  next?: { toAct: number } | null;
}

/** what the PHH lines said of each decision: its kind, seat, amount to and cards */
const handRecord = (decisions: readonly Decision[]) =>
  decisions.map((d) => ({ kind: d.kind, seat: d.seat, to: d.to, cards: d.cards }));

function essentials(v: Omit<StateView, 'wall'>) {
  return {
    handNo: v.handNo,
    phase: v.phase,
    street: v.street,
    board: v.board,
    decisions: handRecord(v.decisions),
    seats: v.seats.map((s) => ({
      seat: s.seat,
      stack: s.stack,
      committed: s.committed,
      cards: s.cards,
      folded: s.folded,
    })),
    alerts: v.alerts
      .filter((a) => a.source === 'hand')
      .map((a) => ({ id: a.id, code: a.code, acknowledged: a.acknowledged })),
    pots: v.pots.map((p) => p.amount),
  };
}

function sessionEssentials(s: SessionState) {
  const h = s.hand;
  return essentials({
    handNo: s.handNo,
    phase: h.phase,
    street: h.street,
    board: h.board,
    decisions: h.decisions,
    seats: h.seats,
    alerts: h.alerts.map((a) => ({ ...a, source: 'hand' as const })),
    pots: h.pots,
  });
}

class Service {
  proc: ChildProcess | null = null;
  url = '';
  token = '';
  dealerToken = '';
  /** the dealer's tablet: the simulator's taps (say check, ...) go to the service through its websocket */
  tablet: WebSocket | null = null;
  constructor(
    readonly dir: string,
    readonly bridge: string,
    readonly panel: string,
  ) {}

  async start(): Promise<void> {
    const args = ['start', '--serial', this.bridge, '--panel', this.panel, '--hardware', HARDWARE, '--data', this.dir];
    args.push('--port', '0', '--host', '127.0.0.1', '--seats', '6', '--stack', '10000', '--blinds', '50/100');
    const proc = spawn(process.execPath, [join(ROOT, 'bin/feltwire.js'), ...args], { cwd: ROOT });
    this.proc = proc;
    proc.stderr?.on('data', (d: Buffer) => process.stderr.write(`[service] ${d}`));
    const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the service did not start')), 20_000);
      proc.on('exit', (code) => reject(new Error(`the service exited (${code})`)));
      lines.on('line', (line) => {
        const tok = /^\s+(commentator|dealer)\s+(\S+)/.exec(line);
        if (tok?.[1] === 'commentator') this.token = tok[2];
        if (tok?.[1] === 'dealer') this.dealerToken = tok[2];
        const live = /feltwire live on (http:\/\/\S+)/.exec(line);
        if (live) {
          this.url = live[1];
          clearTimeout(timer);
          resolve();
        }
      });
    });
    if (!this.token || !this.dealerToken) {
      const tokens = JSON.parse(readFileSync(join(this.dir, 'tokens.json'), 'utf8')) as Record<string, string>;
      this.token ||= tokens.commentator;
      this.dealerToken ||= tokens.dealer;
    }
    const tablet = new WebSocket(`${this.url.replace(/^http/, 'ws')}/ws?token=${this.dealerToken}`);
    await new Promise<void>((resolve, reject) => {
      tablet.once('open', () => resolve());
      tablet.once('error', reject);
    });
    this.tablet = tablet;
  }

  /** a tap on the dealer's tablet (dropped while the service is down, as a real tablet's would be) */
  tap(msg: { seat: number; say: string }): void {
    if (this.tablet?.readyState === WebSocket.OPEN)
      this.tablet.send(JSON.stringify({ type: 'say', seat: msg.seat, say: msg.say }));
  }

  async state(): Promise<StateView> {
    const res = await fetch(`${this.url}/api/state?token=${this.token}`);
    const body = (await res.json()) as { view: StateView };
    return body.view;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    this.tablet?.terminate();
    this.tablet = null;
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      proc.removeAllListeners('exit');
      proc.on('exit', () => resolve());
      proc.kill(signal);
    });
  }
}

/** The session rebuilt from a copy of the killed service's log, cut at the wall time of the published view (the
 * service logs before it acts, so the log may hold an event the view had not shown yet). */
function recoveredAt(dir: string, handNo: number, wall: number): SessionState {
  const copy = mkdtempSync(join(tmpdir(), 'feltwire-copy-'));
  for (const f of ['feltwire-log.sqlite', 'feltwire-log.sqlite-wal']) {
    if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(copy, f));
  }
  const log = SqliteEventLog.open(copy, { notify: () => {} });
  const cut = new MemoryLog();
  for (const r of log.records()) {
    if (r.hand > handNo) break;
    if (r.hand === handNo && r.wall > wall) break;
    cut.append(r.kind, r.hand, r.data, r.wall);
  }
  log.close();
  const session = TableSession.recover(cut, {
    config: {
      ruleset: 'tda',
      seats: {},
      button: 1,
      blinds: [50, 100],
      bbAnte: 0,
      absent: [],
      chips: [25],
      motionMs: 700,
      orderKnown: true,
    },
  });
  const s = session.snapshot();
  session.close();
  return s;
}

const POINTS: [string, (v: StateView) => boolean][] = [
  ['during the deal', (v) => v.phase === 'dealing' && v.seats.some((s) => s.cards.length > 0)],
  [
    'mid-round',
    (v) => v.phase === 'betting' && v.street !== 'preflop' && !DEALS.has(v.decisions[v.decisions.length - 1].kind),
  ],
  // the river betting is over and the hand waits for the cards to be tabled (a river check reaches the service only
  // as the dealer's tablet tap: Service.tap forwards the simulator's taps to the dealer websocket)
  ['during the showdown', (v) => v.phase === 'showdown'],
];

/** the log's records as they are on disk now (a copy, so that the running service is not disturbed) */
function snapshotLog(dir: string): { seq: number; hand: number; kind: string; data: string }[] {
  const copy = mkdtempSync(join(tmpdir(), 'feltwire-copy-'));
  for (const f of ['feltwire-log.sqlite', 'feltwire-log.sqlite-wal']) {
    if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(copy, f));
  }
  const log = SqliteEventLog.open(copy, { notify: () => {} });
  const out = [...log.records()].map((r) => ({ seq: r.seq, hand: r.hand, kind: r.kind, data: JSON.stringify(r.data) }));
  log.close();
  return out;
}

/** Holds the simulated table at its decision points (SimulatorOptions.gate): nothing moves until the test says so. */
class Conductor {
  private held: { moment: SimMoment; go: () => void } | null = null;
  private waiters: Array<(m: SimMoment) => void> = [];
  private free = false;
  readonly gate = (moment: SimMoment): Promise<void> | undefined => {
    if (this.free) return undefined;
    return new Promise<void>((go) => {
      this.held = { moment, go };
      for (const w of this.waiters.splice(0)) w(moment);
    });
  };
  /** the decision point the simulator is held at (once it gets there) */
  at(timeoutMs = 60_000): Promise<SimMoment> {
    const held = this.held;
    if (held) return Promise.resolve(held.moment);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the simulator reached no decision point')), timeoutMs);
      this.waiters.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }
  /** the held move is made; the simulator is held again at the next decision point */
  step(): Promise<SimMoment> {
    const held = this.held;
    this.held = null;
    held?.go();
    return this.at();
  }
  /** the table plays on, held no more */
  release(): void {
    this.free = true;
    const held = this.held;
    this.held = null;
    held?.go();
  }
}

const playerActions = (decisions: readonly Decision[]) => decisions.filter((d) => !DEALS.has(d.kind));
const PLAYER_KINDS = new Set(['fold', 'check', 'call', 'bet', 'raise']);

/**
 * Hand 1 is held at its first preflop turn; once the service has published the deal, it is SIGKILLed. While it is
 * down the players act in turn, one held step at a time, for as long as each faces a bet (a check would be the
 * dealer's tap on the tablet, which goes nowhere while the service is down); the table is then held at its next
 * decision point (the collection of the round, or a check) while the service restarts, until the service has read
 * the readers' first inventory (its view shows every action taken while it was down). Then the table plays on.
 */
async function killDuringPreflop(
  seed: number,
  pace: ConstructorParameters<typeof Simulator>[0]['pace'],
  body: (ctx: {
    dir: string;
    service: Service;
    view: StateView;
    down: SimMoment['snap']['decisions'];
    reports: Map<number, SimHandReport>;
  }) => Promise<void>,
): Promise<void> {
  expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'feltwire-kill-'));
  const hardware = validateHardwareFile(JSON.parse(readFileSync(HARDWARE, 'utf8')));
  const conductor = new Conductor();
  const sim = new Simulator({ hardware, seed, speed: 4, pace, floorDecision: () => {}, gate: conductor.gate });
  const reports = new Map<number, SimHandReport>();
  sim.on('hand', (r) => reports.set(r.hand, r));
  sim.registry.save(join(dir, 'registry.json'));
  const paths = await sim.connectPty({ bridgeLink: join(dir, 'bridge'), panelLink: join(dir, 'panel') });
  const service = new Service(dir, paths.bridge, paths.panel as string);
  sim.on('tablet', (ev) => service.tap(ev));
  let playing: Promise<unknown> = Promise.resolve();
  try {
    await service.start();
    playing = sim.run(20).catch(() => []);
    // the table held at hand 1's first preflop turn: nobody has acted
    const first = await conductor.at();
    expect([first.hand, first.kind, first.snap.street]).toEqual([1, 'turn', 'preflop']);
    expect(first.snap.decisions.filter((d) => PLAYER_KINDS.has(d.kind))).toEqual([]);
    // ... and the service has published the deal
    let view: StateView | null = null;
    for (let i = 0; i < 2000 && !view; i++) {
      const v = await service.state().catch(() => null);
      const dealt = v?.seats.every((x) => x.cards.length === 2) ?? false;
      if (v && v.phase === 'betting' && v.street === 'preflop' && dealt) view = v;
      else await sleep(15);
    }
    expect(view, 'the service never published the deal').not.toBeNull();
    if (!view) return;
    expect(playerActions(view.decisions)).toEqual([]);
    await service.kill('SIGKILL');
    // while down: the players facing a bet act in turn, one at a time
    let held = first;
    while (held.kind === 'turn' && held.snap.street === 'preflop' && (held.snap.next?.toCall ?? 0) > 0)
      held = await conductor.step();
    const down = held.snap.decisions.filter((d) => PLAYER_KINDS.has(d.kind));
    expect(down.length, 'actions were taken while the service was down').toBeGreaterThan(0);
    await service.start();
    // the table held until the restarted service has read the readers' first inventory: nothing moves meanwhile, so
    // its view comes to the table as it stands (the chips in every zone, whose turn it is) only by that reading
    const standing = (v: StateView) =>
      v.handNo === view.handNo &&
      playerActions(v.decisions).length > 0 &&
      v.phase === held.snap.phase &&
      (v.next?.toAct ?? null) === (held.snap.next?.toAct ?? null) &&
      v.seats.every((x) => x.committed === held.snap.seats.find((y) => y.seat === x.seat)?.committed);
    let read: StateView | null = null;
    for (let i = 0; i < 2000 && !read; i++) {
      const v = await service.state().catch(() => null);
      if (v && standing(v)) read = v;
      else await sleep(15);
    }
    expect(read, 'the restarted service never read the actions taken while it was down').not.toBeNull();
    conductor.release();
    await body({ dir, service, view, down, reports });
  } finally {
    conductor.release();
    await service.kill('SIGKILL');
    sim.stop();
    await sim.close();
    await playing;
  }
}

describe('SIGKILL of the live service in the middle of a hand', () => {
  it.each(POINTS)(
    'killed %s: the log rebuilds the state it had published; restarted, it is in that hand again, nothing lost or doubled',
    async (name, at) => {
      expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
      const dir = mkdtempSync(join(tmpdir(), 'feltwire-kill-'));
      const hardware = validateHardwareFile(JSON.parse(readFileSync(HARDWARE, 'utf8')));
      const sim = new Simulator({
        hardware,
        seed: 4242,
        speed: 4,
        pace: { collectMs: 900, motionGapMs: 900, handGapMs: 1500 },
        floorDecision: () => {},
      });
      sim.registry.save(join(dir, 'registry.json'));
      const paths = await sim.connectPty({ bridgeLink: join(dir, 'bridge'), panelLink: join(dir, 'panel') });
      const service = new Service(dir, paths.bridge, paths.panel as string);
      sim.on('tablet', (ev) => service.tap(ev));
      let playing: Promise<unknown> = Promise.resolve();
      try {
        await service.start();
        playing = sim.run(20).catch(() => []);
        let view: StateView | null = null;
        for (let i = 0; i < 4000 && !view; i++) {
          const v = await service.state().catch(() => null);
          if (process.env.DEBUG_KILL && v && i % 20 === 0) {
            process.stdout.write(
              `#${v.handNo} ${v.phase}/${v.street} ${v.decisions
                .slice(-2)
                .map((d) => `${d.kind}:${d.seat}`)
                .join(',')} ${v.alerts.map((a) => a.code).join(',')}\n`,
            );
          }
          if (v && at(v)) view = v;
          else await sleep(15);
        }
        expect(view, `never reached the point: ${name}`).not.toBeNull();
        if (!view) return;
        await service.kill('SIGKILL');
        const atKill = snapshotLog(dir);

        // the log rebuilds the state the service had published when it died
        const rebuilt = recoveredAt(dir, view.handNo, view.wall);
        expect(sessionEssentials(rebuilt)).toEqual(essentials(view));

        // restarted on the same data folder and the same table, it is in the same hand with the same record so far
        await service.start();
        const after = await service.state();
        expect(after.handNo).toBe(view.handNo);
        expect(handRecord(after.decisions.slice(0, view.decisions.length))).toEqual(handRecord(view.decisions));

        // no record lost or doubled: the log after the restart begins with exactly the records there at the kill
        await sleep(1000);
        await service.kill('SIGTERM');
        const final = snapshotLog(dir);
        expect(final.slice(0, atKill.length)).toEqual(atKill);
        expect(new Set(final.map((r) => r.seq)).size).toBe(final.length);
      } finally {
        await service.kill('SIGKILL');
        sim.stop();
        await sim.close();
        await playing;
      }
    },
    120_000,
  );

  it('killed during preflop betting while players fold into the muck: after the restart those folds are folds (no CARD_DUPLICATE) and the hand pays out as the table played it', async () => {
    // seed 4242, hand 1 preflop: seat 4 folds, 5, 6 and 1 call, 2 raises, 3 calls, 5 folds, 6 and 1 call: all while
    // the service is down; the round's collection waits for the restarted service to have read them
    await killDuringPreflop(
      4242,
      { actionMs: 250, collectMs: 900, motionGapMs: 900, handGapMs: 1500 },
      async ({ dir, service, view, down, reports }) => {
        const folds = down.filter((d) => d.kind === 'fold').map((d) => d.seat);
        expect(folds.length, 'players folded into the muck while the service was down').toBeGreaterThan(0);
        let after: StateView | null = null;
        for (let i = 0; i < 2000; i++) {
          const v = await service.state().catch(() => null);
          if (v && v.handNo > view.handNo && reports.has(1)) {
            after = v;
            break;
          }
          await sleep(20);
        }
        expect(after, 'the hand never ended after the restart').not.toBeNull();
        await service.kill('SIGTERM');
        const recs = snapshotLog(dir);
        const hand = recs.filter((r) => r.hand === view.handNo);
        const alerts = hand
          .filter((r) => r.kind === 'tableAlert' || r.kind === 'event')
          .map((r) => r.data)
          .join('\n');
        expect(alerts).not.toContain('CARD_DUPLICATE');
        // those folds are folds, read at resume
        const rebuilt = recoveredAt(dir, view.handNo, Number.POSITIVE_INFINITY);
        const readFolds = rebuilt.hand.decisions.filter((d) => d.atResume && d.kind === 'fold').map((d) => d.seat);
        expect(readFolds).toEqual(folds);
        const end = hand.find((r) => r.kind === 'handEnd');
        expect(end, 'the hand has an end in the log').toBeDefined();
        const played = reports.get(1);
        expect(played?.complete).toBe(true);
        expect((JSON.parse(end?.data ?? '{}') as { stacks: Record<string, number> }).stacks).toEqual(played?.stacks);
      },
    );
  }, 120_000);
  it('issue 27: killed during the preflop betting, the next seats act in turn while it is down: after the restart those actions are read in turn (no ACTION_OUT_OF_TURN), logged as read at resume, one info for the floor, and the hand pays out as the table played it', async () => {
    // seed 2727, hand 1 preflop: seat 4 folds, 5 and 6 call, 1 folds, 2 completes, all while the service is down;
    // the big blind's check (a tap on the tablet) waits for the restarted service to have read them
    await killDuringPreflop(
      2727,
      { actionMs: 250, motionGapMs: 250, tapMs: 100, collectMs: 900, handGapMs: 1500 },
      async ({ dir, service, view, down, reports }) => {
        for (let i = 0; i < 3000 && !reports.has(1); i++) await sleep(20);
        for (let i = 0; i < 500; i++) {
          const v = await service.state().catch(() => null);
          if (v && v.handNo > view.handNo) break;
          await sleep(20);
        }
        await service.kill('SIGTERM');
        const played = reports.get(1);
        expect(played?.complete, 'the simulator finished the hand').toBe(true);
        // the hand as the restarted service's log has it, to its end
        const hand = recoveredAt(dir, view.handNo, Number.POSITIVE_INFINITY);
        const read = hand.hand.decisions.filter((d) => d.atResume);
        // exactly the actions taken while it was down, in the order they were taken
        expect(read.map((d) => `${d.street} ${d.kind} ${d.seat} ${d.to}`)).toEqual(
          down.map((d) => `${d.street} ${d.kind} ${d.seat} ${d.to}`),
        );
        expect(hand.hand.alerts.map((a) => a.code)).not.toContain('ACTION_OUT_OF_TURN');
        const resumeAlerts = hand.tableAlerts.filter((a) => a.hand === view.handNo && a.code.startsWith('RESUME_'));
        expect(resumeAlerts.map((a) => [a.code, a.severity])).toEqual(
          read.some((d) => d.source === 'chips') ? [['RESUME_CHIPS_CHANGED', 'info']] : [],
        );
        expect(hand.handOver).toBe(true);
        expect(hand.hand.stacks).toEqual(played?.stacks);
      },
    );
  }, 120_000);
  it('killed during the flop betting while a board card is lifted away: restarted, the hand is stopped for the floor (RESUME_CARD_GONE on the dealer and floor views, no hole card in it) and nothing is paid', async () => {
    expect(existsSync(join(ROOT, 'dist/src/cli/main.js')), 'run npm run build').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-kill-'));
    const hardware = validateHardwareFile(JSON.parse(readFileSync(HARDWARE, 'utf8')));
    const sim = new Simulator({
      hardware,
      seed: 4242,
      speed: 4,
      pace: { collectMs: 900, motionGapMs: 900, handGapMs: 1500 },
      floorDecision: () => {},
    });
    sim.registry.save(join(dir, 'registry.json'));
    const paths = await sim.connectPty({ bridgeLink: join(dir, 'bridge'), panelLink: join(dir, 'panel') });
    const service = new Service(dir, paths.bridge, paths.panel as string);
    sim.on('tablet', (ev) => service.tap(ev));
    let playing: Promise<unknown> = Promise.resolve();
    const roleState = async (role: 'dealer' | 'floor') => {
      const tokens = JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')) as Record<string, string>;
      const res = await fetch(`${service.url}/api/state?token=${tokens[role]}`);
      return ((await res.json()) as { view: { handNo: number; alerts: AlertLike[] } }).view;
    };
    interface AlertLike {
      code: string;
      severity: string;
      hand: number;
      message: string;
      facts?: { zone?: string };
    }
    try {
      await service.start();
      playing = sim.run(20).catch(() => []);
      let view: StateView | null = null;
      for (let i = 0; i < 4000 && !view; i++) {
        const v = await service.state().catch(() => null);
        if (v && v.phase === 'betting' && v.street === 'flop' && v.board.length === 3) view = v;
        else await sleep(15);
      }
      expect(view, 'never reached the flop betting').not.toBeNull();
      if (!view) return;
      await service.kill('SIGKILL');
      // while the service is down the flop's middle card is lifted off the board, to nowhere a reader sees
      const deck = sim.registry.deckInPlay as string;
      const uid = sim.registry.uidOfCard(deck, view.board[1]).toUpperCase();
      let lifted = false;
      for (const a of sim.antennas.antennasOf('board')) {
        const on = sim.wire.inventory(a).find((u) => u.toUpperCase() === uid);
        if (on) {
          sim.wire.leave(a, on);
          lifted = true;
        }
      }
      expect(lifted, 'the board card was on a board antenna').toBe(true);
      const hole = view.seats.flatMap((s) => s.cards);
      expect(hole.length).toBeGreaterThan(0);
      await service.start();
      let stop: AlertLike | undefined;
      for (let i = 0; i < 500 && !stop; i++) {
        const d = await roleState('dealer').catch(() => null);
        stop = d?.alerts.find((a) => a.code === 'RESUME_CARD_GONE');
        if (!stop) await sleep(20);
      }
      expect(stop, 'the dealer sees the stop').toBeDefined();
      expect(stop).toMatchObject({ severity: 'stop', hand: view.handNo, facts: { zone: 'board' } });
      for (const role of ['dealer', 'floor'] as const) {
        const v = await roleState(role);
        expect(v.alerts.some((a) => a.code === 'RESUME_CARD_GONE' && a.severity === 'stop')).toBe(true);
        const text = JSON.stringify(v.alerts);
        for (const c of hole) expect(text, `${role} alerts name ${c}`).not.toMatch(new RegExp(`\\b${c}\\b`));
      }
      // the table plays the hand out and shuffles for the next: the stopped hand is never paid (no hand end);
      // the shuffle voids it and the next hand begins on the stacks it began with
      let next: StateView | null = null;
      for (let i = 0; i < 1500 && !next; i++) {
        const v = await service.state().catch(() => null);
        if (v && v.handNo > view.handNo) next = v;
        else await sleep(20);
      }
      expect(next, 'the next hand began').not.toBeNull();
      await service.kill('SIGTERM');
      const recs = snapshotLog(dir);
      const hand = recs.filter((r) => r.hand === view?.handNo);
      expect(hand.some((r) => r.kind === 'handEnd')).toBe(false);
      expect(hand.some((r) => r.kind === 'tableAlert' && r.data.includes('HAND_VOID'))).toBe(true);
      const config = (h: number) =>
        (
          JSON.parse(recs.filter((r) => r.hand === h && r.kind === 'hand').at(-1)?.data ?? '{}') as {
            config?: { seats: Record<string, number> };
          }
        ).config?.seats;
      expect(config(view.handNo + 1)).toEqual(config(view.handNo));
    } finally {
      await service.kill('SIGKILL');
      sim.stop();
      await sim.close();
      await playing;
    }
  }, 120_000);
});
