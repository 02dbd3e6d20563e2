// Role tokens: one secret per non-public role, generated on first start, kept with the data (mode 600),
// rotatable. A token names its role: the server never trusts a role a client claims.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FeltwireError, statusOf } from '../errors.js';
import { PRIVATE_ROLES, type Role, type TokenRole } from '../views/liveState.js';

export class TokenError extends FeltwireError<'TOKEN_FILE_INVALID' | 'UNKNOWN_ROLE'> {
  constructor(code: 'TOKEN_FILE_INVALID' | 'UNKNOWN_ROLE', message: string) {
    super(code, message);
    this.name = 'TokenError';
  }
  /** an unreadable token file is the service's storage (503); a role without a token was asked wrongly */
  get status(): number {
    return statusOf(this.code, 400, { TOKEN_FILE_INVALID: 503 });
  }
}

export type TokenMap = Record<TokenRole, string>;

const newToken = (): string => randomBytes(24).toString('base64url');

export function isTokenRole(role: string): role is TokenRole {
  return (PRIVATE_ROLES as readonly string[]).includes(role);
}

export class TokenStore {
  private tokens: TokenMap;
  /** tokens created by this process (printed once by `feltwire start`) */
  readonly created: TokenRole[];
  private readonly listeners = new Set<(role: TokenRole) => void>();

  private constructor(
    private readonly file: string | null,
    tokens: TokenMap,
    created: TokenRole[],
  ) {
    this.tokens = tokens;
    this.created = created;
  }

  /** In-memory tokens (tests); `given` fixes some of them. */
  static memory(given: Partial<TokenMap> = {}): TokenStore {
    const t = {} as TokenMap;
    for (const r of PRIVATE_ROLES) t[r] = given[r] ?? newToken();
    return new TokenStore(null, t, []);
  }

  /** Loads `<dir>/tokens.json`, creating missing tokens (file mode 600). */
  static open(dir: string): TokenStore {
    const file = join(dir, 'tokens.json');
    let stored: Partial<Record<string, unknown>> = {};
    if (existsSync(file)) {
      try {
        stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch (err) {
        throw new TokenError('TOKEN_FILE_INVALID', `${file} is not valid JSON: ${(err as Error).message}`);
      }
    }
    const tokens = {} as TokenMap;
    const created: TokenRole[] = [];
    for (const r of PRIVATE_ROLES) {
      const v = stored[r];
      if (typeof v === 'string' && v.length >= 16) tokens[r] = v;
      else {
        tokens[r] = newToken();
        created.push(r);
      }
    }
    const store = new TokenStore(file, tokens, created);
    if (created.length > 0) store.save();
    else chmodSync(file, 0o600);
    return store;
  }

  /** The role a token opens, or null (a wrong token opens nothing). */
  roleOf(token: string | undefined | null): TokenRole | null {
    if (!token) return null;
    const given = Buffer.from(token);
    let found: TokenRole | null = null;
    for (const r of PRIVATE_ROLES) {
      const want = Buffer.from(this.tokens[r]);
      if (want.length === given.length && timingSafeEqual(want, given)) found = r;
    }
    return found;
  }

  tokenOf(role: TokenRole): string {
    return this.tokens[role];
  }

  /** A new secret for the role; the old one stops working at once (sockets opened with it are closed). */
  rotate(role: Role): string {
    if (!isTokenRole(role)) throw new TokenError('UNKNOWN_ROLE', `role '${role}' has no token`);
    this.tokens = { ...this.tokens, [role]: newToken() };
    this.save();
    for (const fn of this.listeners) fn(role);
    return this.tokens[role];
  }

  onRotate(fn: (role: TokenRole) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.tokens, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.file);
  }
}
