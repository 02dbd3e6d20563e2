// feltwire sim: the simulated table on its own. With --pty it creates the reader bridge's (and the dealer panel's)
// pseudo-terminals and plays hands on them for a service started separately (`feltwire start --serial PATH --panel
// PATH2 --registry FILE`), reckoning each hand itself (it cannot read that service's session); without --pty it
// plays against that reckoning only and prints each hand (a dry run).
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { FeltwireError } from '../../errors.js';
import { EXPECTED_ALERT, INJECTIONS, type InjectKind, type SimHandReport, Simulator } from '../../sim/index.js';
import { loadHardwareFile, TableError } from '../../table/index.js';
import { defineCommand } from '../options.js';

export class SimCommandError extends FeltwireError<'BAD_OPTION'> {
  constructor(message: string) {
    super('BAD_OPTION', message);
    this.name = 'SimCommandError';
  }
  get status(): number {
    return 400;
  }
}

/** hardware/tables/sim-table.json of this checkout, whether running from src/ (tests) or from dist/src/ */
export function defaultTableFile(): string {
  for (const up of ['../../../', '../../../../']) {
    const p = fileURLToPath(new URL(`${up}hardware/tables/sim-table.json`, import.meta.url));
    if (existsSync(p)) return p;
  }
  return resolve('hardware/tables/sim-table.json');
}

function num(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new SimCommandError(`--${name} must be a positive number, got "${v}"`);
  return n;
}

