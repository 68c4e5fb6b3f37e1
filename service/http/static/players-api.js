// The server's routes for players and the league: a guest account, its name and games,
// a game's rating changes and the leaderboards.

import { game, request } from './api.js';

/** @typedef {import('./api.js').CreatedPlayer} CreatedPlayer */
/** @typedef {import('./api.js').Player} Player */
/** @typedef {import('./api.js').PlayerGames} PlayerGames */
/** @typedef {import('./api.js').GameRatings} GameRatings */
/** @typedef {import('./api.js').LeaderboardPage} LeaderboardPage */
/** @typedef {import('./api.js').Schemas} Schemas */

/**
 * A new guest player (named "Guest …"): the answer holds its token, shown this once.
 * @returns {Promise<CreatedPlayer>}
 */
export const createGuest = () => request('POST', '/players', { body: { guest: true } });

/**
 * @param {string} token a player token
 * @returns {Promise<Player>}
 */
export const me = (token) => request('GET', '/players/me', { token });

/**
 * Names the caller (their seats at tables not finished show the new name).
 * @param {string} token a player token
 * @param {string} name
 * @returns {Promise<Player>}
 */
export const renameMe = (token, name) => request('PATCH', '/players/me', { token, body: { name } });

/**
 * The caller's games, newest first.
 * @param {string} token a player token
 * @param {Schemas['PlayerGame']['status']} [status]
 * @returns {Promise<PlayerGames>}
 */
export function myGames(token, status) {
  const query = new URLSearchParams({ limit: '10' });
  if (status) query.set('status', status);
  return request('GET', `/players/me/games?${query}`, { token });
}

/**
 * What the league made of a finished game: each seat's place, rating change and experience.
 * 409 `league_result_pending` if the worker has not applied it within the wait.
 * @param {string} gameId
 * @param {string | null} token
 * @param {string | null} [invite]
 * @param {AbortSignal} [signal]
 * @returns {Promise<GameRatings>}
 */
export const gameRatings = (gameId, token, invite, signal) => {
  // Waited for by the server (`wait`), so a page asks once, not again after each refusal.
  const query = new URLSearchParams({ wait: String(RATINGS_WAIT_S), ...(invite ? { invite } : {}) });
  return request('GET', `${game(gameId)}/ratings?${query}`, { token, signal });
};
const RATINGS_WAIT_S = 15;

/**
 * One page of a ladder's leaderboard (a preset's name, or a knobbed ladder's).
 * @param {string} ladder
 * @param {number} [offset]
 * @param {number} [limit]
 * @returns {Promise<LeaderboardPage>}
 */
export function leaderboard(ladder, offset = 0, limit = 20) {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  return request('GET', `/leaderboards/${encodeURIComponent(ladder)}?${query}`);
}
