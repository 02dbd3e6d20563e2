// A throwaway PostgreSQL cluster (Debian's /usr/lib/postgresql/N/bin) reachable on its unix socket alone, for the
// room. Its postmaster is ours: stop() ends it through pg_ctl, the watchdog by its pid.

import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import {
  alive,
  commandLine,
  EngineError,
  freePort,
  guardEngine,
  pidIn,
  releaseEngine,
  waitGone,
} from './engineProcs.js';

/** the newest PostgreSQL server binaries installed (Debian layout), or null */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
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
