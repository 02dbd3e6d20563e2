// feltwire room: the card room. It subscribes to the tables on an MQTT broker, archives every finished hand (PostgreSQL
// or SQLite), serves the room view and the archive, and pushes room-wide levels. `--sim N` tries it on one machine:
// N simulated tables and the room, on Mosquitto and PostgreSQL started here when they are installed, else on an
// in-process broker (aedes) and a SQLite archive.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { account, loadAccounts, type RoomAccounts } from '../../room/acl.js';
import { type ArchiveTarget, RoomArchive } from '../../room/archive.js';
import {
  mosquittoInstalled,
  postgresBinDir,
  startMosquitto,
  startPostgres,
  writeBrokerFiles,
} from '../../room/engines.js';
import { startInProcessBroker } from '../../room/inProcessBroker.js';
import { checkTableId } from '../../room/protocol.js';
import { startRoom } from '../../room/roomService.js';
import { startSimTables } from '../../room/simTables.js';
import type { Command } from '../main.js';

const USAGE = `usage: feltwire room [options]
  --sim N              start N simulated tables with the room, on this machine
  --engines MODE       with --sim: system (Mosquitto and PostgreSQL started here), embedded (in-process broker
                       and a SQLite archive), auto (default: system when both are installed)
  --pace fast|table    the simulated tables' pace (default table)
  --broker URL         the room broker, mqtt://host:port (without --sim); the room's account from --user/--password
  --user NAME          broker account (default room)   --password SECRET (default: from DATA/room-accounts.json)
  --archive TARGET     postgres://... or a SQLite file (default DATA/room-archive.sqlite)
  --tables ID,ID,...   tables to make broker accounts for (DATA/room-accounts.json keeps them)
  --broker-files DIR   write Mosquitto's password and ACL files for those accounts into DIR, then exit
  --blinds SB/BB       the room's first level (default 50/100); --ante N (default 0)
  --delay MINUTES      hand histories leave the archive this long after the hand (default 15)
  --port N             HTTP port of the room view (default 8090)   --host ADDR (default 0.0.0.0)
  --data DIR           the room's data folder (default ./room-data)`;

class RoomCommandError extends Error {}

/** the built pages (dist/web, where the room page is), whether running from dist/src or from src */
function webRoot(): string | null {
  const up = import.meta.url.includes('/dist/src/') ? '../../../web/' : '../../../dist/web/';
  const p = fileURLToPath(new URL(up, import.meta.url));
  return existsSync(join(p, 'room.html')) ? p : null;
}

const num = (v: string | undefined, name: string, dflt: number, min = 0): number => {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new RoomCommandError(`--${name} must be an integer >= ${min}: ${v}`);
  return n;
};

