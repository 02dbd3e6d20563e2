// `feltwire room --sim-tournament N` as a newcomer runs it (the built CLI): bad options refused with a clear message
// and exit code 2 (nothing started, nothing written but the data folder), the option in --help, and a tournament of
// 4 players started on the room's app: its TD view behind the room token (401 without it), stopped by SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/feltwire.js');
const built = existsSync(join(REPO, 'dist/src/cli/commands/room.js'));

describe.runIf(built)('feltwire room --sim-tournament N', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-simt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a bad N or options that do not go with it: exit 2, a clear message, no table started', () => {
    const cases: [string[], RegExp][] = [
      [['--sim-tournament', 'x'], /--sim-tournament must be a number of players from 2 to 60: x/],
      [['--sim-tournament', '1'], /from 2 to 60: 1/],
      [['--sim-tournament', '61'], /from 2 to 60: 61/],
      [['--sim-tournament', '2.5'], /from 2 to 60: 2\.5/],
      [['--sim-tournament', '12', '--sim', '2'], /leave out --sim/],
      [['--sim-tournament', '12', '--engines', 'system'], /--engines system is not for it/],
      [['--sim-tournament', '12', '--pace', 'slow'], /--pace must be fast or table: slow/],
    ];
    for (const [k, [args, message]] of cases.entries()) {
      const data = join(dir, `bad-${k}`);
      const r = spawnSync(process.execPath, [CLI, 'room', ...args, '--data', data, '--port', '0'], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(readdirSync(data).filter((f) => f !== 'room-accounts.json')).toEqual([]);
    }
    const help = spawnSync(process.execPath, [CLI, 'room', '--help'], { cwd: REPO, encoding: 'utf8' });
    expect(help.stdout).toMatch(/--sim-tournament N/);
  }, 120_000);

  it('starts a tournament of 4 players: the TD view behind the room token, SIGTERM stops it', async () => {
    const child = spawn(
      process.execPath,
      [
        CLI,
        'room',
        '--sim-tournament',
        '4',
        '--pace',
        'fast',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--data',
        join(dir, 'run'),
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    const url = await new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`not ready: ${text}`)), 60_000);
      const read = (d: Buffer) => {
        text += d.toString();
        const m = /TD's screen: (http:\/\/[^\s]+)/.exec(text);
        if (m) {
          clearTimeout(timer);
          res(m[1] as string);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => rej(new Error(`exited: ${text}`)));
    });
    const u = new URL(url);
    const token = u.searchParams.get('token') ?? '';
    expect(u.pathname).toBe('/tournament.html');
    expect((await fetch(`${u.origin}/api/tournament`)).status).toBe(401);
    const view = (await (
      await fetch(`${u.origin}/api/tournament`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      entrants: number;
      tables: { id: string; players: number }[];
      live: boolean;
    };
    expect(view.live).toBe(true);
    expect(view.entrants).toBe(4);
    expect(view.tables).toEqual([{ id: '1', players: 4 }]);
    // the TD's clock routes: pause (the time left holds), add five minutes, resume
    const post = async (path: string, body?: unknown) =>
      (await (
        await fetch(`${u.origin}/api/tournament/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      ).json()) as { clock: { running: boolean; remainingMs: number } };
    const paused = await post('pause');
    expect(paused.clock.running).toBe(false);
    const added = await post('add-time', { minutes: 5 });
    expect(added.clock.remainingMs - paused.clock.remainingMs).toBe(5 * 60_000);
    expect((await post('resume')).clock.running).toBe(true);
    const code = await new Promise<number | null>((r) => {
      child.once('exit', (c) => r(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 120_000);
});
