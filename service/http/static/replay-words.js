// A replay step in plain words: what happened at this point of the game, not the log's event names.

import { shortName } from './cards.js';

/** @typedef {import('./api.js').Envelope} Envelope */

/**
 * @param {Envelope} envelope
 * @param {(seat: number) => string} seatName
 * @returns {string}
 */
export function stepText(envelope, seatName) {
  const event = /** @type {any} */ (envelope.event);
  const who = typeof event.seat === 'number' ? seatName(event.seat) : envelope.seat === null ? '' : seatName(envelope.seat);
  switch (event.type) {
    case 'game_started':
      return 'The game starts';
    case 'hand_dealt':
      return `Hand ${event.hand_number} is dealt`;
    case 'cards_drawn':
      return `${who} drew ${event.count === 1 ? 'a card' : `${event.count} cards`} from the ${event.source === 'stock' ? 'stock' : 'discard pile'}`;
    case 'stock_renewed':
      return `The stock ran out: the discard pile becomes the stock`;
    case 'meld_laid':
      return `${who} laid ${event.meld.cards.map((/** @type {{card: string}} */ placed) => shortName(placed.card)).join(' ')}`;
    case 'card_laid_off':
      return `${who} laid off ${shortName(event.card)}`;
    case 'joker_swapped':
      return `${who} swapped ${shortName(event.card)} for a joker`;
    case 'card_discarded':
      return `${who} discarded ${shortName(event.card)}`;
    case 'knocked':
      return `${who} knocked with ${shortName(event.card)}`;
    case 'hand_ended':
      return `Hand ${event.hand_number} ended: scores ${event.scores.join(', ')}`;
    case 'deck_revealed':
      return `The deck of hand ${event.hand_number} is shown, so anyone can check the shuffle was fair`;
    case 'game_ended':
      return 'The game is over';
    case 'turn_deadline_set':
      return `${who}'s turn clock starts`;
    case 'turn_timed_out':
      return `${who} ran out of time`;
    case 'seat_resigned':
      return `${who} resigned`;
    case 'rematch_offered':
      return `${who} offered a rematch`;
    case 'seats_removed':
      return 'Empty seats were removed';
    case 'seat_filled':
      return `A bot (level ${event.level}) takes ${who}`;
    case 'seat_claimed':
      return `Someone sits down at ${who}`;
    case 'seat_reserved':
      return `${who} is kept for a player from the last game`;
    case 'seat_left':
      return `${who} is free again`;
    case 'seat_control_changed':
      return event.controller === 'owner' ? `${who} plays again` : `A bot plays for ${who}`;
    case 'game_abandoned':
      return 'The game was abandoned';
    default:
      return String(event.type).replaceAll('_', ' ');
  }
}

/**
 * The seat a step's number names now: a start that removed seats closed the others up,
 * so a step before it numbers them as at the creation. null: a seat the start removed.
 * @param {Envelope[]} log
 * @param {number} version the step's
 * @param {number} seat its number at that step
 * @returns {number | null}
 */
export function seatNow(log, version, seat) {
  const removal = log.find((entry) => /** @type {any} */ (entry.event).type === 'seats_removed');
  if (!removal || version >= removal.version) return seat;
  const removed = /** @type {number[]} */ (/** @type {any} */ (removal.event).seats);
  if (removed.includes(seat)) return null;
  return seat - removed.filter((gone) => gone < seat).length;
}
