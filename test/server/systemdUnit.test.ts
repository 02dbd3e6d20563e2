// docs/feltwire.service runs feltwire as its own unprivileged user with a private data folder; systemd's own
// verifier reads it where systemd is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = new URL('../../docs/feltwire.service', import.meta.url).pathname;

function parse(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const s = /^\[(\w+)\]$/.exec(line);
    if (s) {
      section = s[1];
      continue;
    }
    const eq = line.indexOf('=');
    const key = `${section}.${line.slice(0, eq)}`;
    out.set(key, [...(out.get(key) ?? []), line.slice(eq + 1)]);
  }
  return out;
}

describe('systemd unit', () => {
  it('runs `feltwire start` as its own user, data folder private and writable only there', () => {
    const u = parse(readFileSync(UNIT, 'utf8'));
    const one = (k: string) => u.get(k)?.[0];
    expect(one('Service.User')).toBe('feltwire');
    expect(one('Service.User')).not.toBe('root');
    expect(one('Service.ExecStart')).toMatch(/bin\/feltwire\.js start .*--data \/var\/lib\/feltwire/);
    expect(one('Service.UMask')).toBe('0077');
    expect(one('Service.StateDirectoryMode')).toBe('0700');
    expect(one('Service.ReadWritePaths')).toBe('/var/lib/feltwire');
    expect(one('Service.ProtectSystem')).toBe('strict');
    expect(one('Service.NoNewPrivileges')).toBe('yes');
    expect(one('Service.KillSignal')).toBe('SIGTERM');
  });

  it('passes systemd-analyze verify where systemd is installed', () => {
    const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));
    // no systemd on this machine: the parse above is the check
    if (!analyze) return;
    const dir = mkdtempSync(join(tmpdir(), 'fw-unit-'));
    // the verifier wants the executable to exist: point it at node itself
    const unit = readFileSync(UNIT, 'utf8').replace('/usr/bin/node', process.execPath);
    const path = join(dir, 'feltwire.service');
    writeFileSync(path, unit);
    const r = spawnSync(analyze, ['verify', path], { encoding: 'utf8' });
    // warnings (an unknown key, a bad value) come on stderr with status 0
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
