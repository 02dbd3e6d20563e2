// The room's engines started on this machine: Mosquitto (Debian's /usr/sbin/mosquitto) with our password and ACL
// files, and a throwaway PostgreSQL cluster (Debian's /usr/lib/postgresql/N/bin) on 127.0.0.1. Used by `feltwire
// room --sim` when they are installed, by the tests and by `feltwire bench --room`. Each process is ours: stop()
// ends it by its pid, never by name.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { mosquittoAclFile, mosquittoPasswordFile, type RoomAccounts } from './acl.js';
import {
  alive,
  commandLine,
  EngineError,
  freePort,
  guardEngine,
  pidIn,
  releaseEngine,
  waitForPort,
  waitGone,
} from './engineProcs.js';

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

export function mosquittoInstalled(): boolean {
  return existsSync(MOSQUITTO_BIN);
}

export interface MosquittoBroker {
  port: number;
  url: string;
  dir: string;
  /** SIGKILL, as a crash would (persistence keeps what was saved) */
  kill(): Promise<void>;
  /** starts it again on the same port with the same files */
  restart(): Promise<void>;
  /** rewrites the password and ACL files and makes the broker reload them (SIGHUP) */
  reload(accounts: RoomAccounts): void;
  stop(): Promise<void>;
  readonly log: string[];
}

/** writes mosquitto.conf, the password and ACL files into `dir` and starts Mosquitto on 127.0.0.1:port */
export async function startMosquitto(opts: {
  dir: string;
  accounts: RoomAccounts;
  port?: number;
  host?: string;
}): Promise<MosquittoBroker> {
  if (!mosquittoInstalled()) throw new EngineError('NOT_INSTALLED', `${MOSQUITTO_BIN} is not installed`);
  mkdirSync(opts.dir, { recursive: true });
  const port = opts.port ?? (await freePort());
  const passwd = join(opts.dir, 'passwd');
  const acl = join(opts.dir, 'acl');
  const writeAuth = (accounts: RoomAccounts) => {
    writeFileSync(passwd, mosquittoPasswordFile(accounts), { mode: 0o600 });
    writeFileSync(acl, mosquittoAclFile(accounts), { mode: 0o600 });
  };
  writeAuth(opts.accounts);
  const conf = join(opts.dir, 'mosquitto.conf');
  const persist = join(opts.dir, 'persist');
  mkdirSync(persist, { recursive: true });
  writeFileSync(
    conf,
    [
      `listener ${port} ${opts.host ?? '127.0.0.1'}`,
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${acl}`,
      `pid_file ${join(opts.dir, 'mosquitto.pid')}`,
      // each client's id is its account's name: no account can connect under the room's or a table's id
      'use_username_as_clientid true',
      'persistence true',
      `persistence_location ${persist}/`,
      'autosave_interval 1',
      // run as whoever started it (the files above are ours, mode 600)
      `user ${process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'mosquitto')}`,
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const log: string[] = [];
  let child: ChildProcess | null = null;
  // a broker of ours left by a room that died without its handlers (before the watchdog, or the watchdog killed
  // too): it runs on this folder's files and would keep its old port forever
  const pidFile = join(opts.dir, 'mosquitto.pid');
  const left = pidIn(pidFile);
  if (left && alive(left) && commandLine(left).includes(conf)) {
    process.kill(left, 'SIGKILL');
    await waitGone(left, 5000);
  }
  const launch = async () => {
    const c = spawn(MOSQUITTO_BIN, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    let alive = true;
    if (c.pid) guardEngine(c.pid, 'SIGTERM');
    c.once('exit', () => {
      alive = false;
      if (c.pid) releaseEngine(c.pid);
    });
    const keep = (b: Buffer) => {
      log.push(...b.toString('utf8').split('\n').filter(Boolean));
      if (log.length > 200) log.splice(0, log.length - 200);
    };
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    try {
      await waitForPort(port, 10_000, () => alive);
    } catch (err) {
      throw new EngineError('START_FAILED', `mosquitto: ${(err as Error).message}: ${log.slice(-5).join(' | ')}`);
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill(signal);
    });
  };
  await launch();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir: opts.dir,
    log,
    kill: () => end('SIGKILL'),
    restart: launch,
    reload(accounts) {
      writeAuth(accounts);
      (child as ChildProcess | null)?.kill('SIGHUP');
    },
    stop: () => end('SIGTERM'),
  };
}

/** the broker files for a Mosquitto the room tech runs (`feltwire room --broker-files DIR`) */
export interface BrokerFiles {
  passwd: string;
  acl: string;
  /** a conf.d file: the listener, the two files above, client ids tied to accounts */
  conf: string;
  /** what was done about their ownership (said to the tech) */
  owner: string;
}

function mosquittoGid(): number | null {
  try {
    const line = execFileSync('getent', ['group', 'mosquitto'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    const gid = Number(line.split(':')[2]);
    return Number.isInteger(gid) ? gid : null;
  } catch {
    return null;
  }
}

/**
 * Writes Mosquitto's password file, ACL file and a conf.d snippet into `dir`, readable by the broker: Debian's
 * mosquitto starts as root and drops to the `mosquitto` user before it opens them. Run as root, the folder and
 * files are given to group mosquitto (folder 0750, files 0640: the broker reads, nobody else); otherwise they are
 * 0640 in a 0750 folder of ours and `owner` says the one command that gives them to the broker's group.
 */
export function writeBrokerFiles(
  dir: string,
  accounts: RoomAccounts,
  opts: { port?: number; host?: string } = {},
): BrokerFiles {
  const abs = resolvePath(dir);
  mkdirSync(abs, { recursive: true, mode: 0o750 });
  const passwd = join(abs, 'passwd');
  const acl = join(abs, 'acl');
  const conf = join(abs, 'feltwire.conf');
  const listener = `listener ${opts.port ?? 1883}${opts.host ? ` ${opts.host}` : ''}`;
  writeFileSync(passwd, mosquittoPasswordFile(accounts), { mode: 0o640 });
  writeFileSync(acl, mosquittoAclFile(accounts), { mode: 0o640 });
  writeFileSync(
    conf,
    [
      '# feltwire card room: copy or link into /etc/mosquitto/conf.d/ (Debian includes every *.conf there)',
      listener,
      'allow_anonymous false',
      `password_file ${passwd}`,
      `acl_file ${acl}`,
      '# each client id is its account name: no account can connect as the room or another table',
      'use_username_as_clientid true',
      'max_queued_messages 100000',
      '',
    ].join('\n'),
    { mode: 0o640 },
  );
  for (const f of [passwd, acl, conf]) chmodSync(f, 0o640);
  chmodSync(abs, 0o750);
  const gid = mosquittoGid();
  let owner: string;
  if (process.getuid?.() === 0 && gid !== null) {
    for (const f of [abs, passwd, acl, conf]) chownSync(f, 0, gid);
    owner = `owner root, group mosquitto (${gid}): folder 0750, files 0640`;
  } else if (gid === null) {
    owner = 'no mosquitto group on this host: give the files to the user your broker runs as (chgrp, mode 0640)';
  } else {
    owner = `not root: run  sudo chgrp -R mosquitto ${abs}  so that the broker (user mosquitto) can read them`;
  }
  return { passwd, acl, conf, owner };
}
