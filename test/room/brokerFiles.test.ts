// The broker files `feltwire room --broker-files DIR` writes, read by Debian's own Mosquitto started the way its
// systemd unit starts it: `mosquitto -c <conf>` as root, with Debian's main configuration (no `user` line: the
// broker drops to the mosquitto user before it opens the password and ACL files) including our conf.d snippet.
// Files left root's with mode 0600 (what the room wrote before) make that broker exit: the test shows both.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { account, makeAccounts } from '../../src/room/acl.js';
import { freePort } from '../../src/room/engineProcs.js';
import { MOSQUITTO_BIN, mosquittoInstalled, writeBrokerFiles } from '../../src/room/engines.js';

const hasMosquittoUser = (() => {
  try {
    execFileSync('id', ['-u', 'mosquitto'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const asRoot = process.getuid?.() === 0;

async function runBroker(conf: string, port: number): Promise<{ child: ChildProcess; log: string[]; up: boolean }> {
  const child = spawn(MOSQUITTO_BIN, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  const until = Date.now() + 10_000;
  while (Date.now() < until && child.exitCode === null) {
    const c = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 1000, clientId: 'probe' })
      .then(
        (x) => x,
        (err: Error) => err,
      );
    // an answer from the broker (refused: no credentials) means it is up
    if (!(c instanceof Error)) {
      await c.endAsync();
      return { child, log, up: true };
    }
    if (/Not authorized|Bad username/i.test(c.message)) return { child, log, up: true };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, log, up: false };
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
};

describe.runIf(mosquittoInstalled() && hasMosquittoUser && asRoot)("broker files and Debian's mosquitto", () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-broker-files-'));
  // /etc is world-traversable: so is this stand-in (the broker reads the files as user mosquitto)
  chmodSync(dir, 0o711);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const accounts = makeAccounts(['1']);

  const debianConf = (port: number, name: string) => {
    const files = writeBrokerFiles(join(dir, name), accounts, { port, host: '127.0.0.1' });
    const confd = join(dir, `${name}-conf.d`);
    mkdirSync(confd);
    symlinkSync(files.conf, join(confd, 'feltwire.conf'));
    // Debian's /etc/mosquitto/mosquitto.conf, less the pid file and the persistence folder of the system's broker
    const main = join(dir, `${name}-mosquitto.conf`);
    writeFileSync(main, `persistence false\nlog_dest stderr\ninclude_dir ${confd}\n`);
    return { files, main };
  };

  it('group mosquitto, 0640: the broker run as its unit runs it reads them; accounts work, ids are tied', async () => {
    const port = await freePort();
    const { files, main } = debianConf(port, 'good');
    const gid = Number(execFileSync('getent', ['group', 'mosquitto']).toString().split(':')[2]);
    for (const f of [files.passwd, files.acl, files.conf]) {
      const st = statSync(f);
      expect(st.mode & 0o777, f).toBe(0o640);
      expect(st.gid, f).toBe(gid);
    }
    expect(statSync(join(dir, 'good')).mode & 0o777).toBe(0o750);
    const { child, log, up } = await runBroker(main, port);
    try {
      expect(up, log.join('')).toBe(true);
      // it dropped to the mosquitto user
      const user = execFileSync('ps', ['-o', 'user=', '-p', String(child.pid)])
        .toString()
        .trim();
      expect(user).toBe('mosquitto');
      const t = account(accounts, 'table-1');
      const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: t.username,
        password: t.password,
        clientId: t.username,
        reconnectPeriod: 0,
      });
      await c.publishAsync('feltwire/v1/tables/1/link', '{}', { qos: 1 });
      await c.endAsync();
      await expect(
        mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
          username: t.username,
          password: 'not-it',
          reconnectPeriod: 0,
          connectTimeout: 2000,
        }),
      ).rejects.toThrow(/Not authorized|Bad username/i);
    } finally {
      await stop(child);
    }
  });

  it("root's files with mode 0600 (the old way): that broker cannot open them and exits", async () => {
    const port = await freePort();
    const { files, main } = debianConf(port, 'old');
    for (const f of [files.passwd, files.acl]) {
      chownSync(f, 0, 0);
      chmodSync(f, 0o600);
    }
    const { child, log, up } = await runBroker(main, port);
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
    expect(up).toBe(false);
    expect(child.exitCode).not.toBe(0);
    expect(log.join('')).toMatch(/Unable to open pwfile|Unable to open/i);
  });
});