export const command: Command = {
  summary: 'the card room: every table on one view, one hand archive (--sim N to try it on one machine)',
  async run(args) {
    let values: ReturnType<typeof parse>;
    try {
      values = parse(args);
    } catch (err) {
      process.stderr.write(`feltwire room: ${(err as Error).message}\n${USAGE}\n`);
      return 2;
    }
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const say = (line: string) => process.stdout.write(`${line}\n`);
    const closers: (() => Promise<void>)[] = [];
    const closeAll = async () => {
      for (const c of closers.reverse()) await c().catch(() => {});
    };
    try {
      const dataDir = resolve(values.data ?? './room-data');
      // the room's folder holds its token, the broker accounts and (embedded) the archive: its user's alone
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      chmodSync(dataDir, 0o700);
      const simN = num(values.sim, 'sim', 0, 0);
      const simIds = Array.from({ length: simN }, (_, i) => String(i + 1));
      const listed = (values.tables ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(checkTableId);
      const accounts: RoomAccounts = loadAccounts(dataDir, [...simIds, ...listed]);
      if (values['broker-files']) {
        const files = writeBrokerFiles(resolve(values['broker-files']), accounts);
        say(`wrote ${files.passwd}, ${files.acl} and ${files.conf} (${files.owner})`);
        say(`  sudo ln -s ${files.conf} /etc/mosquitto/conf.d/feltwire.conf && sudo systemctl restart mosquitto`);
        say(`table credentials are in ${join(dataDir, 'room-accounts.json')} (mode 600)`);
        return 0;
      }
      const blinds = (values.blinds ?? '50/100').split('/').map(Number);
      if (blinds.length !== 2 || !blinds.every((b) => Number.isInteger(b) && b >= 0) || !(blinds[1] > 0))
        throw new RoomCommandError(`--blinds must be SB/BB: ${values.blinds}`);
      const level = { blinds: [blinds[0], blinds[1]] as [number, number], bbAnte: num(values.ante, 'ante', 0) };
      const exportDelayMs = num(values.delay, 'delay', 15) * 60_000;

      let brokerUrl: string;
      let target: ArchiveTarget;
      let engines = 'given';
      if (simN > 0) {
        const mode = values.engines ?? 'auto';
        if (!['auto', 'system', 'embedded'].includes(mode))
          throw new RoomCommandError(`--engines must be auto, system or embedded: ${mode}`);
        const system = mode === 'system' || (mode === 'auto' && mosquittoInstalled() && postgresBinDir() !== null);
        if (system) {
          const mq = await startMosquitto({ dir: join(dataDir, 'mosquitto'), accounts });
          closers.push(() => mq.stop());
          brokerUrl = mq.url;
          if (values.archive) target = archiveTarget(values.archive);
          else {
            const pg = await startPostgres({ dir: join(dataDir, 'postgres'), privateParents: [dataDir] });
            closers.push(() => pg.stop());
            target = { kind: 'postgres', url: pg.url };
          }
          engines = `Mosquitto on ${mq.url}, ${target.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} archive`;
        } else {
          const b = await startInProcessBroker({ accounts });
          closers.push(() => b.close());
          brokerUrl = b.url;
          target = values.archive
            ? archiveTarget(values.archive)
            : { kind: 'sqlite', path: join(dataDir, 'room-archive.sqlite') };
          engines = `in-process broker (aedes) on ${b.url}, ${target.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} archive`;
        }
      } else {
        if (!values.broker) throw new RoomCommandError('--broker URL is needed without --sim');
        brokerUrl = values.broker;
        target = values.archive
          ? archiveTarget(values.archive)
          : { kind: 'sqlite', path: join(dataDir, 'room-archive.sqlite') };
      }
      const archive = await RoomArchive.open(target);
      closers.push(() => archive.close());
      const user = values.user ?? 'room';
      const password = values.password ?? account(accounts, user).password;
      const room = await startRoom({
        broker: brokerUrl,
        username: user,
        password,
        archive,
        port: num(values.port, 'port', 8090),
        host: values.host ?? '0.0.0.0',
        webRoot: webRoot(),
        dataDir,
        exportDelayMs,
        level,
        say,
      });
      closers.push(() => room.close());
      if (simN > 0) {
        const tables = await startSimTables({
          tableIds: simIds,
          brokerUrl: () => brokerUrl,
          credentials: (id) => {
            const a = account(accounts, `table-${id}`);
            return { username: a.username, password: a.password };
          },
          dataDir: join(dataDir, 'tables'),
          pace: values.pace === 'fast' ? 'fast' : 'table',
          broadcastDelayMs: exportDelayMs,
          say: (line) => {
            if (!line.startsWith(' ') && !line.startsWith('Role tokens')) say(line);
          },
        });
        closers.push(async () => {
          await Promise.all(tables.map((t) => t.live.close()));
        });
        say(`${simN} simulated tables: ${tables.map((t) => `${t.tableId} ${t.live.url}`).join(', ')}`);
      }
      say(`feltwire room on ${room.url}/room.html?token=${room.token.slice(0, 4)}… (${engines}; data in ${dataDir})`);
      return await new Promise<number>((done) => {
        const stop = (signal: string) => {
          say(`\n${signal}: shutting down`);
          closeAll().then(() => done(0));
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
      });
    } catch (err) {
      await closeAll();
      process.stderr.write(`feltwire room: ${(err as Error).message}\n`);
      return err instanceof RoomCommandError ? 2 : 1;
    }
  },
};

function archiveTarget(v: string): ArchiveTarget {
  return /^postgres(ql)?:\/\//.test(v) ? { kind: 'postgres', url: v } : { kind: 'sqlite', path: resolve(v) };
}

function parse(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      sim: { type: 'string' },
      engines: { type: 'string' },
      pace: { type: 'string' },
      broker: { type: 'string' },
      user: { type: 'string' },
      password: { type: 'string' },
      archive: { type: 'string' },
      tables: { type: 'string' },
      'broker-files': { type: 'string' },
      blinds: { type: 'string' },
      ante: { type: 'string' },
      delay: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return values;
}
