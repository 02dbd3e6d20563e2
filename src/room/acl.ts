// Who may read and write which room topic: one list of rules per account, written out as Mosquitto's password and
// ACL files (mosquitto.conf's password_file / acl_file) and evaluated the same way by the in-process broker.
// Hole cards before the delay travel only on tables/<id>/commentator: only the commentator account may read it.
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkTableId, type TableStream, TOPIC_ROOT, topics } from './protocol.js';

export const ROOM_ROLES = ['room', 'floor', 'commentator', 'overlay', 'public'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

export interface AclRule {
  access: 'read' | 'write';
  /** an MQTT topic filter (+ and # allowed) */
  topic: string;
}

export interface Account {
  username: string;
  password: string;
  rules: AclRule[];
}

export interface RoomAccounts {
  /** the room service, each staff role, and one account per table (username `table-<id>`) */
  accounts: Account[];
}

const all = (stream: TableStream) => topics.allTables(stream);
const read = (topic: string): AclRule => ({ access: 'read', topic });
const write = (topic: string): AclRule => ({ access: 'write', topic });

/** what each staff role reads; no role but commentator has a rule that matches a commentator topic */
export function roleRules(role: RoomRole): AclRule[] {
  switch (role) {
    case 'room':
      return [
        read(all('status')),
        read(all('public')),
        read(all('overlay')),
        read(all('hands')),
        read(all('link')),
        write(all('ack')),
        read(all('ack')),
        // a tournament's seating orders to each table and the tables' answers (src/room/roomTournament.ts)
        write(all('seating')),
        read(all('seating')),
        read(all('seated')),
        write(topics.settings),
        read(topics.settings),
      ];
    case 'floor':
      return [read(all('status')), read(all('public')), read(all('link')), read(topics.settings)];
    case 'commentator':
      return [read(all('commentator')), read(all('public')), read(all('status'))];
    case 'overlay':
      return [read(all('overlay'))];
    case 'public':
      return [read(all('public'))];
    default: {
      const never: never = role;
      throw new Error(`unknown room role ${String(never)}`);
    }
  }
}

export function tableUser(tableId: string): string {
  return `table-${checkTableId(tableId)}`;
}

/** a table writes only under its own id, and reads its acks, its seating orders and the room's settings */
export function tableRules(tableId: string): AclRule[] {
  const out: AclRule[] = (['status', 'public', 'overlay', 'commentator', 'hands', 'link', 'seated'] as const).map((s) =>
    write(topics.table(tableId, s)),
  );
  out.push(read(topics.table(tableId, 'ack')), read(topics.table(tableId, 'seating')), read(topics.settings));
  return out;
}

const secret = () => randomBytes(18).toString('base64url');

/** fresh accounts for the staff roles and the given tables */
export function makeAccounts(tableIds: readonly string[]): RoomAccounts {
  const accounts: Account[] = ROOM_ROLES.map((role) => ({
    username: role,
    password: secret(),
    rules: roleRules(role),
  }));
  for (const id of tableIds) accounts.push({ username: tableUser(id), password: secret(), rules: tableRules(id) });
  return { accounts };
}

export function account(accounts: RoomAccounts, username: string): Account {
  const a = accounts.accounts.find((x) => x.username === username);
  if (!a) throw new Error(`no room account '${username}'`);
  return a;
}

/** adds accounts for tables not yet known (existing secrets are kept) */
export function withTables(accounts: RoomAccounts, tableIds: readonly string[]): RoomAccounts {
  const have = new Set(accounts.accounts.map((a) => a.username));
  const extra = tableIds
    .filter((id) => !have.has(tableUser(id)))
    .map((id) => ({ username: tableUser(id), password: secret(), rules: tableRules(id) }));
  return { accounts: [...accounts.accounts, ...extra] };
}

export const CREDENTIALS_FILE = 'room-accounts.json';

/** the room's accounts in its data folder (mode 600), created on first use */
export function loadAccounts(dir: string, tableIds: readonly string[]): RoomAccounts {
  const path = join(dir, CREDENTIALS_FILE);
  const accounts = existsSync(path)
    ? withTables(JSON.parse(readFileSync(path, 'utf8')) as RoomAccounts, tableIds)
    : makeAccounts(tableIds);
  writeFileSync(path, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return accounts;
}

/**
 * One line of Mosquitto's password file: `user:$7$iterations$salt$hash`, PBKDF2-HMAC-SHA512 with a 12-byte salt and a
 * 64-byte key, both base64 (mosquitto 2.0's format, what `mosquitto_passwd` writes).
 */
export function mosquittoPasswordLine(username: string, password: string, iterations = 101): string {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return `${username}:$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function mosquittoPasswordFile(accounts: RoomAccounts): string {
  return `${accounts.accounts.map((a) => mosquittoPasswordLine(a.username, a.password)).join('\n')}\n`;
}

export function mosquittoAclFile(accounts: RoomAccounts): string {
  const lines = ['# generated by feltwire room: one block per account; nothing is readable without a rule'];
  for (const a of accounts.accounts) {
    lines.push('', `user ${a.username}`);
    for (const r of a.rules) lines.push(`topic ${r.access} ${r.topic}`);
  }
  return `${lines.join('\n')}\n`;
}

/** MQTT topic filter matching (for the in-process broker's checks and for tests) */
export function filterMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/**
 * May `username` subscribe to `filter`? Like Mosquitto's ACL check: a subscription is granted only when a read rule
 * covers it whole (a wildcard subscription wider than every rule is refused, not silently narrowed).
 */
export function maySubscribe(accounts: RoomAccounts, username: string, filter: string): boolean {
  const a = accounts.accounts.find((x) => x.username === username);
  if (!a) return false;
  return a.rules.some((r) => r.access === 'read' && coversFilter(r.topic, filter));
}

export function mayPublish(accounts: RoomAccounts, username: string, topic: string): boolean {
  const a = accounts.accounts.find((x) => x.username === username);
  if (!a) return false;
  return a.rules.some((r) => r.access === 'write' && filterMatches(r.topic, topic));
}

/** may a client with read rights on `rule` receive everything `filter` matches? */
function coversFilter(rule: string, filter: string): boolean {
  const r = rule.split('/');
  const f = filter.split('/');
  for (let i = 0; i < f.length; i++) {
    if (r[i] === '#') return true;
    if (i >= r.length) return false;
    if (f[i] === '#') return false;
    if (r[i] === '+') continue;
    if (f[i] === '+' || f[i] !== r[i]) return false;
  }
  return r.length === f.length;
}

export { TOPIC_ROOT };
