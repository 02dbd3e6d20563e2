// The wire's and the files' types come from their JSON Schemas (src/schema/fromSchema.ts): a schema changed is a type
// changed, and what ajv accepts with a schema is a value of its type. The `expectTypeOf` and `@ts-expect-error` lines
// are checked by the compiler (`npm run typecheck`, part of `npm test`): a schema that stops giving the type written
// here does not build. The runtime checks run the same schemas through ajv, as the service does.
import { Ajv } from 'ajv';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Zone } from '../../src/engine/zone.js';
import {
  checkMessage,
  encodeMessage,
  type RoomClock,
  RoomProtocolError,
  SCHEMAS,
  type SettingsMessage,
  type StatusMessage,
} from '../../src/room/protocol.js';
import { type FromSchema, typed } from '../../src/schema/fromSchema.js';
import { type FloorRuling, type InboundMessage, parseInbound } from '../../src/server/messages.js';
import type { PlayedHand } from '../../src/store/playedHand.js';
import { type HardwareFile, hardwareFileSchema, validateHardwareFile } from '../../src/table/hardwareFile.js';
import { type RegistryJson, TagRegistry } from '../../src/table/registry.js';

const ajv = new Ajv({ strict: true, allowUnionTypes: true });

/** a seat's bet: the schema of version A of some message */
const betA = {
  type: 'object',
  additionalProperties: false,
  required: ['seat', 'say'],
  properties: {
    seat: { type: 'integer', minimum: 1, maximum: 10 },
    say: { enum: ['check', 'bet'] },
    to: { type: 'integer' },
  },
} as const;

/** version B: `to` required, a third declaration, a note that may be null, the blinds as a pair */
const betB = {
  ...betA,
  required: [...betA.required, 'to'],
  properties: {
    ...betA.properties,
    say: { enum: ['check', 'bet', 'raise'] },
    note: { type: ['string', 'null'] },
    blinds: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer' } },
  },
} as const;

describe('FromSchema: a schema changed is a type changed', () => {
  it('gives required, optional, enum, nullable and tuple fields as the schema says', () => {
    expectTypeOf<FromSchema<typeof betA>>().toEqualTypeOf<{ seat: number; say: 'check' | 'bet'; to?: number }>();
    expectTypeOf<FromSchema<typeof betB>>().toEqualTypeOf<{
      seat: number;
      say: 'check' | 'bet' | 'raise';
      to: number;
      note?: string | null;
      blinds?: [number, number];
    }>();
    expectTypeOf<FromSchema<typeof betB>>().not.toEqualTypeOf<FromSchema<typeof betA>>();
    // version A's value is not a version B one: `to` is now required
    // @ts-expect-error `to` is missing
    const b: FromSchema<typeof betB> = { seat: 1, say: 'check' };
    // and ajv says the same with the same schema
    expect(ajv.validate(betB, b)).toBe(false);
    expect(ajv.validate(betA, b)).toBe(true);
  });

  it('gives const, records, unions of schemas, arrays and anything', () => {
    const s = {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'byName', 'either', 'list', 'any'],
      properties: {
        kind: { const: 'x' },
        byName: { type: 'object', additionalProperties: { type: 'boolean' } },
        either: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        one: { oneOf: [{ const: 1 }, { const: 'one' }] },
        list: { type: 'array', items: { type: 'string' } },
        long: { type: 'array', minItems: 2, maxItems: 20, items: { type: 'number' } },
        any: {},
        nothing: { not: {} },
        open: { type: 'object' },
      },
    } as const;
    expectTypeOf<FromSchema<typeof s>>().toEqualTypeOf<{
      kind: 'x';
      byName: Record<string, boolean>;
      either: number | null;
      one?: 1 | 'one';
      list: string[];
      long?: number[];
      any: unknown;
      nothing?: never;
      open?: Record<string, unknown>;
    }>();
    const value: FromSchema<typeof s> = { kind: 'x', byName: { a: true }, either: null, list: [], any: 3 };
    expect(ajv.validate(s, value)).toBe(true);
    expect(ajv.validate(s, { ...value, nothing: 1 })).toBe(false);
  });

  it('typed<T>() narrows the type and leaves the schema as it is', () => {
    const plain = { type: 'string', pattern: '^(seat[0-9]+|board)$' } as const;
    const zone = typed<Zone>()(plain);
    expectTypeOf<FromSchema<typeof plain>>().toEqualTypeOf<string>();
    expectTypeOf<FromSchema<typeof zone>>().toEqualTypeOf<Zone>();
    // nothing is added at run time: ajv (strict) compiles it, and it checks the same
    expect(zone).toBe(plain);
    expect(Object.getOwnPropertySymbols(zone)).toEqual([]);
    expect(Reflect.ownKeys(zone)).toEqual(['type', 'pattern']);
    const check = ajv.compile(zone);
    expect(check('seat3')).toBe(true);
    expect(check('bet3')).toBe(false);
  });
});

