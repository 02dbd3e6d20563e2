// feltwire scenario FILE_OR_DIR... [--json]: runs table scenarios through the engine (docs/scenario-format.md); a
// file with `hands` is a session (docs/scenario-sessions.md), run through the TableSession the live table runs.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseScenario, runScenario, ScenarioError, type ScenarioOutcome } from '../../engine/index.js';
import { ruleTag } from '../../engine/rules/ruleRef.js';
import type { Alert } from '../../engine/types.js';
import { alertTexts } from '../../i18n/renderAlert.js';
import { phhLines } from '../../phh/write.js';
import { isSessionFile, parseSessionScenario, runSessionScenario, type SessionOutcome } from '../../session/index.js';
import { defineCommand, UsageError } from '../options.js';

async function collect(paths: string[], ext: string): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const st = await stat(p);
    if (st.isDirectory()) {
      const names = (await readdir(p)).sort();
      out.push(
        ...(await collect(
          names.map((n) => join(p, n)).filter((n) => !n.includes('/.')),
          ext,
        )),
      );
    } else if (p.endsWith(ext) || paths.includes(p)) out.push(p);
  }
  return out;
}

export { collect as collectFiles };

type OutcomeAlert = Pick<Alert, 'code' | 'severity' | 'rule' | 'seat' | 'facts'>;

/** an alert as docs/scenario-format.md prints it: code, severity, rule, seat and its texts (rendered here) */
const printAlert = ({ code, severity, rule, seat, facts }: OutcomeAlert) => ({
  code,
  severity,
  rule: ruleTag(rule),
  seat,
  ...alertTexts({ code, facts }),
});

/** an outcome as docs/scenario-format.md prints it: the hand as PHH action lines, rendered by the PHH writer */
export function printable(o: ScenarioOutcome | SessionOutcome): object {
  if ('session' in o) return { ...o, hands: o.hands.map((h) => ({ ...h, alerts: h.alerts.map(printAlert) })) };
  const { decisions, order, ...rest } = o;
  return { ...rest, alerts: rest.alerts.map(printAlert), actions: phhLines(decisions, order) };
}

function human(file: string, o: ScenarioOutcome): string {
  const lines = [`${o.passed ? 'PASS' : 'FAIL'} ${o.name || file} (${file})`];
  for (const a of o.alerts) {
    const { message, remedy } = alertTexts(a);
    lines.push(
      `  ${a.severity.padEnd(4)} ${a.code} [${ruleTag(a.rule)}]${a.seat ? ` seat ${a.seat}` : ''}: ${message.replace(/\.$/, '')}. ${remedy}`,
    );
  }
  if (o.next)
    lines.push(`  next: seat ${o.next.toAct} to call ${o.next.toCall}, min raise to ${o.next.minRaiseTo ?? '-'}`);
  lines.push(
    `  stacks: ${Object.entries(o.stacks)
      .map(([s, v]) => `${s}:${v}`)
      .join(' ')}`,
  );
  for (const f of o.failures) lines.push(`  ! ${f}`);
  return lines.join('\n');
}

function humanSession(file: string, o: SessionOutcome): string {
  const lines = [`${o.passed ? 'PASS' : 'FAIL'} ${o.name || file} (${file}, ${o.hands.length} hands)`];
  for (const h of o.hands) {
    const blinds = Object.entries(h.posted)
      .map(([s, v]) => `${s}:${v}`)
      .join(' ');
    lines.push(
      `  #${h.handNo} ${h.name}: ${h.dealt ? `button ${h.button}, sb ${h.sb ?? '-'}, bb ${h.bb}, blinds ${h.blinds.join('/')}${h.bbAnte ? ` ante ${h.bbAnte}` : ''}, posted ${blinds || '-'}, dealt ${h.dealtIn.join(',')}${h.absent.length ? `, absent ${h.absent.join(',')}` : ''}` : 'no hand dealt'}`,
    );
    for (const a of h.alerts)
      lines.push(`    ${a.severity.padEnd(4)} ${a.code} [${ruleTag(a.rule)}]${a.seat ? ` seat ${a.seat}` : ''}`);
    for (const c of h.tableAlerts) lines.push(`    table ${c}`);
    lines.push(
      `    stacks: ${Object.entries(h.stacks)
        .map(([s, v]) => `${s}:${v}`)
        .join(' ')}`,
    );
  }
  for (const f of o.failures) lines.push(`  ! ${f}`);
  return lines.join('\n');
}

export const command = defineCommand(
  {
    name: 'scenario',
    summary: 'run table scenarios through the rules engine and check their expectations',
    synopsis: 'FILE_OR_DIR... [--json]',
    about: [
      '  FILE_OR_DIR          scenario files (.json; docs/scenario-format.md), or folders of them; a file with',
      '                       `hands` is a session (docs/scenario-sessions.md), run through the live TableSession',
    ],
    positionals: true,
    options: {
      json: { type: 'boolean', help: 'one JSON object per scenario, then the count' },
    },
  },
  async ({ values, positionals: paths }) => {
    const json = values.json === true;
    if (paths.length === 0) throw new UsageError('give at least one scenario file or folder');
    let passed = 0;
    let failed = 0;
    let files: string[];
    try {
      files = await collect(paths, '.json');
    } catch (err) {
      process.stderr.write(`feltwire scenario: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    for (const file of files) {
      let outcome: ScenarioOutcome | SessionOutcome;
      try {
        const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
        outcome = isSessionFile(raw) ? runSessionScenario(parseSessionScenario(raw)) : runScenario(parseScenario(raw));
      } catch (err) {
        const message = err instanceof ScenarioError || err instanceof SyntaxError ? err.message : String(err);
        const code = err instanceof ScenarioError ? err.code : 'BAD_JSON';
        failed++;
        if (json)
          process.stdout.write(`${JSON.stringify({ file, name: null, error: { code, message }, passed: false })}\n`);
        else process.stdout.write(`FAIL ${file}: ${message}\n`);
        continue;
      }
      if (outcome.passed) passed++;
      else failed++;
      if (json) process.stdout.write(`${JSON.stringify({ file, ...printable(outcome) })}\n`);
      else if ('session' in outcome) process.stdout.write(`${humanSession(file, outcome)}\n`);
      else process.stdout.write(`${human(file, outcome)}\n`);
    }
    process.stdout.write(`${passed} passed, ${failed} failed\n`);
    return failed > 0 ? 1 : 0;
  },
);
