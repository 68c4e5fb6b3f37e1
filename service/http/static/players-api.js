// The server's routes for players and the league, through the official client (api.js):
// a guest account, its name and games, a game's rating changes and the leaderboards.

import { answer, clientFor, inviteQuery } from './api.js';

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
export const createGuest = () => answer(clientFor(null).POST('/players', { body: { guest: true } }));

/**
 * @param {string} token a player token
 * @returns {Promise<Player>}
 */
export const me = (token) => answer(clientFor(token).GET('/players/me'));

/**
 * Names the caller (their seats at tables not finished show the new name).
 * @param {string} token a player token
 * @param {string} name
 * @returns {Promise<Player>}
 */
export const renameMe = (token, name) => answer(clientFor(token).PATCH('/players/me', { body: { name } }));

/**
 * The caller's games, newest first.
 * @param {string} token a player token
 * @param {Schemas['PlayerGame']['status']} [status]
 * @returns {Promise<PlayerGames>}
 */
export const myGames = (token, status) =>
  answer(clientFor(token).GET('/players/me/games', { params: { query: { limit: 10, status: status || undefined } } }));

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
  const query = { wait: RATINGS_WAIT_S, ...inviteQuery(invite) };
  return answer(clientFor(token).GET('/games/{game_id}/ratings', { params: { path: { game_id: gameId }, query }, signal }));
};
const RATINGS_WAIT_S = 15;

/**
 * One page of a ladder's leaderboard (a preset's name, or a knobbed ladder's).
 * @param {string} ladder
 * @param {number} [offset]
 * @param {number} [limit]
 * @returns {Promise<LeaderboardPage>}
 */
export const leaderboard = (ladder, offset = 0, limit = 20) =>
  answer(clientFor(null).GET('/leaderboards/{ladder}', { params: { path: { ladder }, query: { offset, limit } } }));
