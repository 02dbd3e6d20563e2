// Issue 25, the clock on the tables (room side): the room's tournament link (src/room/tournamentLink.ts) pushes the
// clock fact with the room settings on every change (a pause, a resume, time added, a new level or a break), and
// not otherwise (the tables count down on their own clock). The room's context is a fake that keeps what was pushed;
// the tournament clock runs on an injected monotonic clock, the link's timers are vitest's fake timers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFactOf } from '../../src/room/clockPush.js';
import type { RoomBreak, RoomClock, SettingsMessage } from '../../src/room/protocol.js';
import type { RoomContext } from '../../src/room/roomAttach.js';
import { RoomTournament } from '../../src/room/roomTournament.js';
import { validateStructure } from '../../src/tournament/structure.js';

const structure = validateStructure({
  name: 'clock test',
  startingStack: 1000,
  chips: [25, 100, 500],
  lateRegistrationLevels: 0,
  payouts: [100],
  levels: [
    { sb: 25, bb: 50, minutes: 10 },
    { break: 5, colourUp: [25] },
    { sb: 100, bb: 200, bbAnte: 200, minutes: 10 },
  ],
});

const players = ['Ana', 'Bea', 'Cyd', 'Dov'].map((name, i) => ({ id: `p${i + 1}`, name, country: 'FR' }));

describe('the room pushes its tournament clock to the tables', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('clockFactOf: the level, its blinds, the time left and what comes next', () => {
    let mono = 0;
    const dir = mkdtempSync(join(tmpdir(), 'fw-clockfact-'));
    dirs.push(dir);
    const t = RoomTournament.open({
      dataDir: dir,
      structure,
      players,
      tableIds: ['1'],
      maxSeats: 6,
      buyIn: 10,
      seed: 1,
      mono: () => mono,
    });
    mono = 3 * 60_000;
    expect(clockFactOf(t.floor.clock.status())).toEqual({
      level: 1,
      isBreak: false,
      leftMs: 7 * 60_000,
      running: true,
      blinds: [25, 50],
      bbAnte: 0,
      next: { isBreak: true, minutes: 5 },
    });
    mono = 12 * 60_000;
    expect(clockFactOf(t.floor.clock.status())).toEqual({
      level: 2,
      isBreak: true,
      leftMs: 3 * 60_000,
      running: true,
      blinds: [100, 200],
      bbAnte: 200,
      next: { isBreak: false, level: 2, blinds: [100, 200], bbAnte: 200 },
    });
  });

  it('on a pause, a resume, time added, a break and a new level; nothing while the clock just runs', async () => {
    vi.useFakeTimers();
    let mono = 0;
    const dir = mkdtempSync(join(tmpdir(), 'fw-clockpush-'));
    dirs.push(dir);
    const t = RoomTournament.open({
      dataDir: dir,
      structure,
      players,
      tableIds: ['1'],
      maxSeats: 6,
      buyIn: 10,
      seed: 1,
      mono: () => mono,
    });
    const pushed: Array<{ breaks: RoomBreak[]; clock: RoomClock | undefined; level: SettingsMessage['level'] }> = [];
    let settings: SettingsMessage | null = null;
    const ctx: RoomContext = {
      publish: async () => {},
      connected: () => true,
      settings: () => settings,
      setSettings: async (level, breaks = [], clock) => {
        pushed.push({ level, breaks, clock });
        settings = { v: 1, kind: 'settings', version: pushed.length, level, breaks, sent: 0, clock };
        return settings;
      },
      say: () => {},
    };
    const a = t.attach(ctx);
    a.onConnect();
    await vi.advanceTimersByTimeAsync(600);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.clock).toMatchObject({ level: 1, isBreak: false, leftMs: 10 * 60_000, running: true });

    // the clock runs: the tables count it down themselves, nothing is pushed
    mono = 60_000;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(pushed).toHaveLength(1);

    t.clockOp('pause');
    expect(pushed.at(-1)?.clock).toMatchObject({ level: 1, leftMs: 9 * 60_000, running: false });
    mono = 5 * 60_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pushed).toHaveLength(2);
    t.clockOp('resume');
    expect(pushed.at(-1)?.clock).toMatchObject({ leftMs: 9 * 60_000, running: true });
    t.clockOp({ addMs: 60_000 });
    expect(pushed.at(-1)?.clock).toMatchObject({ leftMs: 10 * 60_000, running: true });
    expect(pushed).toHaveLength(4);
    // a clock change alone keeps the level and the breaks in force
    expect(pushed.at(-1)?.level).toEqual({ blinds: [25, 50], bbAnte: 0 });

    // the level ends: the break is pushed with its clock (the blinds after it, the break told to the dealers)
    mono += 10 * 60_000 + 1;
    await vi.advanceTimersByTimeAsync(300);
    const brk = pushed.at(-1);
    expect(brk?.clock).toMatchObject({ isBreak: true, level: 2, running: true });
    expect(brk?.breaks).toHaveLength(1);
    expect(brk?.breaks[0]?.minutes).toBe(5);
    const atBreak = pushed.length;
    // the break ends: level 2, with nothing after it
    mono += 5 * 60_000 + 1;
    await vi.advanceTimersByTimeAsync(300);
    expect(pushed.length).toBe(atBreak + 1);
    expect(pushed.at(-1)?.clock).toMatchObject({ isBreak: false, level: 2, blinds: [100, 200], bbAnte: 200 });
    expect(pushed.at(-1)?.clock?.next).toBeUndefined();
    await a.close();
  });
});
