// The start page: links to each view, in the chosen language.
import type { JSX } from 'preact';
import { t } from './i18n.js';
import { h, LangSwitch, mountApp } from './ui.js';

function App(): JSX.Element {
  const pages = [
    ['dealer', t('dealerView')],
    ['floor', t('floorView')],
    ['commentator', t('commentatorView')],
    ['overlay', t('overlayView')],
    ['public', t('publicView')],
  ];
  return h(
    'div',
    {},
    h('header', { class: 'top' }, h('h1', {}, 'feltwire'), h(LangSwitch, {})),
    h('h2', {}, t('views')),
    h(
      'ul',
      { class: 'views' },
      pages.map(([p, label]) => h('li', { key: p }, h('a', { href: `./${p}.html` }, label))),
    ),
  );
}

mountApp(App);
