// The room's engines started on this machine: Mosquitto (Debian's /usr/sbin/mosquitto) with our password and ACL
// files, and a throwaway PostgreSQL cluster (Debian's /usr/lib/postgresql/N/bin) on 127.0.0.1. Used by `feltwire
// room --sim` when they are installed, by the tests and by `feltwire bench --room`. Each process is ours: stop()
// ends it by its pid, never by name.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Socket as NetSocket } from 'node:net';
import { createServer, Socket } from 'node:net';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { monotonicNow } from '../clock/index.js';
import { FeltwireError } from '../errors.js';
import { mosquittoAclFile, mosquittoPasswordFile, type RoomAccounts } from './acl.js';

export class EngineError extends FeltwireError<'NOT_INSTALLED' | 'START_FAILED'> {
  constructor(code: 'NOT_INSTALLED' | 'START_FAILED', message: string) {
    super(code, message);
    this.name = 'EngineError';
  }
  /** Mosquitto or PostgreSQL missing or not started: the room's engines are not there */
  get status(): number {
    return 503;
  }
}

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

// ---- nothing left behind: a watchdog ends the engines when this process dies without its handlers ---------------
// One small process per room, in a session of its own (a terminal's SIGHUP does not reach it), reading a pipe from
// us: "+ PID SIGNAL" watches an engine, "- PID" forgets it. When the pipe closes (we exited, were SIGKILLed or died
// of a SIGHUP) it sends each watched engine its signal, then SIGKILL to any still there after 5 s.
const WATCHDOG = `
const w = new Map(); let buf = '';
process.stdin.on('data', (d) => {
  buf += d; let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const [op, pid, sig] = buf.slice(0, i).split(' '); buf = buf.slice(i + 1);
    if (op === '+') w.set(Number(pid), sig); else w.delete(Number(pid));
  }
});
const alive = (p) => { try { process.kill(p, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
process.stdin.on('end', () => {
  for (const [p, sig] of w) { try { process.kill(p, sig); } catch {} }
  const until = Date.now() + 5000;
  const t = setInterval(() => {
    const left = [...w.keys()].filter(alive);
    if (left.length === 0 || Date.now() > until) {
      for (const p of left) { try { process.kill(p, 'SIGKILL'); } catch {} }
      clearInterval(t); process.exit(0);
    }
  }, 100);
});
process.on('SIGHUP', () => {}); process.on('SIGINT', () => {});
`;
let watchdog: ChildProcess | null = null;

