// feltwire enroll: the guided enrollment of decks and chips on the table's enroll antenna, and the deck check.
//   feltwire enroll deck --id blue --serial /dev/ttyACM0      each card in turn over the enroll antenna (2s ... Ac)
//   feltwire enroll chips --set house --denomination 500 ...  each chip of that denomination over the antenna
//   feltwire enroll check --deck blue ...                     every card over the antenna: missing, foreign
//   feltwire enroll list                                      what the registry holds
// The registry (data/registry.json by default) changes only when a flow finishes.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BridgeLink } from '../../hardware/bridge/index.js';
import {
  ChipEnrollment,
  DeckCheck,
  DeckEnrollment,
  type EnrollEvent,
  type EnrollStep,
  loadHardwareFile,
  TableError,
  TableLayer,
  TagRegistry,
} from '../../table/index.js';
import type { Command } from '../main.js';
import { defaultTableFile } from './sim.js';

const USAGE = `usage: feltwire enroll deck|chips|check|list [options]
  --serial PATH        the reader bridge's serial device (or a simulator pty)
  --hardware FILE      the table's hardware file (default hardware/tables/sim-table.json)
  --registry FILE      the registry of decks and chip sets (default data/registry.json)
  deck:  --id ID [--name NAME] [--allow-incomplete]   guided: 52 cards, 2s 2h 2d 2c 3s ... Ac
  chips: --set ID --denomination N [--count N]        each chip of one denomination
  check: --deck ID                                    every card of the deck over the antenna
  --idle SECONDS       finish after this long with no new tag (default 30)
  --play               deck: put the new deck in play`;

class EnrollCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnrollCommandError';
  }
}

const out = (s: string) => process.stdout.write(`${s}\n`);

function describe(step: EnrollStep, expected?: string | null): string {
  switch (step.status) {
    case 'enrolled':
      return `[${String(step.progress).padStart(2)}] ${step.card ?? step.denomination} <- ${step.uid}${expected ? `   next: ${expected}` : ''}`;
    case 'duplicate':
      return `duplicate: tag ${step.uid} is already ${step.card ?? step.denomination} (not counted)`;
    case 'conflict':
      return `refused: tag ${step.uid} belongs to ${step.owner}`;
    case 'complete':
      return `complete: tag ${step.uid} ignored`;
  }
}