export const command = defineCommand(
  {
    name: 'sim',
    summary: 'the simulated table: over ptys for a separate service (--pty), or a dry run',
    about: [
      "  with --pty it creates the reader bridge's (and the dealer panel's) pseudo-terminals and plays hands on them",
      '  for a service started separately (feltwire start --serial PATH --panel PATH2 --registry FILE); without --pty',
      '  it plays against its own reckoning of the rules (no service to read) and prints each hand (a dry run)',
    ],
    options: {
      pty: {
        type: 'string',
        arg: 'PATH',
        help: "create the reader bridge's pty; the service opens PATH (a symlink), e.g. /tmp/feltwire-bridge",
      },
      'panel-pty': {
        type: 'string',
        arg: 'PATH',
        defaultText: 'PATH-panel',
        help: "the dealer panel's pty (StandardFirmata emulator)",
      },
      'no-panel': { type: 'boolean', help: 'no dealer panel pty' },
      table: {
        type: 'string',
        arg: 'FILE',
        defaultText: 'hardware/tables/sim-table.json',
        help: "the table's hardware file",
      },
      'registry-out': {
        type: 'string',
        arg: 'FILE',
        help: "write the simulator's decks and chips (the service's --registry)",
      },
      'config-out': {
        type: 'string',
        arg: 'FILE',
        help: "write the first hand's table (seats, button, blinds) as JSON",
      },
      hands: { type: 'string', arg: 'N', defaultText: 'until Ctrl-C', help: 'play N hands, then stop' },
      speed: { type: 'string', arg: 'X', default: '1', help: '1 = table pace, 10 = ten times faster' },
      seed: { type: 'string', arg: 'N', default: '1', help: 'random seed' },
      inject: {
        type: 'string',
        arg: 'LIST',
        help: `mistakes to make, comma-separated, one every --inject-every hands:\n${INJECTIONS.join(', ')}`,
      },
      'inject-every': { type: 'string', arg: 'N', default: '10', help: 'hands between two injected mistakes' },
      tablet: {
        type: 'string',
        arg: 'URL',
        help: "the service's dealer websocket (ws://HOST:PORT/ws?token=DEALER_TOKEN): the dealer's taps\n(checks) are sent there; without it they are printed",
      },
      json: { type: 'boolean', help: 'one JSON object per hand on stdout' },
    },
  },
  async ({ values }) => {
    let sim: Simulator;
    let injections: InjectKind[];
    let every: number;
    let hands: number;
    try {
      const hardware = loadHardwareFile(resolve(values.table ?? defaultTableFile()));
      injections = (values.inject ?? '')
        .split(',')
        .filter(Boolean)
        .map((k) => {
          if (!(INJECTIONS as readonly string[]).includes(k))
            throw new SimCommandError(`unknown mistake "${k}" for --inject (one of ${INJECTIONS.join(', ')})`);
          return k as InjectKind;
        });
      every = num(values['inject-every'], 'inject-every');
      hands = values.hands === undefined ? Number.POSITIVE_INFINITY : num(values.hands, 'hands');
      sim = new Simulator({ hardware, speed: num(values.speed, 'speed'), seed: num(values.seed, 'seed') });
    } catch (err) {
      if (err instanceof TableError || err instanceof SimCommandError) {
        process.stderr.write(`feltwire sim: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
    if (values['registry-out']) sim.registry.save(resolve(values['registry-out']));
    if (values['config-out'])
      writeFileSync(resolve(values['config-out']), `${JSON.stringify(sim.tableConfig(), null, 2)}\n`);
    const say = (line: string) => process.stderr.write(`${line}\n`);
    let ws: WebSocket | null = null;
    let stopTablet = () => {};
    if (values.pty) {
      const panelPath = values['no-panel'] ? undefined : (values['panel-pty'] ?? `${values.pty}-panel`);
      const paths = await sim.connectPty({
        bridgeLink: resolve(values.pty),
        panelLink: panelPath && resolve(panelPath),
        panel: !values['no-panel'],
      });
      say(`reader bridge on ${paths.bridge}${paths.panel ? `, dealer panel on ${paths.panel}` : ''}`);
      if (values.tablet) {
        // the service may start after the simulator (it opens the pty the simulator made): connect, and reconnect,
        // in the background; taps wait for the socket
        const url = values.tablet;
        const queue: string[] = [];
        let closing = false;
        const connect = () => {
          const socket = new WebSocket(url);
          ws = socket;
          socket.on('open', () => {
            say(`dealer taps go to ${url.replace(/token=[^&]+/, 'token=...')}`);
            for (const m of queue.splice(0)) socket.send(m);
          });
          socket.on('message', (data) => {
            const msg = JSON.parse(String(data)) as { type?: string; message?: string };
            if (msg.type === 'error') say(`tablet refused: ${msg.message}`);
          });
          socket.on('error', () => {});
          socket.on('close', () => {
            if (!closing) setTimeout(connect, 500);
          });
        };
        connect();
        stopTablet = () => {
          closing = true;
          ws?.close();
        };
        sim.on('tablet', (t) => {
          const m = JSON.stringify({ type: 'say', seat: t.seat, say: t.say });
          if (ws?.readyState === WebSocket.OPEN) ws.send(m);
          else queue.push(m);
        });
      } else {
        say('checks are taps on the dealer tablet: they are printed here as "tap: check seat N" (or use --tablet)');
        sim.on('tablet', (t) => say(`tap: ${t.say} seat ${t.seat}`));
      }
    } else {
      sim.offline();
      say('dry run: no transport, the players and the dealer against the rules engine only');
    }
    sim.on('log', say);
    sim.on('hand', (r: SimHandReport) => {
      if (values.json) process.stdout.write(`${JSON.stringify(r)}\n`);
      else
        process.stdout.write(
          `hand ${r.hand}: ${r.complete ? 'complete' : `not complete (${r.phase})`}; stacks ${Object.entries(r.stacks)
            .map(([s, v]) => `${s}:${v}`)
            .join(
              ' ',
            )}${r.alerts.length ? `; alerts ${r.alerts.join(' ')}` : ''}${r.injected.length ? `; injected ${r.injected.join(' ')}` : ''}\n`,
        );
      if (injections.length && r.hand % every === 0) {
        const kind = injections.shift() as InjectKind;
        sim.inject(kind);
        say(`next: ${kind} (expect ${EXPECTED_ALERT[kind]})`);
      }
    });
    const stop = () => sim.stop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      await sim.run(hands);
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      stopTablet();
      await sim.close();
    }
    return 0;
  },
);