function watchdogPipe(): NetSocket | null {
  if (!watchdog || watchdog.exitCode !== null) {
    const w = spawn(process.execPath, ['-e', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    w.unref();
    (w.stdin as unknown as NetSocket).unref();
    w.stdin?.on('error', () => {});
    watchdog = w;
  }
  return (watchdog.stdin as unknown as NetSocket) ?? null;
}

/** the engine `pid` gets `signal` if this process dies before it ends it */
export function guardEngine(pid: number, signal: NodeJS.Signals): void {
  watchdogPipe()?.write(`+ ${pid} ${signal}\n`);
}

export function releaseEngine(pid: number): void {
  if (watchdog && watchdog.exitCode === null) watchdog.stdin?.write(`- ${pid}\n`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/** a pid file's pid, when the file exists and holds one */
function pidIn(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function mosquittoInstalled(): boolean {
  return existsSync(MOSQUITTO_BIN);
}

/** the newest PostgreSQL server binaries installed (Debian layout), or null */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number, alive: () => boolean): Promise<void> {
  const until = monotonicNow() + timeoutMs;
  while (monotonicNow() < until) {
    if (!alive()) throw new EngineError('START_FAILED', `the process exited before listening on ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new EngineError('START_FAILED', `nothing listening on 127.0.0.1:${port} after ${timeoutMs} ms`);
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

export interface PostgresCluster {
  port: number;
  /** the folder of its only socket (0700) */
  socketDir: string;
  /** a connection string for the database made for us */
  url: string;
  database: string;
  stop(): Promise<void>;
}

/**
 * initdb + pg_ctl start on `dir` (made and owned by the postgres account when we are root: PostgreSQL refuses to
 * run as root), reachable only through its unix socket in `dir/sock` (0700: the account that runs it, and root): no
 * TCP listener, trust authentication on that socket alone, one database. A postmaster left by a room that died
 * (its postmaster.pid) is stopped first; a stale pid file (no such process) is recognised and removed.
 */
export async function startPostgres(opts: {
  dir: string;
  port?: number;
  database?: string;
  /** folders above `dir` to keep private: reached by group postgres (0710), not by everyone */
  privateParents?: string[];
}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin)
    throw new EngineError('NOT_INSTALLED', 'PostgreSQL server binaries are not installed (/usr/lib/postgresql)');
  const port = opts.port ?? (await freePort());
  const database = opts.database ?? 'feltwire_room';
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    try {
      return execFileSync(full[0] as string, full[1] as string[], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    } catch (err) {
      const e = err as { stderr?: Buffer; message: string };
      throw new EngineError('START_FAILED', `${cmd}: ${e.stderr?.toString().trim() || e.message}`);
    }
  };
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const data = join(opts.dir, 'pgdata');
  const sock = join(opts.dir, 'sock');
  mkdirSync(sock, { recursive: true, mode: 0o700 });
  chmodSync(sock, 0o700);
  chmodSync(opts.dir, 0o700);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    // the postgres account must reach the folder: its parents get the traverse bit (not the read bit) if lacking
    // (a private folder of ours, such as the room's data folder, is given to group postgres with 0710 instead)
    for (let d = dirname(resolvePath(opts.dir)); d !== dirname(d); d = dirname(d)) {
      const st = statSync(d);
      if ((st.mode & 0o001) !== 0 || (st.gid === gid && (st.mode & 0o010) !== 0)) continue;
      if (opts.privateParents?.includes(d)) {
        chownSync(d, st.uid, gid);
        chmodSync(d, 0o710);
      } else chmodSync(d, (st.mode & 0o7777) | 0o001);
    }
    chownSync(opts.dir, uid, gid);
    chownSync(sock, uid, gid);
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  }
  // a postmaster of this data folder still running (its room was SIGKILLed before the watchdog could stop it):
  // stopped; a pid file whose process is gone: removed (pg_ctl would otherwise wait on it)
  const pidFile = join(data, 'postmaster.pid');
  const left = pidIn(pidFile);
  if (left !== null) {
    if (alive(left) && /postgres|postmaster/.test(commandLine(left))) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      } catch {
        process.kill(left, 'SIGQUIT');
      }
      await waitGone(left, 10_000);
    } else if (!alive(left) && existsSync(pidFile)) unlinkSync(pidFile);
  }
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(opts.dir, 'postgres.log'),
    '-w',
    '-t',
    '30',
    '-o',
    `-p ${port} -c listen_addresses= -k ${sock} -c unix_socket_permissions=0700 -c fsync=on -c max_connections=50`,
    'start',
  ]);
  const postmaster = pidIn(pidFile);
  // SIGINT: PostgreSQL's fast shutdown (clients cut, a clean checkpoint)
  if (postmaster) guardEngine(postmaster, 'SIGINT');
  const exists = run('psql', [
    '-h',
    sock,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-tAc',
    `SELECT 1 FROM pg_database WHERE datname = '${database}'`,
  ]).trim();
  if (exists !== '1') run('createdb', ['-h', sock, '-p', String(port), '-U', 'postgres', database]);
  let stopped = false;
  return {
    port,
    database,
    socketDir: sock,
    url: `postgres://postgres@/${database}?host=${encodeURIComponent(sock)}&port=${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      if (postmaster) releaseEngine(postmaster);
    },
  };
}