export const command: Command = {
  summary: 'enroll decks and chip sets on the enroll antenna; check a deck; list the registry',
  async run(args) {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(args);
    } catch (err) {
      process.stderr.write(`feltwire enroll: ${(err as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const mode = positionals[0];
    if (values.help || !mode) {
      process.stdout.write(`${USAGE}\n`);
      return mode ? 0 : 2;
    }
    const registryPath = resolve(values.registry ?? 'data/registry.json');
    try {
      const registry = TagRegistry.load(registryPath);
      if (mode === 'list') {
        for (const d of registry.listDecks())
          out(`deck ${d.id} (${d.name}): ${d.cards} cards${registry.deckInPlay === d.id ? ', in play' : ''}`);
        for (const c of registry.listChipSets())
          out(
            `chips ${c.id} (${c.name}): ${c.chips} chips ${Object.entries(c.byDenomination)
              .map(([v, n]) => `${n}x${v}`)
              .join(' ')}`,
          );
        return 0;
      }
      if (!['deck', 'chips', 'check'].includes(mode))
        throw new EnrollCommandError(`unknown mode "${mode}" (deck, chips, check, list)`);
      if (!values.serial) throw new EnrollCommandError('--serial PATH is required');
      const hardware = loadHardwareFile(resolve(values.hardware ?? defaultTableFile()));
      let flow: DeckEnrollment | ChipEnrollment | DeckCheck;
      let count = Number.POSITIVE_INFINITY;
      if (mode === 'deck') {
        if (!values.id) throw new EnrollCommandError('deck: --id is required');
        flow = new DeckEnrollment(registry, values.id, values.name ?? values.id);
        out(`enrolling deck "${values.id}": pass each card over the enroll antenna. First: ${flow.expected()}`);
      } else if (mode === 'chips') {
        if (!values.set || !values.denomination)
          throw new EnrollCommandError('chips: --set and --denomination are required');
        const chips = new ChipEnrollment(registry, values.set, values.name ?? values.set);
        chips.setDenomination(Number(values.denomination));
        flow = chips;
        if (values.count) count = Number(values.count);
        out(`enrolling ${values.denomination} chips into set "${values.set}": pass each chip over the enroll antenna`);
      } else {
        if (!values.deck) throw new EnrollCommandError('check: --deck is required');
        flow = new DeckCheck(registry, values.deck);
        out(`checking deck "${values.deck}": pass every card over the enroll antenna`);
      }
      const idleMs = Number(values.idle ?? 30) * 1000;
      const link = await BridgeLink.open({ path: values.serial, baudRate: hardware.bridge?.baudRate ?? 115200 });
      const layer = new TableLayer({ hardware, registry });
      layer.attach(link);
      layer.beginEnrollment(flow);
      await new Promise<void>((done) => {
        let idle = setTimeout(done, idleMs);
        layer.on('enroll', (e: EnrollEvent) => {
          out(describe(e.step, e.expected));
          clearTimeout(idle);
          const finished =
            (flow instanceof DeckEnrollment && flow.expected() === null) ||
            (flow instanceof ChipEnrollment && flow.report().total >= count);
          idle = finished ? setTimeout(done, 0) : setTimeout(done, idleMs);
        });
        process.once('SIGINT', () => {
          clearTimeout(idle);
          done();
        });
      });
      layer.endEnrollment();
      layer.close();
      await link.close();
      if (flow instanceof DeckEnrollment) {
        const r = flow.report();
        out(
          `${r.progress}/52 cards; missing: ${r.missing.join(' ') || 'none'}; duplicates: ${r.duplicates.length}; refused: ${r.conflicts.length}`,
        );
        flow.finish({ allowIncomplete: values['allow-incomplete'] });
        if (values.play) registry.setDeckInPlay(flow.deckId);
        registry.save(registryPath);
        out(`deck "${flow.deckId}" saved to ${registryPath}`);
        return r.missing.length ? 1 : 0;
      }
      if (flow instanceof ChipEnrollment) {
        const r = flow.finish();
        registry.save(registryPath);
        out(
          `${r.total} chips (${Object.entries(r.counts)
            .map(([v, n]) => `${n}x${v}`)
            .join(' ')}) saved to ${registryPath}; duplicates: ${r.duplicates.length}`,
        );
        return 0;
      }
      const r = flow.report();
      out(`deck "${r.deck}": ${r.present}/52 present; missing: ${r.missing.join(' ') || 'none'}`);
      for (const f of r.foreign) out(`foreign: ${f.card} of deck "${f.deck}" (tag ${f.uid})`);
      for (const u of r.unknown) out(`unknown tag: ${u}`);
      out(r.ok ? 'deck OK' : 'deck NOT OK');
      return r.ok ? 0 : 1;
    } catch (err) {
      if (
        err instanceof TableError ||
        err instanceof EnrollCommandError ||
        (err as { name?: string }).name === 'BridgeError'
      ) {
        process.stderr.write(`feltwire enroll: ${(err as Error).message}\n`);
        return 2;
      }
      throw err;
    }
  },
};

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      serial: { type: 'string' },
      hardware: { type: 'string' },
      registry: { type: 'string' },
      id: { type: 'string' },
      name: { type: 'string' },
      set: { type: 'string' },
      denomination: { type: 'string' },
      count: { type: 'string' },
      deck: { type: 'string' },
      idle: { type: 'string' },
      play: { type: 'boolean' },
      'allow-incomplete': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
