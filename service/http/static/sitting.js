// Sitting down: a new table made by this browser's player, a seat claimed from the lobby,
// a private table joined by its code; each opens the table once seated.

import * as api from './api.js';
import { problemText } from './render.js';
import { ensurePlayer, keepGame } from './session.js';

/**
 * Creates a table as this browser's player (a guest made on first use), who hosts it and
 * sits at its first seat; with friends on this screen (a hot-seat table) the player sits
 * at every human seat that is not open, all taken in the one request that creates it.
 * @param {import('./api.js').CreateGame} body
 * @param {HTMLElement} problem where a refusal is shown
 * @param {boolean} [friends] whether friends on this screen play the other human seats
 */
export async function startGame(body, problem, friends = false) {
  problem.textContent = '';
  try {
    const player = await ensurePlayer();
    const created = await api.createGame(friends ? { ...body, hot_seat: true } : body, player.token);
    const label = `${body.preset ?? 'basic'}, ${body.seats.length} seats${body.private ? ', private' : ''}`;
    const humans = body.seats.flatMap((seat, index) => (seat.kind === 'human' && !seat.open ? [index] : []));
    keepGame(created.game_id, label, { host: true, invite: created.invite_code, seats: friends ? humans : humans.slice(0, 1) });
    location.hash = `#/game/${created.game_id}`;
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

/**
 * Sits this browser's player at an open seat (the first, unless `seat` is given) and opens the table.
 * @param {string} gameId
 * @param {number | null} seat
 * @param {string} label
 * @param {string | null} invite a private table's code
 * @param {HTMLElement} problem
 */
export async function sitAt(gameId, seat, label, invite, problem) {
  problem.textContent = '';
  try {
    const player = await ensurePlayer();
    let chosen = seat;
    if (chosen === null) {
      const table = await api.summary(gameId, null, invite);
      chosen = table.seats.find((entry) => entry.kind === 'human' && entry.open && !entry.claimed && !entry.reserved)?.seat ?? null;
      label = `${table.preset}, ${table.seats.length} seats${table.private ? ', private' : ''}`;
      if (chosen === null) {
        // Every seat is taken (or held by this player already): the code still opens the table.
        keepGame(gameId, label, { invite });
        location.hash = `#/game/${gameId}`;
        return;
      }
    }
    const claimed = await api.claimSeat(gameId, chosen, player.token, invite);
    keepGame(claimed.game_id, label, { invite, seats: [claimed.seat] });
    location.hash = `#/game/${claimed.game_id}`;
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

/**
 * A table code is `GAME:CODE` as the table shows it, or its invite link.
 * @param {string} text
 * @returns {{gameId: string, invite: string} | null}
 */
function parseTableCode(text) {
  const found = text.trim().match(/([0-9a-f]{32})(?::|\/)([A-Za-z0-9_-]+)\s*$/);
  return found ? { gameId: found[1], invite: found[2] } : null;
}

/**
 * @param {string} text
 * @param {HTMLElement} problem
 */
export async function joinByCode(text, problem) {
  const code = parseTableCode(text);
  if (!code) {
    problem.textContent = 'That is not a table code: it looks like 0f3a…:Xy7_ab12, as the table shows it.';
    return;
  }
  await sitAt(code.gameId, null, 'private table', code.invite, problem);
}
