// How long another seat's move stays in view before the next: the player's choice, kept in this browser.

import { h } from './dom.js';
import { preference, setPreference } from './session.js';

/** About what a person takes to see a card land and read it. */
const USUAL_MS = 600;

/** The longest a menu open holds the table's redraws. */
const MENU_OPEN_MS = 8000;

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

/**
 * The setting as the table shows it: "Others' moves: one by one".
 * @param {(open: boolean) => void} holdRedraws told while its menu may be open (a redraw would close it)
 */
export function paceSetting(holdRedraws) {
  const current = paceMs();
  const choices = PACES.some(([ms]) => ms === current) ? PACES : [...PACES, [current, `${current} ms`]];
  // Read from the event's own element: a select drawn again unchanged is the one kept in the page.
  const chosen = (/** @type {Event} */ event) => {
    setPreference('pace', /** @type {HTMLSelectElement} */ (event.currentTarget).value);
    holdRedraws(false);
  };
  const opened = () => {
    holdRedraws(true);
    // A menu closed with no choice keeps the focus and sends no event: the table goes on anyway.
    setTimeout(() => holdRedraws(false), MENU_OPEN_MS);
  };
  const select = h(
    'select',
    { id: 'pace', 'data-testid': 'pace', onpointerdown: opened, onchange: chosen, onblur: () => holdRedraws(false) },
    choices.map(([ms, label]) => h('option', { value: ms, selected: ms === current, text: label })),
  );
  // "Others:" on a phone, beside the links on one line; a screen reader hears it whole.
  return h('span', { class: 'pace' }, h('label', { for: 'pace' }, 'Others', h('span', { class: 'pace-moves', text: "' moves" }), ':'), select);
}
