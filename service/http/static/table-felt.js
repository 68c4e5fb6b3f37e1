// The felt: the stock and the discard pile, and the melds on the table, each a place to play.

import { shortName } from './cards.js';
import { h } from './dom.js';
import { tableMoves } from './moves.js';
import { cardBack, cardFace, meldView } from './render.js';
import { meldNews, othersLast, pickedCards } from './table-state.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').GameSummary} GameSummary */
/** @typedef {import('./moves.js').Moves} Moves */


/**
 * The piles and the melds, drawn for the table's state.
 * @param {import('./table-state.js').TableContext} table
 */
export function feltViews(table) {
  const { state, name, play, render } = table;

  /** @param {View} view @param {GameSummary} summary */
  function pilesView(view, summary) {
    const moves = /** @type {Moves} */ (state.moves);
    const stockLabel = view.stock_count === 0 && moves.drawStock ? 'Turn the pile over' : `Stock: ${view.stock_count}`;
    const stock = h(
      'button',
      {
        type: 'button',
        class: `pile stock${view.stock_count === 0 ? ' empty' : ''}${isHint('stock') ? ' hinted' : ''}`,
        disabled: !moves.drawStock || state.busy,
        'aria-label': moves.drawStock ? (view.stock_count === 0 ? 'Turn the discard pile over and draw' : `Draw from the stock (${view.stock_count} cards)`) : `Stock, ${view.stock_count} cards`,
        onclick: () => moves.drawStock && play(moves.drawStock),
      },
      view.stock_count > 0 ? cardBack() : h('span', { class: 'card slot', 'aria-hidden': 'true', text: '↻' }),
      h('span', { class: 'pile-label', text: stockLabel }),
    );
    const pile = view.discard_pile;
    const any = summary.ruleset.discard_pickup === 'any';
    // Under `any` the whole pile is spread (top last); a card takes itself and everything above it.
    const shown = any ? pile : pile.slice(-1);
    const cards = shown.map((card, index) => {
      const depth = shown.length - index;
      const command = moves.drawPile.get(depth);
      const label = depth === 1 ? `Take ${shortName(card)} from the discard pile` : `Take ${shortName(card)} and the ${depth === 2 ? 'card' : `${depth - 1} cards`} above it`;
      return cardFace(card, {
        small: any,
        hinted: isHint('pile', depth),
        label,
        disabled: !command || state.busy,
        onclick: () => command && play(command),
      });
    });
    const discard = h(
      'div',
      { class: `pile discard${any ? ' spread' : ''}`, 'data-testid': 'discard-pile' },
      cards.length ? h('span', { class: 'pile-cards' }, cards) : h('span', { class: 'card slot', 'aria-hidden': 'true' }),
      h('span', { class: 'pile-label', text: `Discards: ${pile.length}` }),
    );
    return h('div', { class: 'piles' }, stock, discard);
  }

  /** What the others did last, in the history's words, where the eyes are: over the piles. */
  function lastMove() {
    // Always there (hidden while empty): a line that came and went shifted every part below it, and a redraw then drew the hand anew.
    return h('p', { class: 'last-move', 'data-testid': 'last-move', text: othersLast(state) ?? '' });
  }

  /**
   * @param {'stock' | 'pile'} where
   * @param {number} [depth]
   */
  function isHint(where, depth = 1) {
    const hint = state.hint;
    if (!hint || hint.type !== 'draw') return false;
    if (where === 'stock') return (hint.source ?? 'stock') === 'stock';
    return hint.source === 'discard' && (hint.count ?? 1) === depth;
  }

  /** @param {View} view */
  function tableView(view) {
    const moves = /** @type {Moves} */ (state.moves);
    const picked = pickedCards(state);
    const card = picked.length === 1 ? picked[0] : null;
    const melds = view.table.map((meld) => {
      const options = card ? tableMoves(moves, card, meld.id) : [];
      const hinted = state.hint !== null && (state.hint.type === 'lay_off' || state.hint.type === 'swap_joker') && state.hint.meld_id === meld.id;
      const choices = state.chooserMeld === meld.id && options.length > 1 ? chooser(options) : null;
      return meldView(meld, {
        glow: options.length > 0,
        hinted,
        owner: name(meld.owner),
        news: meldNews(state, meld.id),
        onclick: options.length ? () => (options.length === 1 ? play(options[0]) : openChooser(meld.id)) : undefined,
        choices,
      });
    });
    return h('div', { class: 'melds', 'aria-label': 'Melds on the table' }, melds.length ? melds : h('p', { class: 'empty-table', text: 'No melds on the table yet.' }));
  }

  /** @param {number} meldId */
  function openChooser(meldId) {
    state.chooserMeld = meldId;
    render();
  }

  /** @param {(import('./moves.js').LayOff | import('./moves.js').SwapJoker)[]} options */
  function chooser(options) {
    return h(
      'div',
      { class: 'chooser', role: 'group', 'aria-label': 'Where to play the card' },
      options.map((command) =>
        h('button', {
          type: 'button',
          onclick: () => play(command),
          text: command.type === 'swap_joker' ? 'Swap for the joker' : command.end === 'low' ? 'Low end' : command.end === 'high' ? 'High end' : 'Lay off',
        }),
      ),
    );
  }

  return { pilesView, tableView, lastMove };
}
