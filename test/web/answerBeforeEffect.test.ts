// A page whose socket answers before the page's first effect has run. Preact runs effects after a frame (later on a
// busy tablet, or in a background tab), and the live store's subscriber is set in one: a hello and a view received
// before it reached nobody, and the page said "connecting" until the hand next changed (a floor tablet reloaded after
// a restart, with no hand under way, stayed so). Chromium's page clock is held (timers and frames stop, the network
// does not) while the socket says hello and sends the view; the clock then runs and every page must show them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FOUR_SEATS } from '../fourSeats.js';
import { useLiveTable } from './floorFixture.js';

const t = useLiveTable(FOUR_SEATS, { broadcastDelayMs: 0, prefix: 'fw-answer-before-effect-' });

const PAGES = ['dealer', 'floor', 'commentator', 'overlay', 'public'] as const;

/** resolves once the page's socket has received a view that is not empty */
function viewed(p: Page): Promise<void> {
  return new Promise((resolve) => {
    p.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('{"type":"view","view":{')) resolve();
      }),
    );
  });
}

describe('a page whose socket answers before its first effect', () => {
  for (const page of PAGES) {
    it(`${page}: the hello and the view received before the subscription are shown`, async () => {
      // a hand begun: every role's view has a table to show (the overlay's too, its delay being 0 here)
      if (t.live.session.handNo === 0) t.live.session.ingest({ kind: 'dealer', button: 'shuffle' });
      const p = await t.browser.newPage();
      try {
        await p.clock.install();
        await p.clock.pauseAt(Date.now() + 60_000);
        const got = viewed(p);
        const token = page === 'public' ? '' : `?token=${t.live.tokens.tokenOf(page)}`;
        await p.goto(`${t.live.url}/${page}.html${token}`);
        await got;
        // the frames are in, the page's effects are not: the first render is still on screen
        const [before, after] =
          page === 'overlay'
            ? ['#air[data-waiting="true"]', '#air[data-hand]'] // the overlay says nothing of its link on air
            : ['#status[data-conn="connecting"]', '#status[data-conn="open"]'];
        expect(await p.locator(before).count()).toBe(1);
        await p.clock.runFor(1000);
        await p.locator(after).waitFor({ timeout: 5000 });
      } finally {
        await p.close();
      }
    });
  }
});
