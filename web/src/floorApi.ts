// The floor page's connection: its store, the ref of the last decision sent, and its REST calls.
import { errorText, makeStore, type RoleView } from './ui.js';

export const store = makeStore(true);

export interface HandRow {
  handNo: number;
  complete: boolean;
  events: number;
  button: number;
}
export interface Step {
  wall: number;
  event: string;
  refused: string | null;
  view: RoleView | null;
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const tok = store.authToken;
  const headers: Record<string, string> = tok ? { authorization: `Bearer ${tok}` } : {};
  if (init.body) headers['content-type'] = 'application/json';
  const r = await fetch(path, { ...init, headers });
  if (!r.ok) {
    let code = String(r.status);
    let message = '';
    try {
      const b = (await r.json()) as { error?: string; message?: string };
      code = b.error ?? code;
      message = b.message ?? '';
    } catch {
      // not JSON
    }
    throw Object.assign(new Error(message), { code });
  }
  return (await r.json()) as T;
}

export const errOf = (e: unknown): string => {
  const x = e as { code?: string; message?: string };
  return errorText(x.code ?? 'ERROR', x.message ?? String(e));
};

/** The ref of the last decision sent: the service's answer to it is shown in the notice. */
export const sent: { ref: number | null } = { ref: null };
