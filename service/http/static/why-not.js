// Why a selection offers no move, in the rules' words, before anything is sent: the
// server decides the command the player seems to mean with nothing written
// (POST /games/{id}/commands/check), and its refusal is shown as the cards are picked.
import * as api from './api.js';
import { shortName } from './cards.js';

// A card's code in the rules' words (`5H`), as the page names it (`5♥`).
const CARD_CODE = /\b(?:[2-9TJQKA][CDHS]|JK)\b/g;

/**
 * The command the picked cards seem to mean when no move is offered for them, or null.
 * @param {string[]} picked
 * @param {boolean} offered a move is offered for the selection
 * @returns {api.Command | null}
 */
export function meantCommand(picked, offered) {
  if (offered) return null;
  if (picked.length === 1) return { type: 'discard', card: picked[0] };
  if (picked.length >= 3) return { type: 'lay_melds', melds: [picked] };
  return null;
}

/**
 * Asks the server once a selection, and keeps its answer for that selection.
 * @param {string} gameId
 * @param {() => string | null} token
 * @param {() => void} answered called when an answer arrives (to draw it)
 */
export function refusals(gameId, token, answered) {
  let asked = '';
  /** @type {string | null} */
  let words = null;
  return {
    /**
     * The refusal's words for `command` when known (null: not asked yet, or it would be taken).
     * @param {api.Command | null} command
     * @returns {string | null}
     */
    words(command) {
      const key = command ? JSON.stringify(command) : '';
      if (key !== asked) {
        asked = key;
        words = null;
        const seat = token();
        if (command && seat) {
          api.refusal(gameId, seat, command).then(
            (answer) => {
              const named = answer && answer.replace(CARD_CODE, (code) => shortName(code));
              if (asked === key && named !== words) {
                words = named;
                answered();
              }
            },
            () => {}, // unreachable: the connection notice says so
          );
        }
      }
      return words;
    },
  };
}
