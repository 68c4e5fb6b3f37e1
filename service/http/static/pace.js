// How long another seat's move stays in view before the next: the player's choice, kept in this browser.

import { h } from './dom.js';
import { preference, setPreference } from './session.js';

/** About what a person takes to see a card land and read it. */
const USUAL_MS = 600;

/** @type {[number, string][]} */
const PACES = [
  [USUAL_MS, 'one by one'],
  [300, 'quickly'],
  [1200, 'slowly'],
  [0, 'all at once'],
];

/** The moment, in ms, each of another seat's moves stays in view; 0: shown at once. */
export function paceMs() {
  const chosen = Number(preference('pace', String(USUAL_MS)));
  return Number.isFinite(chosen) && chosen >= 0 ? chosen : USUAL_MS;
}

/** The setting as the table shows it: "Others' moves: one by one". */
export function paceSetting() {
  const current = paceMs();
  const choices = PACES.some(([ms]) => ms === current) ? PACES : [...PACES, [current, `${current} ms`]];
  const select = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { id: 'pace', 'data-testid': 'pace', onchange: () => setPreference('pace', select.value) },
      choices.map(([ms, label]) => h('option', { value: ms, selected: ms === current, text: label })),
    )
  );
  return h('span', { class: 'pace' }, h('label', { for: 'pace', text: "Others' moves:" }), select);
}
