// Nothing left behind, nothing open to other local accounts: the built `feltwire room --sim 1 --engines system`
// (Debian's Mosquitto and PostgreSQL started by the room) is SIGKILLed; its watchdog ends both engines; started
// again on the same data folder it comes up. Its PostgreSQL listens on no TCP port, only on a unix socket in a 0700
// folder: another local account (nobody) cannot connect; a stale postmaster.pid is recognised at the next start.
// The room's data folder is private (0700, or 0710 to group postgres when root runs the cluster in it) and its files
// 0600, the embedded SQLite archive too.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RoomArchive } from '../../src/room/archive.js';
import { postgresBinDir, startPostgres } from '../../src/room/enginePostgres.js';
import { mosquittoInstalled } from '../../src/room/engines.js';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/feltwire.js');
const built = existsSync(join(REPO, 'dist/src/cli/commands/room.js'));
const asRoot = process.getuid?.() === 0;
const pgBin = postgresBinDir();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const pidIn = (file: string) => Number.parseInt(readFileSync(file, 'utf8').split('\n')[0], 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && alive(pid)) await sleep(100);
  return !alive(pid);
}
const tcpOpen = (port: number) =>
  new Promise<boolean>((r) => {
    const s = new Socket();
    s.once('connect', () => {
      s.destroy();
      r(true);
    });
    s.once('error', () => r(false));
    s.connect(port, '127.0.0.1');
  });

function startRoom(data: string): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(
    process.execPath,
    [
      CLI,
      'room',
      '--sim',
      '1',
      '--engines',
      'system',
      '--pace',
      'fast',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      data,
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let text = '';
  const ready = new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`not ready: ${text}`)), 60_000);
    const read = (d: Buffer) => {
      text += d.toString();
      if (/feltwire room on http/.test(text)) {
        clearTimeout(timer);
        res(text);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      rej(new Error(`exited: ${text}`));
    });
  });
  ready.catch(() => {});
  return { child, ready };
}

describe('room engines: private, and gone with the room', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-engines-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the embedded SQLite archive is 0600', async () => {
    const path = join(dir, 'embedded.sqlite');
    const a = await RoomArchive.open({ kind: 'sqlite', path });
    await a.lastStored();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    for (const side of ['-wal', '-shm'])
      if (existsSync(path + side)) expect(statSync(path + side).mode & 0o777).toBe(0o600);
    await a.close();
  });

  it.runIf(pgBin !== null)(
    'PostgreSQL: no TCP port, a 0700 socket folder another account cannot use; a stale pid file is no obstacle',
    async () => {
      const pgDir = join(dir, 'pg');
      const pg = await startPostgres({ dir: pgDir });
      try {
        expect(pg.url).toContain(encodeURIComponent(pg.socketDir));
        expect(await tcpOpen(pg.port)).toBe(false);
        expect(statSync(pg.socketDir).mode & 0o777).toBe(0o700);
        const a = await RoomArchive.open({ kind: 'postgres', url: pg.url });
        expect((await a.lastStored()).size).toBe(0);
        await a.close();
        if (asRoot) {
          const r = spawnSync(
            'runuser',
            [
              '-u',
              'nobody',
              '--',
              join(pgBin as string, 'psql'),
              '-h',
              pg.socketDir,
              '-p',
              String(pg.port),
              '-U',
              'postgres',
              '-c',
              'SELECT 1',
            ],
            { encoding: 'utf8' },
          );
          expect(r.status).not.toBe(0);
          expect(r.stderr).toMatch(/Permission denied|No such file/);
        }
      } finally {
        await pg.stop();
      }
      // a postmaster.pid left by a cluster that died (its process is gone): the next start takes no notice of it
      const dead = spawnSync('true').pid as number;
      const pidFile = join(pgDir, 'pgdata', 'postmaster.pid');
      writeFileSync(pidFile, `${dead}\n${join(pgDir, 'pgdata')}\n`);
      if (asRoot) execFileSync('chown', ['postgres:postgres', pidFile]);
      const again = await startPostgres({ dir: pgDir });
      expect(alive(pidIn(pidFile))).toBe(true);
      await again.stop();
    },
    120_000,
  );

  it.runIf(built && mosquittoInstalled() && pgBin !== null)(
    'room --sim SIGKILLed: Mosquitto and PostgreSQL end with it; it starts again on the same folder',
    async () => {
      const data = join(dir, 'room');
      const first = startRoom(data);
      children.push(first.child);
      await first.ready;
      const mq = pidIn(join(data, 'mosquitto', 'mosquitto.pid'));
      const pm = pidIn(join(data, 'postgres', 'pgdata', 'postmaster.pid'));
      expect(alive(mq) && alive(pm)).toBe(true);
      // private: the data folder (0710 to group postgres when root runs the cluster in it), its files 0600
      const mode = statSync(data).mode & 0o777;
      expect(asRoot ? [0o700, 0o710] : [0o700]).toContain(mode);
      for (const f of ['room-token.json', 'room-accounts.json'])
        expect(statSync(join(data, f)).mode & 0o777, f).toBe(0o600);

      first.child.kill('SIGKILL');
      expect(await gone(mq, 15_000), 'mosquitto gone').toBe(true);
      expect(await gone(pm, 15_000), 'postgres gone').toBe(true);

      const second = startRoom(data);
      children.push(second.child);
      const text = await second.ready;
      expect(text).toMatch(/Mosquitto on mqtt:/);
      const mq2 = pidIn(join(data, 'mosquitto', 'mosquitto.pid'));
      const pm2 = pidIn(join(data, 'postgres', 'pgdata', 'postmaster.pid'));
      // a SIGHUP (the terminal closed) with no handler of its own: the engines end too
      second.child.kill('SIGHUP');
      expect(await gone(mq2, 15_000), 'mosquitto gone after SIGHUP').toBe(true);
      expect(await gone(pm2, 15_000), 'postgres gone after SIGHUP').toBe(true);
    },
    180_000,
  );
});
