// `feltwire start` as a user runs it (the built CLI in a child process): tokens printed once and kept mode 600,
// the service answering, graceful shutdown on SIGTERM, a second start resuming the log without new tokens, and
// token rotation from the command line.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli } from './startProcess.js';

const REPO = resolve(import.meta.dirname, '../..');
const _CLI = join(REPO, 'bin/feltwire.js');
const built = existsSync(join(REPO, 'dist/src/cli/commands/start.js'));

const stop = (child: ChildProcess) =>
  new Promise<number | null>((r) => {
    child.once('exit', (code) => r(code));
    child.kill('SIGTERM');
  });

describe.runIf(built)('feltwire start (built CLI)', () => {
  it('prints tokens once, serves, shuts down cleanly, resumes, rotates', async () => {
    const data = mkdtempSync(join(tmpdir(), 'fw-start-'));
    const first = startCli(['--data', data]);
    const url = await first.url;
    const tokens = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')) as Record<string, string>;
    expect(statSync(join(data, 'tokens.json')).mode & 0o777).toBe(0o600);
    // the data folder is the service's alone: the folder 0700, every file in it 0600 (table.json included)
    expect(statSync(data).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(data)) expect(statSync(join(data, f)).mode & 0o777, f).toBe(0o600);
    for (const role of ['dealer', 'floor', 'commentator', 'overlay']) expect(first.out()).toContain(tokens[role]);
    const health = (await (await fetch(`${url}/api/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    const who = (await (
      await fetch(`${url}/api/whoami`, { headers: { authorization: `Bearer ${tokens.floor}` } })
    ).json()) as { role: string };
    expect(who.role).toBe('floor');
    const page = await fetch(`${url}/dealer.html`);
    expect(page.status).toBe(200);
    const firstCode = await stop(first.child);
    if (firstCode !== 0) console.log('OUT1', first.out());
    expect(firstCode).toBe(0);
    expect(first.out()).toContain('SIGTERM: shutting down');
    expect(existsSync(join(data, 'feltwire-log.sqlite'))).toBe(true);

    const second = startCli(['--data', data, '--rotate-token', 'dealer']);
    await second.url;
    const after = JSON.parse(readFileSync(join(data, 'tokens.json'), 'utf8')) as Record<string, string>;
    expect(after.floor).toBe(tokens.floor);
    expect(after.dealer).not.toBe(tokens.dealer);
    expect(second.out()).toContain(after.dealer);
    expect(second.out()).not.toContain(tokens.floor);
    const secondCode = await stop(second.child);
    if (secondCode !== 0) console.log('OUT2', second.out());
    expect(secondCode).toBe(0);
  }, 60_000);

  it('refuses bad options with a message and status 2', async () => {
    const bad = startCli(['--ruleset', 'poker']);
    const code = await new Promise<number | null>((r) => bad.child.once('exit', (c) => r(c)));
    expect(code).toBe(2);
    expect(bad.out()).toContain('--ruleset must be tda or club');
  });
});
