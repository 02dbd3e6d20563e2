// The commentators' booth: every seat's hole cards with the player's name, hand names, exact equity (only once every
// hole card of the seats still in is read) after each card with a chart street by street, outs without any card
// known to be gone (board, burns, muck, every hand), pots, the alerts with their corrections, and a readable action
// log ("Seat 3 Alice: Raise to 300") from the engine's typed decisions. Live: this page needs the commentator token.
import type { JSX } from 'preact';
import { EquityChart, seatColor } from './equityChart.js';
import { t } from './i18n.js';
import { useLive } from './live.js';
import {
  alertText,
  Board,
  Cards,
  ConnBanner,
  chips,
  deciderName,
  decisionText,
  Header,
  h,
  handNameOf,
  isPost,
  isProcedure,
  makeStore,
  mountApp,
  Pots,
  pct,
  type RoleView,
  ruleLabel,
  severityLabel,
  streetLabel,
  who,
} from './ui.js';

const store = makeStore(true);

/** Every hole card of the seats still in is read (no equity on half the hands). */
export function allHoleCardsRead(v: RoleView): boolean {
  const inHand = v.seats.filter((s) => !s.folded && !s.dead);
  return inHand.length >= 2 && inHand.every((s) => s.cards.length === 2 && !s.cards.includes('??'));
}

/** Cards known to be out of the deck: the board, the burns, the muck, every hand's cards. */
function gone(v: RoleView): Set<string> {
  const out = new Set<string>([...v.board, ...v.burns, ...v.muck]);
  for (const s of v.seats) for (const c of s.cards) out.add(c);
  return out;
}

function Booth({ v }: { v: RoleView }): JSX.Element {
  const showEq = allHoleCardsRead(v);
  const last = showEq ? v.equity?.points.at(-1) : undefined;
  const dead = gone(v);
  return h(
    'table',
    { class: 'booth', id: 'booth' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, t('player')),
        h('th', {}, t('cards')),
        h('th', {}, t('chipsCol')),
        h('th', {}, t('equity')),
        h('th', {}, t('outsCol')),
      ),
    ),
    h(
      'tbody',
      {},
      v.seats.map((s) => {
        const eq = !s.folded ? last?.equity[String(s.seat)] : undefined;
        const outs = (v.equity?.outs[String(s.seat)] ?? []).filter((c) => !dead.has(c));
        const hn = handNameOf(s);
        return h(
          'tr',
          { class: s.folded ? 'folded' : '', 'data-seat': String(s.seat), key: s.seat },
          h(
            'td',
            {},
            h('span', { class: 'dot', style: `background:${seatColor(s.seat)}` }),
            ` ${who(v, s.seat)} `,
            v.button === s.seat ? h('span', { class: 'button-puck' }, 'D') : null,
          ),
          h(
            'td',
            {},
            h(Cards, { list: s.cards }),
            h('div', { class: 'hand-name' }, hn ?? (s.folded ? t('folded') : '')),
          ),
          h(
            'td',
            {},
            chips(s.stack),
            s.committed ? h('div', { class: 'committed' }, t('committed', { n: chips(s.committed) })) : null,
          ),
          h(
            'td',
            { class: 'eq' },
            eq !== undefined
              ? h(
                  'div',
                  { class: 'bar' },
                  h('div', { class: 'fill', style: `width:${eq}%;background:${seatColor(s.seat)}` }),
                  h('span', { class: 'pct' }, pct(eq, 1)),
                )
              : !showEq && !s.folded && v.seats.filter((x) => !x.folded && !x.dead).length >= 2
                ? h('span', { class: 'eq-wait' }, t('equityWaiting'))
                : null,
          ),
          h(
            'td',
            { class: 'outs', 'data-outs': outs.join(' ') },
            showEq && !s.folded && v.equity?.outs[String(s.seat)]
              ? [t('outs', { n: outs.length }), ' ', h(Cards, { list: outs, key: 'c' })]
              : null,
          ),
        );
      }),
    ),
  );
}

function ActionLog({ v }: { v: RoleView }): JSX.Element {
  const items: JSX.Element[] = [];
  let street = '';
  // the blinds and the ante the rules posted at the shuffle open the preflop
  const posts = v.posts ?? [];
  if (posts.length > 0) {
    street = 'preflop';
    items.push(h('li', { class: 'street', key: 'spost' }, streetLabel('preflop')));
    for (const p of posts)
      items.push(
        h(
          'li',
          { class: `log-act post ${p.kind}`, key: `post-${p.kind}`, 'data-seat': String(p.seat) },
          t('logLine', { who: who(v, p.seat), what: t(`post_${p.kind}`, { n: chips(p.amount) }) }),
        ),
      );
  }
  for (const [i, d] of (v.decisions ?? []).entries()) {
    // the posts are the log's first lines, above
    if (d.kind === 'dealHole' || isPost(d) || isProcedure(d)) continue;
    if (d.street !== street) {
      street = d.street;
      items.push(h('li', { class: 'street', key: `s${i}` }, streetLabel(d.street)));
    }
    if (d.kind === 'dealBoard') {
      items.push(h('li', { class: 'deal', key: i }, decisionText(d)));
      continue;
    }
    items.push(
      h(
        'li',
        { class: `log-act ${d.kind}`, key: i, 'data-seat': String(d.seat) },
        t('logLine', { who: who(v, d.seat), what: decisionText(d) }),
        d.rule ? h('span', { class: 'rule' }, ` ${t('ruleApplied', { rule: ruleLabel(d.rule) })}`) : null,
      ),
    );
  }
  return h('ul', { class: 'action-log', id: 'action-log' }, items);
}

function Alerts({ v }: { v: RoleView }): JSX.Element | null {
  if (v.alerts.length === 0) return null;
  return h(
    'section',
    { class: 'com-alerts', id: 'com-alerts' },
    h('h2', {}, t('alertCount', { n: v.alerts.filter((a) => !a.acknowledged && !a.resolved).length })),
    h(
      'ul',
      {},
      [...v.alerts]
        .reverse()
        .map((a) =>
          h(
            'li',
            { key: `${a.source}${a.id}`, class: `${a.severity}${a.resolved ? ' resolved' : ''}`, 'data-code': a.code },
            `${severityLabel(a.severity)} · ${a.code}${a.seat ? ` · ${who(v, a.seat)}` : ''}: ${alertText(a).message}`,
            a.resolved ? h('b', {}, ` ✓ ${t('corrected')}`) : null,
            a.decision
              ? h(
                  'div',
                  { class: 'decision' },
                  t('decided', { text: a.decision.decision, by: deciderName(a.decision.by) }),
                )
              : null,
          ),
        ),
    ),
  );
}

function App(): JSX.Element {
  const snap = useLive(store);
  const v = snap.view;
  const top = h(Header, { v, title: t('commentatorView'), snap });
  const banner = h(ConnBanner, { snap, blocking: false });
  if (!v) return h('div', { class: 'commentator' }, banner, top);
  return h(
    'div',
    { class: 'commentator' },
    banner,
    top,
    h(
      'div',
      { class: 'row' },
      h(Board, { v }),
      v.burns.length ? h('div', { class: 'burns' }, `${t('burns')} `, h(Cards, { list: v.burns })) : null,
      h(Pots, { v }),
    ),
    h(
      'div',
      { class: 'columns' },
      h(Booth, { v }),
      h('section', { class: 'chart' }, h('h2', {}, t('equityChart')), h(EquityChart, { v })),
    ),
    h(Alerts, { v }),
    h('section', {}, h('h2', {}, t('actionLog')), h(ActionLog, { v })),
  );
}

mountApp(App);
