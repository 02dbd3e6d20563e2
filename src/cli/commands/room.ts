// feltwire room: the card room. It subscribes to the tables on an MQTT broker, archives every finished hand (PostgreSQL
// or SQLite), serves the room view and the archive, and pushes room-wide levels. `--sim N` tries it on one machine:
// N simulated tables and the room, on Mosquitto and PostgreSQL started here when they are installed, else on an
// in-process broker (aedes) and a SQLite archive.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FeltwireError } from '../../errors.js';
import { account, loadAccounts, type RoomAccounts } from '../../room/acl.js';
import { type ArchiveTarget, RoomArchive } from '../../room/archive.js';
import { postgresBinDir, startPostgres } from '../../room/enginePostgres.js';
import { mosquittoInstalled, startMosquitto, writeBrokerFiles } from '../../room/engines.js';
import { startInProcessBroker } from '../../room/inProcessBroker.js';
import { checkTableId } from '../../room/protocol.js';
import { startRoom } from '../../room/roomService.js';
import { startSimTables } from '../../simRoom/simTables.js';
import { defineCommand } from '../options.js';

class RoomCommandError extends FeltwireError<'BAD_OPTION'> {
  constructor(message: string) {
    super('BAD_OPTION', message);
    this.name = 'RoomCommandError';
  }
  get status(): number {
    return 400;
  }
}

/** the built pages (dist/web, where the room page is), whether running from dist/src or from src */
function webRoot(): string | null {
  const up = import.meta.url.includes('/dist/src/') ? '../../../web/' : '../../../dist/web/';
  const p = fileURLToPath(new URL(up, import.meta.url));
  return existsSync(join(p, 'room.html')) ? p : null;
}

const num = (v: string, name: string, min = 0): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new RoomCommandError(`--${name} must be an integer >= ${min}: ${v}`);
  return n;
};

