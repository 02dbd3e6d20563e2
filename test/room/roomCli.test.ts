// The built CLI as an operator runs it: `feltwire room --sim 1 --engines embedded` (the in-process broker and a
// SQLite archive), then a separate `feltwire start --sim --room mqtt://...` with its own account joining that room.
// The room view lists both tables, archives their hands, and both processes stop cleanly on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoomAccounts } from '../../src/room/acl.js';
import { freePort } from '../../src/room/engineProcs.js';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/feltwire.js');
const built = existsSync(join(REPO, 'dist/src/cli/commands/room.js'));

function run(args: string[], env: Record<string, string> = {}, ready: RegExp) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let text = '';
  const match = new Promise<RegExpExecArray>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`not ready: ${text}`)), 40_000);
    const read = (d: Buffer) => {
      text += d.toString();
      const m = ready.exec(text);
      if (m) {
        clearTimeout(timer);
        res(m);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      rej(new Error(`exited: ${text}`));
    });
  });
  match.catch(() => {});
  return { child, match, out: () => text };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((r) => {
    if (child.exitCode !== null) return r(child.exitCode);
    child.once('exit', (code) => r(code));
    child.kill('SIGTERM');
  });

describe.runIf(built)('feltwire room and feltwire start --room (built CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-room-cli-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('a room on the embedded engines, a simulated table of its own and a table started apart', async () => {
    const roomData = join(dir, 'room');
    const room = run(
      [
        'room',
        '--sim',
        '1',
        '--engines',
        'embedded',
        '--pace',
        'fast',
        '--tables',
        '7',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--delay',
        '0',
        '--data',
        roomData,
      ],
      {},
      /feltwire room on (http:\/\/[0-9.:]+)\/room\.html.*in-process broker \(aedes\) on (mqtt:\/\/[0-9.:]+)/,
    );
    children.push(room.child);
    const [, url, broker] = await room.match;
    const token = (JSON.parse(readFileSync(join(roomData, 'room-token.json'), 'utf8')) as { token: string }).token;
    const accounts = JSON.parse(readFileSync(join(roomData, 'room-accounts.json'), 'utf8')) as RoomAccounts;
    const seven = accounts.accounts.find((a) => a.username === 'table-7');
    expect(seven).toBeDefined();

    const table = run(
      [
        'start',
        '--sim',
        '--pace',
        'fast',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--delay',
        '0',
        '--data',
        join(dir, 'table-7'),
        '--table-id',
        '7',
        '--table-name',
        'Seven',
        '--room',
        broker,
        '--room-user',
        'table-7',
      ],
      { FELTWIRE_ROOM_PASSWORD: seven?.password ?? '' },
      /feltwire live on (http:\/\/\S+)/,
    );
    children.push(table.child);
    await table.match;

    const api = async () =>
      (await (await fetch(`${url}/api/room`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        tables: { tableId: string; tableName: string; online: boolean; archived: number; status: unknown }[];
      };
    const until = Date.now() + 90_000;
    let view = await api();
    while (Date.now() < until) {
      view = await api();
      if (view.tables.length === 2 && view.tables.every((t) => t.archived >= 1)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(view.tables.map((t) => t.tableId)).toEqual(['1', '7']);
    expect(view.tables.every((t) => t.online && t.status !== null && t.archived >= 1)).toBe(true);
    expect(view.tables.find((t) => t.tableId === '7')?.tableName).toBe('Seven');
    // the page is served
    const page = await fetch(`${url}/room.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('room');
    // the archive's search and a day's export
    const hands = (await (
      await fetch(`${url}/api/archive/hands?table=7`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { hands: { handNo: number; day: string }[] };
    expect(hands.hands.length).toBeGreaterThanOrEqual(1);
    const stars = await fetch(`${url}/api/archive/export/pokerstars?table=7&day=${hands.hands[0].day}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stars.status).toBe(200);
    expect(await stars.text()).toMatch(/^PokerStars Hand #/);

    expect(await stop(table.child)).toBe(0);
    expect(await stop(room.child)).toBe(0);
  }, 150_000);

  it.runIf(existsSync('/usr/sbin/mosquitto'))(
    '--broker-files writes password and ACL files that Mosquitto itself accepts',
    async () => {
      const data = join(dir, 'files-room');
      const out = join(dir, 'mosquitto-files');
      const made = run(['room', '--tables', '21,22', '--broker-files', out, '--data', data], {}, /wrote .*passwd/);
      await made.match;
      expect(await new Promise((r) => made.child.once('exit', r))).toBe(0);
      // readable by Debian's mosquitto (group mosquitto, 0640: test/room/brokerFiles.test.ts starts it on them)
      expect(statSync(join(out, 'passwd')).mode & 0o777).toBe(0o640);
      expect(readFileSync(join(out, 'feltwire.conf'), 'utf8')).toMatch(/^use_username_as_clientid true$/m);
      expect(statSync(join(data, 'room-accounts.json')).mode & 0o777).toBe(0o600);
      const port = await freePort();
      writeFileSync(
        join(out, 'mosquitto.conf'),
        `listener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${join(out, 'passwd')}\nacl_file ${join(out, 'acl')}\nuser root\n`,
      );
      const broker = spawn('/usr/sbin/mosquitto', ['-c', join(out, 'mosquitto.conf')], { stdio: 'ignore' });
      children.push(broker);
      try {
        const accounts = JSON.parse(readFileSync(join(data, 'room-accounts.json'), 'utf8')) as RoomAccounts;
        const t21 = accounts.accounts.find((a) => a.username === 'table-21');
        let client: mqtt.MqttClient | null = null;
        for (let i = 0; i < 50 && !client; i++) {
          client = await mqtt
            .connectAsync(`mqtt://127.0.0.1:${port}`, {
              username: 'table-21',
              password: t21?.password,
              reconnectPeriod: 0,
              connectTimeout: 2000,
            })
            .catch(() => null);
          if (!client) await new Promise((r) => setTimeout(r, 100));
        }
        expect(client?.connected).toBe(true);
        await client?.endAsync();
        await expect(
          mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
            username: 'table-21',
            password: 'not-it',
            reconnectPeriod: 0,
            connectTimeout: 2000,
          }),
        ).rejects.toThrow(/Not authorized|Bad username/i);
      } finally {
        await stop(broker);
      }
    },
    60_000,
  );
});
