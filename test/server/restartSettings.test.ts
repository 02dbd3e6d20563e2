// What a crash must not forget or keep: `feltwire start` (the built CLI) in a child process, killed with SIGKILL and
// started again with the same command line, as systemd does after a crash or a power cut.
// - the broadcast delay the floor lengthened is a logged setting: the restart keeps the longest set;
// - the log's lock is the kernel's (SQLite's exclusive lock): a pid left on disk, now another live process's (a
//   reboot reuses pids), does not keep the table down, while a second live service on the data folder is refused.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/store/index.js';
import { startCli } from './startProcess.js';

const REPO = resolve(import.meta.dirname, '../..');
const built = existsSync(join(REPO, 'dist/src/cli/commands/start.js'));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function start(args: string[]) {
  const s = startCli(args);
  children.push(s.child);
  return s;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => {
    if (child.exitCode !== null || child.signalCode !== null) r(child.exitCode);
    else child.once('exit', (code) => r(code));
  });

async function kill9(child: ChildProcess): Promise<void> {
  const done = exited(child);
  child.kill('SIGKILL');
  await done;
}

const tokensOf = (data: string) =>
  JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')) as Record<string, string>;

async function overlayDelay(url: string, data: string): Promise<number> {
  const r = await fetch(`${url}/api/whoami`, { headers: { authorization: `Bearer ${tokensOf(data).overlay}` } });
  return ((await r.json()) as { delayMs: number }).delayMs;
}

describe.runIf(built)('a restart after SIGKILL (built CLI)', () => {
  it('keeps the longest delay the floor set; another --delay on the command line applies as given', async () => {
    const data = mkdtempSync(join(tmpdir(), 'fw-delay-'));
    const args = ['--data', data, '--delay', '1'];
    const first = start(args);
    const url = await first.url;
    expect(await overlayDelay(url, data)).toBe(60_000);
    const floor = { authorization: `Bearer ${tokensOf(data).floor}`, 'content-type': 'application/json' };
    const set = await fetch(`${url}/api/delay`, {
      method: 'POST',
      headers: floor,
      body: JSON.stringify({ ms: 1_800_000 }),
    });
    expect(set.status).toBe(200);
    const shorter = await fetch(`${url}/api/delay`, { method: 'POST', headers: floor, body: '{"ms":600000}' });
    expect(shorter.status).toBe(409);
    await kill9(first.child);

    const second = start(args);
    const url2 = await second.url;
    expect(await overlayDelay(url2, data)).toBe(1_800_000);
    await kill9(second.child);

    // the operator restarts with another --delay: shortening takes a restart (README), and that one is kept
    const third = start(['--data', data, '--delay', '2']);
    const url3 = await third.url;
    expect(await overlayDelay(url3, data)).toBe(120_000);
    await kill9(third.child);
    const fourth = start(['--data', data, '--delay', '2']);
    expect(await overlayDelay(await fourth.url, data)).toBe(120_000);
    await kill9(fourth.child);
  }, 90_000);

  it('opens the log after SIGKILL with another live process on the pid in the old lock file; refuses a second live service', async () => {
    const data = mkdtempSync(join(tmpdir(), 'fw-lock-'));
    const args = ['--data', data];
    const first = start(args);
    await first.url;
    // a second live service on the same data folder: refused, with what is wrong
    const second = start(args);
    const code = await exited(second.child);
    expect(code).not.toBe(0);
    expect(second.out()).toContain('is in use by');
    await kill9(first.child);

    // after a reboot the dead writer's pid belongs to an unrelated live process: written where the pid lock was
    const unrelated = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(unrelated);
    expect(unrelated.pid).toBeGreaterThan(0);
    writeFileSync(join(data, LOCK_FILE), `${unrelated.pid}\n`);
    const restarted = start(args);
    const url = await restarted.url;
    const health = (await (await fetch(`${url}/api/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    // and the lock it holds now is live: one more start is refused
    const third = start(args);
    expect(await exited(third.child)).not.toBe(0);
    expect(third.out()).toContain('is in use by');
    expect(unrelated.exitCode).toBeNull();
    await kill9(restarted.child);
  }, 90_000);
});
