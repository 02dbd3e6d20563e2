// The room wire's hand message around a hand of the fixture log (test/fixtures/logs/main-2026-12-04, table 638766085,
// its first hand): the envelope the wire tests put a hand in, at a protocol version they choose.

export function handEnvelope(v: number, hand: unknown): Record<string, unknown> {
  return {
    v,
    kind: 'hand',
    tableId: '638766085',
    logId: '63fdb9407ee8f583e5c130640aff16bb',
    handId: '638766085-1',
    handNo: 1,
    prevHandNo: null,
    tableName: 'Table 638766085',
    roomName: 'feltwire',
    startWall: 1796407578744,
    endWall: 1796407589546,
    sent: 1796407589600,
    hand,
  };
}
