// feltwire enroll: the guided enrollment of decks and chips on the table's enroll antenna, and the deck check.
//   feltwire enroll deck --id blue --serial /dev/ttyACM0      each card in turn over the enroll antenna (2s ... Ac)
//   feltwire enroll chips --set house --denomination 500 ...  each chip of that denomination over the antenna
//   feltwire enroll check --deck blue ...                     every card over the antenna: missing, foreign
//   feltwire enroll list                                      what the registry holds
// The registry (data/registry.json by default) changes only when a flow finishes.
import { resolve } from 'node:path';
import { FeltwireError } from '../../errors.js';
import { BridgeLink } from '../../hardware/bridge/index.js';
import {
  ChipEnrollment,
  checkUidPrefixes,
  DeckCheck,
  DeckEnrollment,
  type EnrollEvent,
  type EnrollStep,
  loadHardwareFile,
  prefixAdvice,
  TableError,
  TableLayer,
  TagRegistry,
} from '../../table/index.js';
import { defineCommand, UsageError } from '../options.js';
import { defaultTableFile } from './sim.js';

class EnrollCommandError extends FeltwireError<'BAD_OPTION'> {
  constructor(message: string) {
    super('BAD_OPTION', message);
    this.name = 'EnrollCommandError';
  }
  get status(): number {
    return 400;
  }
}

const out = (s: string) => process.stdout.write(`${s}\n`);

/** A registry the bridge could not keep every tag of is not saved. */
function refuseOverCapacity(registry: TagRegistry, path: string): void {
  const check = checkUidPrefixes(registry.uids());
  if (!check.ok) throw new EnrollCommandError(`not saved to ${path}: ${prefixAdvice(check)}`);
}

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

export const command = defineCommand(
  {
    name: 'enroll',
    summary: 'enroll decks and chip sets on the enroll antenna; check a deck; list the registry',
    synopsis: 'deck|chips|check|list [options]',
    about: [
      '  deck                 guided: the 52 cards in turn over the enroll antenna, 2s 2h 2d 2c 3s ... Ac (--id)',
      '  chips                each chip of one denomination over the antenna (--set, --denomination)',
      '  check                every card of a deck over the antenna: missing, foreign (--deck)',
      '  list                 what the registry holds',
      '  the registry changes only when a flow finishes',
    ],
    positionals: true,
    options: {
      serial: { type: 'string', arg: 'PATH', help: "the reader bridge's serial device (or a simulator pty)" },
      hardware: {
        type: 'string',
        arg: 'FILE',
        defaultText: 'hardware/tables/sim-table.json',
        help: "the table's hardware file",
      },
      registry: {
        type: 'string',
        arg: 'FILE',
        default: 'data/registry.json',
        help: 'the registry of decks and chip sets',
      },
      id: { type: 'string', arg: 'ID', help: "deck: the new deck's id" },
      name: { type: 'string', arg: 'NAME', defaultText: 'the id', help: "deck, chips: the deck's or chip set's name" },
      'allow-incomplete': { type: 'boolean', help: 'deck: save a deck with cards missing' },
      play: { type: 'boolean', help: 'deck: put the new deck in play' },
      set: { type: 'string', arg: 'ID', help: "chips: the chip set's id" },
      denomination: { type: 'string', arg: 'N', help: "chips: the chips' value" },
      count: { type: 'string', arg: 'N', help: 'chips: finish after N chips' },
      deck: { type: 'string', arg: 'ID', help: 'check: the deck to check' },
      idle: { type: 'string', arg: 'SECONDS', default: '30', help: 'finish after this long with no new tag' },
    },
  },
  async ({ values, positionals }) => {
    const mode = positionals[0];
    if (!mode) throw new UsageError('say what to do: deck, chips, check or list');
    const registryPath = resolve(values.registry);
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
        const p = checkUidPrefixes(registry.uids());
        out(`UID prefixes: ${p.count} of the bridge's ${p.capacity}${p.ok ? '' : ` -- ${prefixAdvice(p)}`}`);
        return p.ok ? 0 : 1;
      }
      if (!['deck', 'chips', 'check'].includes(mode))
        throw new EnrollCommandError(`unknown mode "${mode}" (deck, chips, check, list)`);
      if (!values.serial) throw new EnrollCommandError('--serial PATH is required');
      // the reader bridge keeps 16 UID prefixes (uidPrefixes.ts): a registry already beyond them is refused before
      // anything is enrolled into it
      const before = checkUidPrefixes(registry.uids());
      if (mode !== 'check' && !before.ok)
        throw new EnrollCommandError(`${registryPath}: ${prefixAdvice(before)}; nothing enrolled`);
      const added: string[] = [];
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
      const idleMs = Number(values.idle) * 1000;
      const link = await BridgeLink.open({ path: values.serial, baudRate: hardware.bridge?.baudRate ?? 115200 });
      const layer = new TableLayer({ hardware, registry });
      layer.attach(link);
      layer.beginEnrollment(flow);
      await new Promise<void>((done) => {
        let idle = setTimeout(done, idleMs);
        layer.on('enroll', (e: EnrollEvent) => {
          out(describe(e.step, e.expected));
          if (e.step.status === 'enrolled' && mode !== 'check') {
            // said at the tag that brings one prefix too many, so that the technician sets it aside at once
            added.push(e.step.uid);
            const now = checkUidPrefixes([...registry.uids(), ...added]);
            if (now.beyond.some((b) => b.uid === e.step.uid.toUpperCase()))
              out(`warning: tag ${e.step.uid} needs a UID prefix beyond the bridge's: ${prefixAdvice(now)}`);
          }
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
        refuseOverCapacity(registry, registryPath);
        registry.save(registryPath);
        out(`deck "${flow.deckId}" saved to ${registryPath}`);
        return r.missing.length ? 1 : 0;
      }
      if (flow instanceof ChipEnrollment) {
        const r = flow.finish();
        refuseOverCapacity(registry, registryPath);
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
);
