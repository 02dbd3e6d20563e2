// The start page: links to each view, in the chosen language.
import { el, langSwitch, mount } from './common.js';
import { t } from './i18n.js';

const root = document.getElementById('app') as HTMLElement;
function render(): void {
  const list = el('ul', { class: 'views' });
  for (const [page, key] of [
    ['dealer', 'dealerView'],
    ['floor', 'floorView'],
    ['commentator', 'commentatorView'],
    ['overlay', 'overlayView'],
    ['public', 'publicView'],
  ] as const) {
    list.append(el('li', {}, el('a', { href: `./${page}.html` }, t(key))));
  }
  mount(
    root,
    el('header', { class: 'top' }, el('h1', {}, 'feltwire'), langSwitch(render)),
    el('h2', {}, t('views')),
    list,
  );
}
render();
