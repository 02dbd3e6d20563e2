// The table's hardware file: which antenna of the reader bridge lies under which zone of the felt, which reader IC
// drives it, and (optionally) the dealer panel's pins. One schema, validated once when the file is loaded; every
// error names the field (`antennas[3].zone`), so a maker can fix the file without reading code.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { type AntennaZone, betZone, parseZone, seatZone } from '../engine/zone.js';
import { type FromSchema, typed } from '../schema/fromSchema.js';
import { TableError } from './errors.js';

export type ZoneName = AntennaZone;

const ZONE_PATTERN = '^(seat([1-9]|10)|bet([1-9]|10)|board|burn|muck|enroll)$';

const antennaSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['antenna', 'zone', 'reader'],
  properties: {
    antenna: { type: 'integer', minimum: 0, maximum: 63 },
    zone: typed<ZoneName>()({ type: 'string', pattern: ZONE_PATTERN }),
    /** id of the reader (IC) that drives this antenna */
    reader: { type: 'string', minLength: 1 },
    /** free text for the maker: size, position */
    note: { type: 'string' },
  },
} as const;

const readerSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'ic', 'role'],
  properties: {
    id: { type: 'string', minLength: 1 },
    /** the IC part number, e.g. PN5180 */
    ic: { type: 'string', minLength: 1 },
    /** what the reader reads: playing cards or chip stacks */
    role: { enum: ['cards', 'chips', 'enroll'] },
  },
} as const;

const traySensorSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['denomination', 'pin', 'emptyValue', 'perChip'],
  properties: {
    denomination: { type: 'integer', minimum: 1 },
    /** analog pin on the panel, e.g. "A0" */
    pin: { type: 'string', pattern: '^A[0-9]+$' },
    /** raw reading (0-1023) with the tube empty */
    emptyValue: { type: 'integer', minimum: 0, maximum: 1023 },
    /** raw change per chip in the tube */
    perChip: { type: 'number', exclusiveMinimum: 0 },
  },
} as const;

const panelSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['buttons', 'seatLeds', 'stopAlert', 'tray'],
  properties: {
    buttons: {
      type: 'object',
      additionalProperties: false,
      required: ['shuffle', 'misdeal', 'floor', 'confirm'],
      properties: {
        shuffle: { type: 'integer', minimum: 0 },
        misdeal: { type: 'integer', minimum: 0 },
        floor: { type: 'integer', minimum: 0 },
        confirm: { type: 'integer', minimum: 0 },
      },
    },
    /** seat -> digital pin of its LED */
    seatLeds: {
      type: 'object',
      propertyNames: { pattern: '^([1-9]|10)$' },
      additionalProperties: { type: 'integer', minimum: 0 },
    },
    /** pin of the buzzer/LED raised on stop alerts */
    stopAlert: { type: 'integer', minimum: 0 },
    tray: { type: 'array', items: traySensorSpec },
    /** debounce for the buttons, ms (default 50) */
    debounceMs: { type: 'integer', minimum: 0 },
    /** raw change below which a tray sensor reading is ignored (default 8) */
    trayThreshold: { type: 'integer', minimum: 0 },
  },
} as const;

export const hardwareFileSchema = {
  $id: 'feltwire/hardware-file',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'seats', 'readers', 'antennas'],
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string', minLength: 1 },
    /** number of seats at the table (2-10) */
    seats: { type: 'integer', minimum: 2, maximum: 10 },
    /** the card room's house rules at this table (engine HouseRules), each off by default */
    house: {
      type: 'object',
      additionalProperties: false,
      properties: {
        // seed 002 passive example as a house rule: a check out of turn then facing a bet leaves call or fold
        checkOutOfTurnCallOrFold: { type: 'boolean' },
      },
    },
    bridge: {
      type: 'object',
      additionalProperties: false,
      required: ['antennas'],
      properties: {
        antennas: { type: 'integer', minimum: 1, maximum: 64 },
        baudRate: { type: 'integer', minimum: 1200 },
      },
    },
    readers: { type: 'array', minItems: 1, items: readerSpec },
    antennas: { type: 'array', minItems: 1, items: antennaSpec },
    panel: panelSpec,
  },
} as const;

export type AntennaSpec = FromSchema<typeof antennaSpec>;
export type ReaderSpec = FromSchema<typeof readerSpec>;
export type TraySensorSpec = FromSchema<typeof traySensorSpec>;
export type PanelSpec = FromSchema<typeof panelSpec>;
export type HardwareFile = FromSchema<typeof hardwareFileSchema>;

const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
const validateSchema = ajv.compile<HardwareFile>(hardwareFileSchema);

/** `/antennas/3/zone` -> `antennas[3].zone` */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || '(file)';
}

/** One line per ajv error, naming the field and saying what it must be. */
export function describeAjvErrors(errors: ErrorObject[] | null | undefined): string[] {
  const out: string[] = [];
  for (const e of errors ?? []) {
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'required':
        out.push(`${fieldPath(e.instancePath, String(p.missingProperty))}: missing (required)`);
        break;
      case 'additionalProperties':
        out.push(`${fieldPath(e.instancePath, String(p.additionalProperty))}: unknown field`);
        break;
      case 'pattern':
        out.push(`${fieldPath(e.instancePath)}: ${JSON.stringify(e.data)} is not valid (expected ${p.pattern})`);
        break;
      case 'enum':
        out.push(
          `${fieldPath(e.instancePath)}: ${JSON.stringify(e.data)} must be one of ${(p.allowedValues as unknown[]).join(', ')}`,
        );
        break;
      case 'propertyNames':
        out.push(`${fieldPath(e.instancePath, String(p.propertyName))}: not a seat number (1-10)`);
        break;
      default:
        out.push(
          `${fieldPath(e.instancePath)}: ${e.message ?? 'invalid'}${'data' in e ? ` (got ${JSON.stringify(e.data)})` : ''}`,
        );
    }
  }
  // ajv reports a propertyNames failure twice (the name, then the pattern inside it): keep one line per field
  return [...new Set(out)];
}

