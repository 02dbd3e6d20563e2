// The JSON Schemas' parts the room's wire shares (ids, walls, levels) and the played hand every table sends with a
// finished hand: everything PHH, OHH and PokerStars read, with its type and range (protocol.ts's SCHEMAS use them).

/**
 * The wire's version, in every message's `v`. 2: a played hand's final snapshot carries no `actions` (the PHH lines
 * are rendered from its decisions by whoever writes PHH). A reader takes version 1 too, as today's tables send it: its
 * `actions` are accepted and dropped (protocol.ts decodeMessage).
 */
export const PROTOCOL_VERSION = 2 as const;
export type WireVersion = 1 | typeof PROTOCOL_VERSION;
export const wireVersion = { enum: [1, PROTOCOL_VERSION] } as const;

export const int = { type: 'integer' } as const;
export const nonNeg = { type: 'integer', minimum: 0 } as const;
export const wall = { type: 'number', minimum: 0 } as const;
/** a table id is one MQTT topic level: no wildcards, no separators, nothing an ACL file would misread */
export const TABLE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';
export const tableId = { type: 'string', pattern: TABLE_ID_PATTERN } as const;
export const LOG_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
export const logId = { type: 'string', pattern: LOG_ID_PATTERN } as const;
export const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
export const blinds = { type: 'array', items: nonNeg, minItems: 2, maxItems: 2 } as const;
export const level = {
  type: 'object',
  required: ['blinds', 'bbAnte'],
  additionalProperties: false,
  properties: { blinds, bbAnte: nonNeg },
} as const;
// ---- the hand the exporters take: everything PHH, OHH and PokerStars read, with its type and range -----------------
/** a name or label written inside a hand history's line: no control character, no line or paragraph separator */
export const ONE_LINE_PATTERN = '^[^\\p{Cc}\\p{Zl}\\p{Zp}]*$';
export const oneLine = (max: number) => ({ type: 'string', maxLength: max, pattern: ONE_LINE_PATTERN }) as const;
/** identity names the texts put inside quotes and brackets (tableIdentity.ts identityProblems) */
export const idName = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: "^[^\\p{Cc}\\p{Zl}\\p{Zp}'\\[\\]]*$",
} as const;
export const seatNo = { type: 'integer', minimum: 1, maximum: 10 } as const;
export const seatKey = { pattern: '^([1-9]|10)$' } as const;
export const chipsAmount = { type: 'integer', minimum: 0, maximum: 1e15 } as const;
export const card = { type: 'string', pattern: '^([2-9TJQKA][cdhs]|\\?\\?)$' } as const;
export const cards = (max: number) => ({ type: 'array', maxItems: max, items: card }) as const;
export const street = { enum: ['preflop', 'flop', 'turn', 'river'] } as const;
export const msT = { type: 'number', minimum: 0, maximum: 1e12 } as const;
export const wallMs = { type: 'number', minimum: 0, maximum: 8.64e15 } as const;
export const decision = {
  type: 'object',
  required: [
    'kind',
    'street',
    'seat',
    'amount',
    'to',
    'facing',
    'raiseBy',
    'allIn',
    'full',
    'refund',
    'cards',
    'chips',
    'source',
    'rule',
    't',
  ],
  properties: {
    // the posts and the uncalled bet's return: version 2 (a version 1 table sent none)
    kind: {
      enum: [
        'postSb',
        'postBb',
        'postAnte',
        'dealHole',
        'dealBoard',
        'fold',
        'check',
        'call',
        'bet',
        'raise',
        'show',
        'uncalled',
        'burn',
        'muck',
        'collect',
        'award',
      ],
    },
    street,
    seat: { type: 'integer', minimum: 0, maximum: 10 },
    amount: chipsAmount,
    to: chipsAmount,
    facing: chipsAmount,
    raiseBy: chipsAmount,
    allIn: { type: 'boolean' },
    full: { type: 'boolean' },
    refund: chipsAmount,
    cards: cards(5),
    chips: { type: 'array', maxItems: 1000, items: chipsAmount },
    source: { enum: ['chips', 'say', 'muck', 'inferred', 'table'] },
    // the rule as a value ({ book, id }: src/engine/rules/ruleRef.ts); a table before rules were values sends its tag
    // ("tda 51"), read as the value by decodeMessage
    rule: {
      anyOf: [
        { type: ['string', 'null'], maxLength: 80, pattern: ONE_LINE_PATTERN },
        {
          type: 'object',
          required: ['book', 'id'],
          additionalProperties: false,
          properties: {
            book: { enum: ['tda', 'club', 'LOI', 'seed', 'own'] },
            id: { type: 'string', minLength: 1, maxLength: 40, pattern: ONE_LINE_PATTERN },
          },
        },
      ],
    },
    pot: { type: 'integer', minimum: 0, maximum: 20 },
    t: msT,
  },
} as const;
export const handSeat = {
  type: 'object',
  required: ['seat', 'stack', 'committed', 'zone', 'cards', 'shown', 'folded', 'allIn', 'absent', 'dead'],
  properties: {
    seat: seatNo,
    stack: chipsAmount,
    committed: chipsAmount,
    zone: { type: 'array', maxItems: 1000, items: chipsAmount },
    cards: cards(10),
    shown: cards(10),
    folded: { type: 'boolean' },
    allIn: { type: 'boolean' },
    absent: { type: 'boolean' },
    dead: { type: 'boolean' },
    handName: oneLine(120),
  },
} as const;
export const pot = {
  type: 'object',
  required: ['amount', 'eligible'],
  properties: {
    amount: chipsAmount,
    eligible: { type: 'array', maxItems: 10, items: seatNo },
    winners: { type: 'array', maxItems: 10, items: seatNo },
    shares: { type: 'object', propertyNames: seatKey, additionalProperties: chipsAmount },
  },
} as const;
export const handAlert = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 80, pattern: '^[A-Z0-9_]+$' } },
} as const;
export const playedHand = {
  type: 'object',
  required: [
    'handNo',
    'handId',
    'identity',
    'level',
    'tableName',
    'seatCount',
    'config',
    'final',
    'startWall',
    'names',
    'notes',
    'mucks',
    'complete',
  ],
  properties: {
    handNo: { type: 'integer', minimum: 1, maximum: 9_999_999 },
    // the number every export writes as the hand's (PokerStars "Hand #", OHH game_number, PHH hand): digits
    handId: { type: 'string', pattern: '^[0-9]{1,20}$' },
    identity: {
      type: 'object',
      required: ['room', 'table', 'tableId', 'game', 'tournamentId', 'timeZone'],
      properties: {
        room: idName,
        table: idName,
        tableId: { type: 'string', pattern: '^[0-9]{1,9}$' },
        game: { enum: ['cash', 'tournament'] },
        tournamentId: { type: 'string', pattern: '^[0-9]{1,9}$' },
        timeZone: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' },
        seatCount: { type: 'integer', minimum: 2, maximum: 10 },
      },
    },
    level: { type: 'integer', minimum: 1, maximum: 10_000 },
    tableName: idName,
    seatCount: { type: 'integer', minimum: 2, maximum: 10 },
    startWall: { anyOf: [wallMs, { type: 'null' }] },
    config: {
      type: 'object',
      required: ['ruleset', 'seats', 'button', 'blinds', 'bbAnte', 'absent', 'chips'],
      properties: {
        ruleset: { enum: ['tda', 'club'] },
        seats: {
          type: 'object',
          minProperties: 2,
          propertyNames: seatKey,
          additionalProperties: chipsAmount,
        },
        button: seatNo,
        blinds: { type: 'array', items: chipsAmount, minItems: 2, maxItems: 2 },
        bbAnte: chipsAmount,
        absent: { type: 'array', maxItems: 10, items: seatNo },
        chips: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1, maximum: 1e15 } },
        sb: { anyOf: [seatNo, { type: 'null' }] },
        bb: seatNo,
      },
    },
    final: {
      type: 'object',
      required: ['button', 'blinds', 'bbAnte', 'board', 'burns', 'seats', 'alerts', 'decisions', 'pots', 'stacks'],
      properties: {
        button: seatNo,
        blinds: { type: 'array', items: chipsAmount, minItems: 2, maxItems: 2 },
        bbAnte: chipsAmount,
        board: cards(5),
        burns: cards(10),
        muck: cards(60),
        seats: { type: 'array', maxItems: 10, items: handSeat },
        alerts: { type: 'array', maxItems: 500, items: handAlert },
        // version 1 only: the PHH lines a table of that version sent beside its decisions (dropped on reading)
        actions: { type: 'array', maxItems: 1000, items: oneLine(200) },
        decisions: { type: 'array', maxItems: 1000, items: decision },
        pots: { type: 'array', maxItems: 10, items: pot },
        stacks: { type: 'object', propertyNames: seatKey, additionalProperties: chipsAmount },
      },
    },
    // player names by seat: one line each, as the floor seated them (the table refuses others at seating too)
    names: { type: 'object', propertyNames: seatKey, additionalProperties: oneLine(64) },
    notes: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['afterAction', 'kind', 'text'],
        properties: {
          afterAction: { type: 'integer', minimum: 0, maximum: 1000 },
          kind: { enum: ['burn', 'alert', 'tableAlert', 'decision', 'refused'] },
          text: { type: 'string', maxLength: 4000 },
        },
      },
    },
    mucks: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        required: ['seat', 'afterAction'],
        properties: { seat: seatNo, afterAction: { type: 'integer', minimum: 0, maximum: 1000 } },
      },
    },
    complete: { const: true },
    // a live table's hands are its own, never imported files: a room hand carries no PHH source fields
    source: { not: {} },
  },
} as const;
