// The websocket to the live service, as a small store the views subscribe to. The connection state is the truth:
// 'open' only while messages keep arriving (a ping every second is answered), 'closed' within ~2.5 s of the service
// going quiet or away, 'unauthorized' when the token is refused, 'notoken' when a private page has none.
// The token comes once in the page's URL; it is kept for the tab (sessionStorage) and removed from the address bar
// (history.replaceState), so that it does not stay on screen, in the history or in a copied link.
import { useEffect, useState } from 'preact/hooks';
import type { TapOutcome } from '../../src/server/outcomes.js';
import type { RoleView } from '../../src/views/views.js';

export type Conn = 'connecting' | 'open' | 'closed' | 'unauthorized' | 'notoken';

export interface ServerError {
  code: string;
  message: string;
  ref?: string | number;
}

export interface LiveSnapshot {
  conn: Conn;
  view: RoleView | null;
  delayMs: number;
  role: string;
  /** the last error the service sent (refused tap, bad input), with when */
  error: (ServerError & { at: number }) | null;
  /** the ref of the last message the service confirmed */
  okRef: string | number | null;
  /** what the engine did with that message (the service's answer) */
  outcome: TapOutcome | null;
}

const KEY = () => `feltwire.token.${location.pathname}`;

/** The page's token: from the URL once (then removed from the address bar), else the tab's stored one. */
export function token(): string | null {
  const url = new URL(location.href);
  const q = url.searchParams.get('token');
  if (q) {
    sessionStorage.setItem(KEY(), q);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return q;
  }
  return sessionStorage.getItem(KEY());
}

type Outbound = Record<string, unknown> & { type: string };

export class LiveStore {
  private snap: LiveSnapshot;
  private readonly subs = new Set<() => void>();
  private ws: WebSocket | null = null;
  private lastHeard = 0;
  private retry = 300;
  private refSeq = 0;
  private readonly tok: string | null;

  constructor(opts: { needsToken: boolean }) {
    this.tok = token();
    this.snap = {
      conn: opts.needsToken && !this.tok ? 'notoken' : 'connecting',
      view: null,
      delayMs: 0,
      role: 'public',
      error: null,
      okRef: null,
      outcome: null,
    };
    if (this.snap.conn === 'notoken') return;
    this.open();
    setInterval(() => this.watch(), 500);
  }

  get(): LiveSnapshot {
    return this.snap;
  }

  get authToken(): string | null {
    return this.tok;
  }

  subscribe(f: () => void): () => void {
    this.subs.add(f);
    return () => this.subs.delete(f);
  }

  /** Sends a message; returns its ref, or null when the socket is not open (nothing is sent then). */
  send(msg: Outbound): number | null {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.snap.conn !== 'open') return null;
    const ref = ++this.refSeq;
    this.ws.send(JSON.stringify({ ...msg, ref }));
    return ref;
  }

  private set(patch: Partial<LiveSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const f of this.subs) f();
  }

  private open(): void {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    // the token travels as a subprotocol, never in the URL: a browser prints a failed socket's URL in its console
    const ws = new WebSocket(`${proto}://${location.host}/ws`, this.tok ? ['feltwire', `fwtoken.${this.tok}`] : []);
    this.ws = ws;
    // the handshake's age counts from now (watch: one hanging over 4 s is given up)
    this.lastHeard = performance.now();
    ws.onopen = () => {
      this.lastHeard = performance.now();
      this.retry = 300;
    };
    ws.onmessage = (e) => {
      this.lastHeard = performance.now();
      const msg = JSON.parse(String(e.data)) as {
        type: string;
        view?: RoleView | null;
        delayMs?: number;
        role?: string;
        code?: string;
        message?: string;
        ref?: string | number;
        outcome?: TapOutcome;
      };
      if (msg.type === 'hello') this.set({ role: msg.role ?? 'public', conn: 'open', delayMs: msg.delayMs ?? 0 });
      else if (msg.type === 'view')
        this.set({ view: msg.view ?? null, delayMs: msg.delayMs ?? this.snap.delayMs, conn: 'open' });
      else if (msg.type === 'error') {
        const err = { code: msg.code ?? 'ERROR', message: msg.message ?? '', ref: msg.ref, at: Date.now() };
        if (msg.code === 'UNAUTHORIZED') this.set({ conn: 'unauthorized', view: null, error: err });
        else this.set({ error: err });
      } else if (msg.type === 'ok') {
        if (this.snap.conn !== 'open') this.set({ conn: 'open' });
        if (msg.ref !== undefined && typeof msg.ref === 'number' && msg.ref > 0)
          this.set({ okRef: msg.ref, outcome: msg.outcome ?? null });
      }
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (e.code === 4401 || this.snap.conn === 'unauthorized') {
        this.set({ conn: 'unauthorized', view: null });
        return; // a refused token: do not hammer the server
      }
      this.set({ conn: 'closed' });
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 2000);
    };
  }

  /** Pings every second; a socket silent for 2.5 s is dead, whatever the browser thinks. */
  private watch(): void {
    const ws = this.ws;
    if (!ws) return;
    if (ws.readyState === WebSocket.OPEN) {
      if (performance.now() - this.lastHeard > 2500) {
        this.set({ conn: 'closed' });
        this.ws = null;
        ws.onclose = null;
        ws.close();
        setTimeout(() => this.open(), this.retry);
        return;
      }
      ws.send(JSON.stringify({ type: 'ping', ref: 0 }));
    } else if (ws.readyState === WebSocket.CONNECTING && performance.now() - this.lastHeard > 4000) {
      // a handshake left hanging (a connection the service accepted as it stopped): given up and tried again. The
      // browser opens one websocket to a host at a time, so a hung one would hold every later one back too
      this.lastHeard = performance.now();
      this.set({ conn: 'closed' });
      this.ws = null;
      ws.onclose = null;
      ws.close();
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 2000);
    }
  }
}

/** The store's snapshot as preact state: the component re-renders on every change, preact patches what changed. */
export function useLive(store: LiveStore): LiveSnapshot {
  const [snap, setSnap] = useState(store.get());
  useEffect(() => {
    const sync = () => setSnap(store.get());
    const off = store.subscribe(sync);
    // the socket may have answered between the first render and this effect (preact runs effects after a frame, later
    // on a busy tablet): what it said then reached no subscriber, and a page would show "connecting" until the next
    // change of the hand
    sync();
    return off;
  }, [store]);
  return snap;
}

/** Re-renders once a second (clocks, countdowns). */
export function useTick(ms = 250): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setN((x) => x + 1), ms);
    return () => clearInterval(id);
  }, [ms]);
  return n;
}
