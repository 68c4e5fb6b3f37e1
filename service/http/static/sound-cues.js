// Which moments of the game sound which cue: a move of the followed log, the player's turn beginning.

/** @typedef {import('./sound.js').Cue} Cue */

/**
 * The cue of one event of the log, or null (no sound).
 * @param {import('./api.js').GameEvent} event
 * @param {readonly number[]} mine the seats this screen plays (none: it watches)
 * @returns {Cue | null}
 */
export function cueOf(event, mine) {
  switch (event.type) {
    case 'cards_drawn':
      return 'draw';
    case 'meld_laid':
    case 'card_laid_off':
    case 'joker_swapped':
      return 'meld';
    case 'card_discarded':
      return 'discard';
    case 'hand_ended':
      // Someone watching hears a hand end as won: it is no loss of theirs.
      return mine.length === 0 || (event.winner !== null && mine.includes(event.winner)) ? 'won' : 'lost';
    default:
      return null;
  }
}

/**
 * Whether `view`, drawn after `before`, hands this screen a new turn (its draw begins).
 * The table's first drawing is no beginning: the turn was there already.
 * @param {import('./api.js').View | null} before
 * @param {import('./api.js').View} view
 * @param {readonly number[]} mine
 */
export function turnBegins(before, view, mine) {
  if (!before || view.phase !== 'draw' || view.turn === undefined || !mine.includes(view.turn)) return false;
  return before.phase !== 'draw' || before.turn !== view.turn || before.hand_number !== view.hand_number;
}
