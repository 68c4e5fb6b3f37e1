// The whole table drawn from its parts, the focus kept where the player is, and redraws
// held while a card is dragged or a menu is open.

import { h, redraw, replace } from './dom.js';
import { rulesPanel } from './render.js';
import { feltViews } from './table-felt.js';
import { focusKey, keepFocusIn, nextControl, restoreFocus } from './table-focus.js';
import { handViews } from './table-hand.js';
import { sheetViews } from './table-sheets.js';
import { statusViews } from './table-status.js';
import { waitingViews } from './table-waiting.js';

/**
 * @param {import('./table-state.js').TableContext} table
 */
export function tableScreen(table) {
  const { root, state } = table;
  const { pilesView, tableView, lastMove } = feltViews(table);
  const { yourSide } = handViews(table);
  const { statusBar, rematchBanner, timerText, seatsRow, logView } = statusViews(table);
  const { handEndView, closeHandEnd, coverView } = sheetViews(table);
  const { tableCode, waitingView } = waitingViews(table);

  function render() {
    if (table.signal.aborted) return;
    // A card being dragged stays under the finger, a menu open stays open: drawn once they end.
    if (dragging) {
      redrawAfterDrag = true;
      return;
    }
    // While a request of the player's runs, the table says so (and its buttons are off).
    root.setAttribute('aria-busy', String(state.busy));
    const view = state.view;
    const summary = state.summary;
    if (!view || !summary) {
      replace(root, h('p', { class: 'loading', text: 'Loading the table…' }));
      return;
    }
    const focused = document.activeElement instanceof HTMLElement ? focusKey(document.activeElement) : null;
    if (summary.status === 'waiting' || summary.expired) {
      replace(root, waitingView(summary));
      if (focused) restoreFocus(focused, root);
      return;
    }
    // What is drawn again unchanged stays the same element (a tap, the focus, a box measured meanwhile).
    redraw(
      root,
      h(
        'section',
        { class: 'table-screen', 'aria-label': 'Card table' },
        statusBar(view, summary),
        view.phase === 'deal' ? null : tableCode(),
        state.rematch && !state.handEnd ? rematchBanner() : null,
        seatsRow(view),
        lastMove(),
        h('div', { class: 'felt' }, pilesView(view, summary), tableView(view)),
        yourSide(view, summary),
        h('div', { class: 'below' }, logView(), rulesPanel(summary.ruleset)),
      ),
      state.handEnd ? handEndView(state.handEnd, view) : null,
      state.covered && !state.handEnd ? coverView() : null,
    );
    // A sheet over the table takes the focus, its title kept in sight (a phone would scroll to the button).
    const sheet = root.querySelector('.overlay .sheet');
    if (sheet instanceof HTMLElement) keepFocusIn(sheet, state.handEnd && !state.gameEnd ? closeHandEnd : null);
    const first = sheet?.querySelector('button.primary') ?? sheet?.querySelector('button');
    if (sheet && !sheet.contains(document.activeElement) && first instanceof HTMLElement) first.focus({ preventScroll: true });
    else if (focused) restoreFocus(focused, root);
    // The history shows its newest lines (the whole hand stays above, scrollable).
    root.querySelector('.log-lines')?.scrollTo(0, 1e9);
    // Focus goes to what can be done next: at the turn's start, and when nothing has it (a table just opened).
    const myTurn = !sheet && view.turn === state.seat && view.phase !== 'over';
    const unfocused = document.activeElement === null || document.activeElement === document.body;
    if (myTurn && (!turnFocused || unfocused)) nextControl(root)?.focus({ preventScroll: true });
    turnFocused = myTurn;
  }
  let turnFocused = false;
  let dragging = false;
  let redrawAfterDrag = false;

  /**
   * Holds the table's redraws while a card is dragged or a menu is open (a paced move
   * would pull either from under the pointer), and draws what was held once they end.
   * @param {boolean} now
   */
  function holdRedraws(now) {
    dragging = now;
    if (now || !redrawAfterDrag) return;
    redrawAfterDrag = false;
    render();
  }

  return { render, holdRedraws, timerText };
}