export const command = defineCommand(
  {
    name: 'room',
    summary: 'the card room: every table on one view, one hand archive (--sim N to try it on one machine)',
    about: [
      '  subscribes to the tables on an MQTT broker, archives every finished hand (PostgreSQL or SQLite), serves the',
      '  room view and the archive, and pushes room-wide levels',
    ],
    options: {
      sim: { type: 'string', arg: 'N', default: '0', help: 'start N simulated tables with the room, on this machine' },
      'sim-tournament': {
        type: 'string',
        arg: 'N',
        help: "a tournament of N players (2-60) run by the room on ceil(N/6) simulated 6-seat tables\n(in-process broker, SQLite archive, the tables' broadcast delay 0); watch it on\n/tournament.html?token=...",
      },
      engines: {
        type: 'string',
        arg: 'MODE',
        default: 'auto',
        help: 'with --sim: system (Mosquitto and PostgreSQL started here), embedded (in-process broker\nand a SQLite archive), auto (system when both are installed)',
      },
      pace: { type: 'string', arg: 'fast|table', default: 'table', help: "the simulated tables' pace" },
      broker: { type: 'string', arg: 'URL', help: 'the room broker, mqtt://host:port (without --sim)' },
      user: { type: 'string', arg: 'NAME', default: 'room', help: "the room's broker account" },
      password: {
        type: 'string',
        arg: 'SECRET',
        defaultText: 'from DATA/room-accounts.json',
        help: "the room account's password",
      },
      archive: {
        type: 'string',
        arg: 'TARGET',
        defaultText: 'DATA/room-archive.sqlite',
        help: 'postgres://... or a SQLite file',
      },
      tables: {
        type: 'string',
        arg: 'ID,ID,...',
        help: 'tables to make broker accounts for (DATA/room-accounts.json keeps them)',
      },
      'broker-files': {
        type: 'string',
        arg: 'DIR',
        help: "write Mosquitto's password and ACL files (and a conf.d snippet) for those accounts into DIR, then exit",
      },
      blinds: { type: 'string', arg: 'SB/BB', default: '50/100', help: "the room's first level" },
      ante: { type: 'string', arg: 'N', default: '0', help: "the first level's big-blind ante" },
      delay: {
        type: 'string',
        arg: 'MINUTES',
        default: '15',
        help: 'hand histories leave the archive this long after the room received them',
      },
      port: { type: 'string', arg: 'N', default: '8090', help: 'HTTP port of the room view' },
      host: { type: 'string', arg: 'ADDR', default: '0.0.0.0', help: 'listen address' },
      data: { type: 'string', arg: 'DIR', default: './room-data', help: "the room's data folder (DATA)" },
    },
  },
  async ({ values }) => {
    const say = (line: string) => process.stdout.write(`${line}\n`);
    const closers: (() => Promise<void>)[] = [];
    const closeAll = async () => {
      for (const c of closers.reverse()) await c().catch(() => {});
    };
    try {
      const dataDir = resolve(values.data);
      // the room's folder holds its token, the broker accounts and (embedded) the archive: its user's alone
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      chmodSync(dataDir, 0o700);
      if (values['sim-tournament'] !== undefined) return await runSimTournament(values, dataDir, say);
      const simN = num(values.sim, 'sim', 0);
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
      const blinds = values.blinds.split('/').map(Number);
      if (blinds.length !== 2 || !blinds.every((b) => Number.isInteger(b) && b >= 0) || !(blinds[1] > 0))
        throw new RoomCommandError(`--blinds must be SB/BB: ${values.blinds}`);
      const level = { blinds: [blinds[0], blinds[1]] as [number, number], bbAnte: num(values.ante, 'ante') };
      const exportDelayMs = num(values.delay, 'delay') * 60_000;

      let brokerUrl: string;
      let target: ArchiveTarget;
      let engines = 'given';
      if (simN > 0) {
        const mode = values.engines;
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
      const user = values.user;
      const password = values.password ?? account(accounts, user).password;
      const room = await startRoom({
        broker: brokerUrl,
        username: user,
        password,
        archive,
        port: num(values.port, 'port'),
        host: values.host,
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
          // closeAll catches each closer's own failure: one here would be a fault of ours, said before the exit
          closeAll().then(
            () => done(0),
            (err: Error) => {
              process.stderr.write(`feltwire room: shutdown: ${err.message}\n`);
              done(1);
            },
          );
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
);

/** `--sim-tournament N`: the tournament on one machine (src/simRoom/simTournament.ts), until Ctrl-C */
async function runSimTournament(
  values: Record<string, string | undefined>,
  dataDir: string,
  say: (line: string) => void,
): Promise<number> {
  const text = values['sim-tournament'] ?? '';
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isInteger(n) || n < 2 || n > 60)
    throw new RoomCommandError(`--sim-tournament must be a number of players from 2 to 60: ${text}`);
  if (values.sim !== undefined && values.sim !== '0')
    throw new RoomCommandError('--sim-tournament runs its own tables: leave out --sim');
  if (values.engines !== undefined && !['auto', 'embedded'].includes(values.engines))
    throw new RoomCommandError(
      `--sim-tournament runs on the in-process broker and a SQLite archive: --engines ${values.engines} is not for it`,
    );
  if (values.broker) throw new RoomCommandError('--sim-tournament starts its own broker: leave out --broker');
  if (values.pace !== undefined && !['fast', 'table'].includes(values.pace))
    throw new RoomCommandError(`--pace must be fast or table: ${values.pace}`);
  const { startSimTournament } = await import('../../simRoom/simTournament.js');
  const t = await startSimTournament({
    players: n,
    dataDir,
    pace: values.pace === 'fast' ? 'fast' : 'table',
    broadcastDelayMs: 0,
    port: num(values.port ?? '8090', 'port'),
    host: values.host ?? '0.0.0.0',
    webRoot: webRoot(),
    say,
  });
  say(
    `tournament of ${n} players on ${t.tables.length} simulated tables; the TD's screen: ${t.room.url}/tournament.html?token=${t.room.token}`,
  );
  say(`the room view: ${t.room.url}/room.html?token=${t.room.token}`);
  return await new Promise<number>((done) => {
    const stop = (signal: string) => {
      say(`\n${signal}: shutting down`);
      t.close().then(
        () => done(0),
        (err: Error) => {
          process.stderr.write(`feltwire room: shutdown: ${err.message}\n`);
          done(1);
        },
      );
    };
    void t.tournament.finished.then(() => say('tournament over: Ctrl-C to stop the room'));
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

function archiveTarget(v: string): ArchiveTarget {
  return /^postgres(ql)?:\/\//.test(v) ? { kind: 'postgres', url: v } : { kind: 'sqlite', path: resolve(v) };
}