describe("the service's schemas are its types", () => {
  it('inbound messages: each type is its schema, and what parseInbound returns is one of them', () => {
    expectTypeOf<Extract<InboundMessage, { type: 'say' }>>().toEqualTypeOf<{
      type: 'say';
      ref?: string | number;
      version?: number;
      seat: number;
      say: 'check' | 'call' | 'fold' | 'bet' | 'raise' | 'allin';
      to?: number;
    }>();
    expectTypeOf<FloorRuling>().toEqualTypeOf<'kill' | 'fold' | 'call' | 'act'>();
    expectTypeOf<InboundMessage['type']>().toEqualTypeOf<
      | 'say'
      | 'dealer'
      | 'clock'
      | 'ack'
      | 'decision'
      | 'kill'
      | 'ruling'
      | 'absent'
      | 'penalty'
      | 'misdeal'
      | 'void'
      | 'resync'
      | 'stands'
      | 'award'
      | 'ping'
    >();
    const award: InboundMessage = { type: 'award', seats: [2, 5], pot: 1, by: 'Ana' };
    expect(parseInbound(JSON.stringify(award), 'floor')).toEqual(award);
    // @ts-expect-error a field the schema refuses is no field of the type
    const extra: InboundMessage = { type: 'ping', extra: 1 };
    expect(() => parseInbound(JSON.stringify(extra), 'floor')).toThrow(/must NOT have additional properties/);
  });

  it("the room's payloads: a status's tuples and nullables, a settings message's optional clock", () => {
    expectTypeOf<StatusMessage['blinds']>().toEqualTypeOf<[number, number]>();
    expectTypeOf<StatusMessage['lastHandWall']>().toEqualTypeOf<number | null>();
    expectTypeOf<StatusMessage['v']>().toEqualTypeOf<1 | 2>();
    expectTypeOf<StatusMessage['health']['readers']>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf<SettingsMessage['clock']>().toEqualTypeOf<RoomClock | undefined>();
    expectTypeOf<RoomClock['next']>().toEqualTypeOf<
      | {
          isBreak: boolean;
          level?: number;
          blinds?: [number, number];
          bbAnte?: number;
          minutes?: number;
        }
      | undefined
    >();
    expectTypeOf<ReturnType<typeof checkMessage<'hand'>>['hand']>().toEqualTypeOf<PlayedHand>();
    const settings: SettingsMessage = {
      v: 2,
      kind: 'settings',
      version: 3,
      level: { blinds: [100, 200], bbAnte: 200 },
      breaks: [{ fromWall: 1, minutes: 15 }],
      sent: 5,
      clock: { level: 4, isBreak: false, leftMs: 60_000, running: true, blinds: [100, 200], next: { isBreak: true } },
    };
    expect(JSON.parse(encodeMessage('settings', settings))).toEqual(settings);
    // the blinds are a pair in the schema and in the type
    // @ts-expect-error three blinds
    const three: SettingsMessage = { ...settings, level: { blinds: [1, 2, 3], bbAnte: 0 } };
    expect(() => checkMessage('settings', three)).toThrow(RoomProtocolError);
    expect(ajv.validate(SCHEMAS.settings, settings)).toBe(true);
  });

  it('the hardware file and the registry file', () => {
    expectTypeOf<HardwareFile['antennas'][number]['zone']>().toEqualTypeOf<Zone | 'enroll'>();
    expectTypeOf<HardwareFile['readers'][number]['role']>().toEqualTypeOf<'cards' | 'chips' | 'enroll'>();
    expectTypeOf<NonNullable<HardwareFile['panel']>['seatLeds']>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<HardwareFile['bridge']>().toEqualTypeOf<{ antennas: number; baudRate?: number } | undefined>();
    expectTypeOf<RegistryJson>().toEqualTypeOf<{
      deckInPlay: string | null;
      decks: { id: string; name: string; cards: Record<string, string> }[];
      chipSets: { id: string; name: string; chips: Record<string, number> }[];
    }>();
    const zones = ['seat1', 'seat2', 'bet1', 'bet2', 'board', 'burn', 'muck'] as const;
    const hw: HardwareFile = {
      name: 'two seats',
      seats: 2,
      readers: [{ id: 'r', ic: 'PN5180', role: 'cards' }],
      antennas: zones.map((zone, antenna) => ({ antenna, zone, reader: 'r' })),
    };
    expect(validateHardwareFile(hw)).toEqual(hw);
    expect(ajv.validate(hardwareFileSchema, { ...hw, seats: 11 })).toBe(false);
    const registry: RegistryJson = { deckInPlay: null, decks: [], chipSets: [{ id: 's', name: 'S', chips: {} }] };
    expect(TagRegistry.fromJSON(registry).toJSON()).toEqual(registry);
  });
});
