// Alerts of a log written before the typed facts and the ICU catalogue (test/fixtures/logs/main-2026-12-02: a
// foreign card and a reader fault, with the free-text `detail` facts of that time) still open and still read, in
// English and French, and a new alert of the same code renders from its typed facts with the same wording.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableConfig } from '../../src/engine/types.js';
import { renderAlert } from '../../src/i18n/renderAlert.js';
import { TableSession } from '../../src/session/index.js';
import { SqliteEventLog } from '../../src/store/index.js';
import { texts } from '../alertTexts.js';
import { LOGS } from '../fixtures.js';

const FIXTURE = join(LOGS, 'main-2026-12-02');
const UNUSED: TableConfig = {
  ruleset: 'club',
  seats: { 1: 1, 2: 1 },
  button: 1,
  blinds: [1, 2],
  bbAnte: 0,
  absent: [],
  chips: [1],
  motionMs: 0,
  orderKnown: true,
};

describe('alerts of an earlier log', () => {
  it('open with their texts in both languages; the same fault today renders from its typed facts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feltwire-earlier-alerts-'));
    cpSync(join(FIXTURE, 'feltwire-log.sqlite'), join(dir, 'feltwire-log.sqlite'));
    cpSync(join(FIXTURE, 'table.json'), join(dir, 'table.json'));
    const log = SqliteEventLog.open(dir, { notify: () => {} });
    const session = TableSession.recover(log, { config: UNUSED });
    try {
      const alerts = session.snapshot().tableAlerts;
      const fault = alerts.find((a) => a.code === 'READER_FAULT');
      const card = alerts.find((a) => a.code === 'CARD_UNKNOWN');
      for (const a of [fault, card]) {
        expect(texts(a)?.message).toMatch(/\S/);
        expect(texts(a)?.messageFr).toMatch(/\S/);
        expect(texts(a)?.remedyFr).toMatch(/\S/);
        expect(texts(a)?.messageFr).not.toBe(texts(a)?.message);
      }
      // the old fact was the fault code as free text (`detail`); today it is `fault`, and the words are the same
      const old = fault?.facts as { detail?: string; antenna?: number | null; zone?: string } | undefined;
      expect(old?.detail).toMatch(/^[A-Z_]+$/);
      const now = renderAlert(
        'READER_FAULT',
        {
          fault: old?.detail ?? '',
          antenna: old?.antenna ?? null,
          ...(old?.zone !== undefined ? { zone: old.zone } : {}),
        },
        'tda',
      );
      expect(now.message).toBe(texts(fault)?.message);
      expect(now.messageFr).toBe(texts(fault)?.messageFr);
    } finally {
      session.close();
      log.close();
    }
  });
});
