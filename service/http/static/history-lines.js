// The table's history in words: one line per event a player would tell (null for the rest).

import { shortName } from './cards.js';

/** @typedef {import('./api.js').GameEvent} GameEvent */

/** @param {{card: string, as?: string | null}} placed a card on the table */
export function placedName(placed) {
  return placed.card === 'JK' && placed.as ? `Joker (${shortName(placed.as)})` : shortName(placed.card);
}

/**
 * @param {GameEvent} event
 * @param {(seat: number) => string} name a seat's name as the page shows it
 * @returns {string | null}
 */
export function historyLine(event, name) {
  switch (event.type) {
    case 'hand_dealt':
      return `Hand ${event.hand_number} dealt; first to play: ${name(event.first_seat)}.`;
    case 'cards_drawn':
      // A stock card shows only to the seat that drew it: that player reads which one.
      if (event.source === 'stock') return `${name(event.seat)} drew ${event.cards?.length ? `${event.cards.map(shortName).join(' ')} ` : ''}from the stock.`;
      return `${name(event.seat)} drew ${event.count} from the pile${event.cards ? ` (${event.cards.map(shortName).join(' ')})` : ''}.`;
    case 'stock_renewed':
      return `${name(event.seat)} turned the discard pile over as the new stock.`;
    case 'meld_laid':
      return `${name(event.seat)} laid ${event.meld.cards.map((placed) => placedName(placed)).join(' ')}.`;
    case 'card_laid_off':
      // The meld as it is now: the card laid off stands at the end it went to.
      return `${name(event.seat)} laid off ${placedName(event.meld.cards[event.end === 'low' ? 0 : event.meld.cards.length - 1] ?? { card: event.card })} on #${event.meld.id}.`;
    case 'joker_swapped':
      return `${name(event.seat)} swapped ${shortName(event.card)} for a joker.`;
    case 'card_discarded':
      return `${name(event.seat)} discarded ${shortName(event.card)}.`;
    case 'knocked':
      return `${name(event.seat)} knocked for ${shortName(event.card)}.`;
    case 'hand_ended':
      return event.winner === null ? 'The hand ended with no winner.' : `${name(event.winner)} went out.`;
    case 'game_ended':
      return 'The game is over.';
    case 'turn_timed_out':
      return `${name(event.seat)} ran out of time.`;
    case 'seat_resigned':
      return `${name(event.seat)} resigned: a bot plays on.`;
    case 'seat_control_changed':
      return controlLine(event, name);
    case 'rematch_offered':
      return `${name(event.seat)} offers a rematch.`;
    default:
      return null;
  }
}

/**
 * @param {import('@rummy/client').Schemas['SeatControlChanged']} event
 * @param {(seat: number) => string} name
 */
function controlLine(event, name) {
  switch (event.reason) {
    case 'handed_over':
      return `${name(event.seat)} handed the seat to a bot (level ${event.level ?? 2}).`;
    case 'timeouts':
      return `${name(event.seat)} ran out of time again: a bot (level ${event.level ?? 2}) plays on until they are back.`;
    default:
      return `${name(event.seat)} ${name(event.seat) === 'You' ? 'are' : 'is'} back at the seat.`;
  }
}
