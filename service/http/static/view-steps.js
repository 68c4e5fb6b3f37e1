// Another seat's move applied to the drawn view, so the page can show a turn move by move.
// A stepped view is only ever drawn for a moment: the server's view replaces it once the
// moves shown have caught up, so it offers no moves of its own.

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Envelope} Envelope */
/** @typedef {import('./api.js').Meld} Meld */

/**
 * The view after `envelope`'s move, or null when it is no move another seat makes in view
 * (a deal, a hand's end: those are read from the server).
 * @param {View} view
 * @param {Envelope} envelope
 * @returns {View | null}
 */
export function stepView(view, envelope) {
  const event = envelope.event;
  const after = { ...view, version: envelope.version, legal_commands: [], knock_open: false };
  switch (event.type) {
    case 'cards_drawn': {
      const fromStock = event.source === 'stock';
      return {
        ...after,
        phase: 'play',
        turn: event.seat,
        hand_sizes: resized(view.hand_sizes, event.seat, event.count),
        stock_count: fromStock ? Math.max(0, view.stock_count - event.count) : view.stock_count,
        discard_pile: fromStock ? view.discard_pile : view.discard_pile.slice(0, -event.count),
      };
    }
    case 'meld_laid':
      return {
        ...after,
        hand_sizes: resized(view.hand_sizes, event.seat, -event.meld.cards.length),
        table: [...view.table, event.meld],
        opened: view.opened.map((opened, seat) => opened || seat === event.seat),
      };
    case 'card_laid_off':
      return { ...after, hand_sizes: resized(view.hand_sizes, event.seat, -1), table: replaced(view.table, event.meld) };
    case 'joker_swapped':
      // A card in, the joker out: the hand keeps its size.
      return { ...after, table: replaced(view.table, event.meld) };
    case 'card_discarded':
      return {
        ...after,
        phase: 'draw',
        turn: (event.seat + 1) % view.seats,
        hand_sizes: resized(view.hand_sizes, event.seat, -1),
        discard_pile: [...view.discard_pile, event.card],
      };
    case 'knocked':
      return {
        ...after,
        hand_sizes: resized(view.hand_sizes, event.seat, event.stock_card ? 2 : 1),
        discard_pile: view.discard_pile.slice(0, -1),
        stock_count: event.stock_card ? Math.max(0, view.stock_count - 1) : view.stock_count,
      };
    default:
      return null;
  }
}

/**
 * @param {number[]} sizes
 * @param {number} seat
 * @param {number} change
 */
const resized = (sizes, seat, change) => sizes.map((size, at) => (at === seat ? Math.max(0, size + change) : size));

/**
 * @param {Meld[]} table
 * @param {Meld} meld the meld as it is now
 */
const replaced = (table, meld) => table.map((laid) => (laid.id === meld.id ? meld : laid));
