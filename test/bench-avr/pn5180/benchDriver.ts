// The bench process (test/bench-avr/pn5180/build/bench) as bench.test.ts drives it: its commands on stdin, its lines
// and STATS on stdout; the deck's and the chips' UIDs the bench places.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('./', import.meta.url));

export const RANKS = '23456789TJQKA';
export const SUITS = 'cdhs';
export const CARDS = [...SUITS].flatMap((s) => [...RANKS].map((r) => `${r}${s}`));
/** NTAG-like 7-byte UIDs (NXP manufacturer byte 04) and ISO 15693 8-byte UIDs (E0 04 ...) */
export const cardUid = (i: number) => `04A1${(0x100000 + i * 0x3f1).toString(16).toUpperCase().padStart(10, '0')}`;
export const chipUid = (i: number) =>
  `E0040150${(0x10000 + i * 0x9e3779).toString(16).toUpperCase().slice(-8).padStart(8, '0')}`;
export const DENOMS = [25, 100, 500, 1000];
export const denomOf = (i: number) => DENOMS[i % DENOMS.length];

export interface Stats {
  simMs: number;
  cardLatencyMaxMs: number;
  chipLatencyMaxMs: number;
  goneLatencyMaxMs: number;
  unreported: number;
  hbScanMsMax: number;
  stackBytes: number;
  heapEnd: number;
  /** since the start: the latest a reader's BUSY pin fell after the model's BUSY ended (the bench's own timing) */
  busyLateUs: number;
  maxGapMs: number[];
  /** per antenna: ISO 15693 air time of its last complete inventory (frames, t1, answers or SOF windows, t2) */
  invAirMs: number[];
  /** per antenna: the same inventory from its probe's start to its last slot's end (its air time plus the Mega's
   * reaction between frames: what the zone's neighbours on its reader wait for) */
  invWallMs: number[];
  /** per antenna: ISO 15693 inventories closed so far (the zone's next probe closes one) */
  invClosed: number[];
  violations: number;
  earlyRequests: number;
  badSofFrames: number;
  focusFrames: number;
  /** exchanges sent while another reader's frame or answer was on air (the lockstep rounds) */
  overlapped: number;
  exchanges: number;
  /** since the last reset: from a 16-slot round slot's outcome known (nobody answered / answered) to the host's
   * next SEND_DATA on that reader: the Mega's reaction a slot (its mean in us, the longest, how many) */
  slotLagUs: [number, number];
  slotLagMaxUs: [number, number];
  slotLagN: [number, number];
}

export const lagOf = (st: Stats) =>
  `the Mega's reaction a 16-slot round slot (its outcome known to its next SEND_DATA): empty ${st.slotLagUs[0]} us (${st.slotLagN[0]}, longest ${st.slotLagMaxUs[0]}), answered ${st.slotLagUs[1]} us (${st.slotLagN[1]}, longest ${st.slotLagMaxUs[1]})`;

export class Bench {
  private readonly proc: ChildProcess;
  private readonly waiters: Array<(line: string) => boolean> = [];
  readonly lines: string[] = [];
  constructor(hex: string) {
    this.proc = spawn(`${BENCH}build/bench`, [hex], { stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: this.proc.stdout as NodeJS.ReadableStream }).on('line', (l) => {
      this.lines.push(l);
      for (let i = 0; i < this.waiters.length; i++)
        if (this.waiters[i](l)) {
          this.waiters.splice(i, 1);
          break;
        }
    });
  }
  next(match: (l: string) => boolean, ms = 20_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bench: no line in ${ms} ms`)), ms);
      this.waiters.push((l) => {
        if (!match(l)) return false;
        clearTimeout(timer);
        resolve(l);
        return true;
      });
    });
  }
  send(...cmds: string[]): void {
    this.proc.stdin?.write(`${cmds.join('\n')}\n`);
  }
  async stats(): Promise<Stats> {
    const line = this.next((l) => l.startsWith('STATS '));
    this.send('stats');
    return JSON.parse((await line).slice(6)) as Stats;
  }
  kill(): void {
    this.proc.kill('SIGKILL');
  }
}

export async function until(what: string, cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
