import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCards } from '../../src/engine/cards.js';
import { EquityError, EquityService, EquityServiceError, equityExact } from '../../src/engine/equity/index.js';
import { ensureBuilt } from './build.js';

const hands = (text: string): number[][] => text.split(' ').map((h) => parseCards(h));

describe('EquityService (worker thread)', () => {
  let service: EquityService;
  beforeAll(() => {
    ensureBuilt();
    service = new EquityService();
  }, 120_000);
  afterAll(() => service.close());

  it('answers exactly what equityExact answers, computed in another thread', async () => {
    const r = await service.equity(hands('AhKh QsQd'));
    expect(r.win).toEqual([787_966, 917_606]);
    expect(r.tie).toEqual([6_732, 6_732]);
    expect(r.thread).not.toBe(threadId);
    const flop = await service.equity(hands('AhKh QsQd JcTc'), parseCards('Th9h2c'), parseCards('2s'));
    const local = equityExact(hands('AhKh QsQd JcTc'), parseCards('Th9h2c'), parseCards('2s'));
    expect({ ...flop, ms: 0, thread: 0 }).toEqual({ ...local, ms: 0, thread: 0 });
  });

  it('keeps the event loop free while a 9-way preflop is computed', async () => {
    let ticks = 0;
    let ticksBeforeAnswer = -1;
    const timer = setInterval(() => ticks++, 0);
    const r = await service.equity(hands('AhKh QsQd JcTc 9s9h 8d7d 5c5s AdQc KsJh 2h3h')).then((answer) => {
      ticksBeforeAnswer = ticks;
      return answer;
    });
    clearInterval(timer);
    // the main thread is not held: timers kept firing while the worker was busy, before its answer came
    expect(ticksBeforeAnswer).toBeGreaterThan(0);
    expect(r.boards).toBe(278_256);
    expect(r.equity.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });

  it('serves several requests at once and outs', async () => {
    const many = await Promise.all([
      service.equity(hands('AhKh QsQd'), parseCards('2c7d9s')),
      service.outs(hands('AhKh QsQd'), parseCards('2c7d9s')),
      service.equity(hands('AhKh QsQd'), parseCards('2c7d9sJd')),
    ]);
    expect((many[0] as { boards: number }).boards).toBe(990);
    expect((many[1] as { outs: number[] }[])[0].outs.length).toBe(6);
    expect((many[2] as { boards: number }).boards).toBe(44);
    expect(service.queued).toBe(0);
  });

  it('rejects bad input with EquityError and keeps working', async () => {
    await expect(service.equity(hands('AhKh AhQd'))).rejects.toBeInstanceOf(EquityError);
    await expect(service.equity(hands('AhKh QsQd'), parseCards('2c3c4c5c6c7c'))).rejects.toMatchObject({
      code: 'BOARD_SIZE',
    });
    expect((await service.equity(hands('AhKh QsQd'), parseCards('2c7d9sJd3h'))).boards).toBe(1);
  });

  it('refuses work once closed', async () => {
    const s = new EquityService();
    await s.close();
    await expect(s.equity(hands('AhKh QsQd'))).rejects.toBeInstanceOf(EquityServiceError);
  });
});
