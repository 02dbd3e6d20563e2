// Test helpers: hands played through the real engine from the shared scenarios, logged as the session logs them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario, type Scenario } from '../../src/engine/index.js';
import { type EventLog, MemoryLog } from '../../src/session/log.js';
import { HandArchive } from '../../src/store/index.js';

export const SHARED = new URL('../../../shared/', import.meta.url).pathname;
export const WALL0 = Date.UTC(2026, 10, 30, 20, 0, 0);

export function scenarioFiles(): string[] {
  const dir = join(SHARED, 'scenarios');
  const random = readdirSync(join(dir, 'random'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, 'random', f));
  const named = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
  return [...random, ...named].sort();
}

export function loadScenario(file: string): Scenario {
  return parseScenario(JSON.parse(readFileSync(file, 'utf8')));
}

/** logs scenarios as consecutive hands (hand record, then its events with wall times) */
export function logHands(scenarios: Scenario[], log: EventLog = new MemoryLog()): EventLog {
  let wall = WALL0;
  scenarios.forEach((s, i) => {
    log.append('hand', i + 1, { config: s.config }, wall);
    for (const ev of s.events) log.append('event', i + 1, ev, wall + ev.t);
    wall += 120_000;
  });
  return log;
}

export function archiveOf(scenarios: Scenario[]): HandArchive {
  return new HandArchive(logHands(scenarios), { names: { 1: 'Alice', 2: 'Bruno', 3: 'Chloé' } });
}