/** Checks what a schema cannot: unique antennas, zones within the seat count, every seat wired, readers known. */
function semanticErrors(hw: HardwareFile): string[] {
  const errors: string[] = [];
  const readerIds = new Set<string>();
  hw.readers.forEach((r, i) => {
    if (readerIds.has(r.id)) errors.push(`readers[${i}].id: "${r.id}" is used twice`);
    readerIds.add(r.id);
  });
  const seen = new Map<number, number>();
  const zones = new Set<string>();
  hw.antennas.forEach((a, i) => {
    const prev = seen.get(a.antenna);
    if (prev !== undefined)
      errors.push(`antennas[${i}].antenna: antenna ${a.antenna} is already mapped by antennas[${prev}]`);
    else seen.set(a.antenna, i);
    if (!readerIds.has(a.reader)) errors.push(`antennas[${i}].reader: no reader with id "${a.reader}" in readers`);
    const z = parseZone(a.zone);
    if ((z?.kind === 'seat' || z?.kind === 'bet') && z.seat > hw.seats)
      errors.push(`antennas[${i}].zone: "${a.zone}" is beyond the table's ${hw.seats} seats`);
    if (hw.bridge && a.antenna >= hw.bridge.antennas)
      errors.push(
        `antennas[${i}].antenna: ${a.antenna} is beyond the bridge's ${hw.bridge.antennas} antennas (0-${hw.bridge.antennas - 1})`,
      );
    zones.add(a.zone);
  });
  for (let s = 1; s <= hw.seats; s++) {
    if (!zones.has(seatZone(s))) errors.push(`antennas: no antenna for zone "${seatZone(s)}"`);
    if (!zones.has(betZone(s))) errors.push(`antennas: no antenna for zone "${betZone(s)}"`);
  }
  for (const z of ['board', 'burn', 'muck'] as const)
    if (!zones.has(z)) errors.push(`antennas: no antenna for zone "${z}"`);
  if (hw.panel) {
    for (const seat of Object.keys(hw.panel.seatLeds))
      if (Number(seat) > hw.seats)
        errors.push(`panel.seatLeds.${seat}: seat ${seat} is beyond the table's ${hw.seats} seats`);
    const denoms = new Set<number>();
    hw.panel.tray.forEach((t, i) => {
      if (denoms.has(t.denomination)) errors.push(`panel.tray[${i}].denomination: ${t.denomination} has two sensors`);
      denoms.add(t.denomination);
    });
  }
  return errors;
}

/** Validates a parsed hardware file; throws TableError HARDWARE_FILE_INVALID listing every problem by field. */
export function validateHardwareFile(json: unknown, source = 'hardware file'): HardwareFile {
  if (!validateSchema(json)) {
    throw new TableError('HARDWARE_FILE_INVALID', `${source} is invalid`, describeAjvErrors(validateSchema.errors));
  }
  const errors = semanticErrors(json);
  if (errors.length) throw new TableError('HARDWARE_FILE_INVALID', `${source} is invalid`, errors);
  return json;
}

/** Loads and validates a hardware file from a path, or validates an already parsed object. */
export function loadHardwareFile(pathOrObject: string | unknown): HardwareFile {
  if (typeof pathOrObject !== 'string') return validateHardwareFile(pathOrObject);
  let text: string;
  try {
    text = readFileSync(pathOrObject, 'utf8');
  } catch (err) {
    throw new TableError(
      'HARDWARE_FILE_UNREADABLE',
      `cannot read hardware file ${pathOrObject}: ${(err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new TableError('HARDWARE_FILE_INVALID', `${pathOrObject} is not JSON: ${(err as Error).message}`);
  }
  return validateHardwareFile(json, pathOrObject);
}

/** The antenna -> zone map of a validated hardware file, with the reverse lookups the table layer needs. */
export class AntennaMap {
  private readonly zoneByAntenna = new Map<number, ZoneName>();
  private readonly antennasByZone = new Map<ZoneName, number[]>();
  constructor(readonly hw: HardwareFile) {
    for (const a of hw.antennas) {
      this.zoneByAntenna.set(a.antenna, a.zone);
      const list = this.antennasByZone.get(a.zone) ?? [];
      list.push(a.antenna);
      this.antennasByZone.set(a.zone, list);
    }
  }
  zoneOf(antenna: number): ZoneName | undefined {
    return this.zoneByAntenna.get(antenna);
  }
  antennasOf(zone: ZoneName): number[] {
    return this.antennasByZone.get(zone) ?? [];
  }
  /** the first antenna of a zone (the simulator deals there) */
  antennaOf(zone: ZoneName): number {
    const a = this.antennasOf(zone)[0];
    if (a === undefined) throw new RangeError(`no antenna for zone ${zone}`);
    return a;
  }
  get antennas(): number[] {
    return [...this.zoneByAntenna.keys()].sort((x, y) => x - y);
  }
  get seats(): number {
    return this.hw.seats;
  }
}
