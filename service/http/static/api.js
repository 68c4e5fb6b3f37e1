// The page's door to the server: every route it uses, called through the official TypeScript
// client (api-spec/clients/typescript, served compiled under web/client/); the live channel
// is follow.js, players and the league players-api.js.

import { createClient, ProblemError } from '@rummy/client';
import { reachable, unreachable } from './connection.js';

export { ProblemError };

/** @typedef {import('@rummy/client').Schemas} Schemas */
/** @typedef {import('@rummy/client').RummyClient} RummyClient */
/** @typedef {Schemas['View']} View */
/** @typedef {View['legal_commands'][number]} Command */
/** @typedef {Schemas['GameSummary']} GameSummary */
/** @typedef {Schemas['RuleSet']} RuleSet */
/** @typedef {Schemas['Rulesets']} Rulesets */
/** @typedef {Schemas['CreateGame']} CreateGame */
/** @typedef {Schemas['CreatedGameOut']} CreatedGame */
/** @typedef {Schemas['SeatSpec']} SeatSpec */
/** @typedef {Schemas['Lobby']} Lobby */
/** @typedef {Schemas['LobbyEntry']} LobbyEntry */
/** @typedef {Schemas['ClaimedSeat']} ClaimedSeat */
/** @typedef {Schemas['CommandResult']} CommandResult */
/** @typedef {Schemas['EventPage']} EventPage */
/** @typedef {Schemas['Envelope']} Envelope */
/** @typedef {Envelope['event']} GameEvent */
/** @typedef {Schemas['Suggestion']} Suggestion */
/** @typedef {Schemas['StateAt']} StateAt */
/** @typedef {Schemas['Meld']} Meld */
/** @typedef {NonNullable<import('@rummy/client').paths['/games']['get']['parameters']['query']>['status']} LobbyStatus */
/** @typedef {Schemas['CreatedPlayerOut']} CreatedPlayer */
/** @typedef {Schemas['Player']} Player */
/** @typedef {Schemas['PlayerGames']} PlayerGames */
/** @typedef {Schemas['Rematch']} Rematch */
/** @typedef {Schemas['GameRatingChanges']} GameRatings */
/** @typedef {Schemas['LeaderboardPage']} LeaderboardPage */

/**
 * The page's fetch: it notes whether the server could be reached, and a request that never
 * reached it becomes the page's own problem, `network_error`.
 * @type {typeof fetch}
 */
async function reachingFetch(input, init) {
  try {
    const response = await fetch(input, init);
    reachable();
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    unreachable();
    throw new ProblemError({
      status: 0,
      code: 'network_error',
      title: 'The server cannot be reached',
      detail: 'The server cannot be reached: check the connection and try again.',
    });
  }
}

/**
 * The client acting with `token` (a seat's or the player's), or with none: a spectator.
 * @param {string | null | undefined} token
 * @returns {RummyClient}
 */
export const clientFor = (token) => createClient(location.origin, token ?? null, reachingFetch);

/**
 * The answer's body (the client throws a `ProblemError` for every refusal).
 * @template T
 * @param {Promise<{data?: T}>} call
 * @returns {Promise<T>}
 */
export async function answer(call) {
  const { data } = await call;
  return /** @type {T} */ (data);
}

/** A private table's code as a query, when there is one. @param {string | null | undefined} invite */
export const inviteQuery = (invite) => (invite ? { invite } : {});

/** A game's path. @param {string} gameId */
const gameParams = (gameId) => ({ params: { path: { game_id: gameId } } });

/** @returns {Promise<Rulesets>} */
export const rulesets = () => answer(clientFor(null).GET('/rulesets'));

/**
 * @typedef {object} LobbyFilter
 * @property {LobbyStatus} [status]
 * @property {CreateGame['preset']} [preset]
 * @property {number} [seats]
 * @property {boolean} [openSeats] only tables with a seat still open
 * @property {number} [limit]
 */

/**
 * @param {LobbyFilter} [filter]
 * @returns {Promise<Lobby>}
 */
export function lobby(filter = {}) {
  const query = {
    limit: filter.limit ?? 20,
    status: filter.status || undefined,
    preset: filter.preset || undefined,
    seats: filter.seats || undefined,
    open_seats: filter.openSeats || undefined,
  };
  return answer(clientFor(null).GET('/games', { params: { query } }));
}

/**
 * A new table; created with a player token, the player sits at its first human seat and hosts it.
 * @param {CreateGame} body
 * @param {string | null} token
 * @returns {Promise<CreatedGame>}
 */
export const createGame = (body, token) => answer(clientFor(token).POST('/games', { body }));

/**
 * Claims an open seat; with a player token the seat is the player's.
 * @param {string} gameId
 * @param {number} seat
 * @param {string | null} token
 * @param {string | null} [invite] a private table's code
 * @returns {Promise<ClaimedSeat>}
 */
export const claimSeat = (gameId, seat, token, invite) =>
  answer(clientFor(token).POST('/games/{game_id}/seats/{seat}', { params: { path: { game_id: gameId, seat }, query: inviteQuery(invite) } }));

/**
 * @param {string} gameId
 * @param {string | null} [token]
 * @param {string | null} [invite] a private table's code
 * @returns {Promise<GameSummary>}
 */
export const summary = (gameId, token, invite) => answer(clientFor(token).GET('/games/{game_id}', { params: { path: { game_id: gameId }, query: inviteQuery(invite) } }));

/**
 * The host starts a waiting table, its open seats filled with bots of `level`.
 * @param {string} gameId
 * @param {string} token
 * @param {number} level
 * @returns {Promise<GameSummary>}
 */
export const startTable = (gameId, token, level) =>
  answer(clientFor(token).POST('/games/{game_id}/start', { ...gameParams(gameId), body: { fill: 'bots', level } }));

/**
 * Gives a seat of a waiting table back (its holder leaves, or the host removes them).
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @returns {Promise<unknown>}
 */
export const leaveSeat = (gameId, seat, token) =>
  answer(clientFor(token).DELETE('/games/{game_id}/seats/{seat}', { params: { path: { game_id: gameId, seat } } }));

/**
 * A bot plays the caller's seat to the end.
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<CommandResult>}
 */
export const resign = (gameId, token) => answer(clientFor(token).POST('/games/{game_id}/resign', { ...gameParams(gameId), body: {} }));

/**
 * The next game at this finished table (made once: asked again, the same game).
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<Rematch>}
 */
export const rematch = (gameId, token) => answer(clientFor(token).POST('/games/{game_id}/rematch', gameParams(gameId)));

/**
 * Takes the caller's seat back from the bot playing it (after timeouts, or handed over).
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @returns {Promise<Schemas['SeatControl']>}
 */
export const takeSeatBack = (gameId, seat, token) =>
  answer(clientFor(token).DELETE('/games/{game_id}/seats/{seat}/bot', { params: { path: { game_id: gameId, seat } } }));

/**
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<View>}
 */
export const seatView = (gameId, token) => answer(clientFor(token).GET('/games/{game_id}/view', gameParams(gameId)));

/**
 * One command, always one the view's `legal_commands` listed; the id makes a retry safe.
 * @param {string} gameId
 * @param {string} token
 * @param {Command} command
 * @returns {Promise<CommandResult>}
 */
export function sendCommand(gameId, token, command) {
  /** @type {Command} */
  const body = { ...command, command_id: crypto.randomUUID() };
  return answer(clientFor(token).POST('/games/{game_id}/commands', { ...gameParams(gameId), body }));
}

/**
 * Why `command` would be refused now (the problem's words), with nothing written; null
 * when the seat may send it.
 * @param {string} gameId
 * @param {string} token
 * @param {Command} command
 * @returns {Promise<string | null>}
 */
export async function refusal(gameId, token, command) {
  try {
    await clientFor(token).POST('/games/{game_id}/commands/check', { ...gameParams(gameId), body: command });
    return null;
  } catch (error) {
    if (error instanceof ProblemError && error.status >= 400 && error.status < 500) return error.detail || error.title;
    throw error;
  }
}

/**
 * The log as the caller may see it, after version `after`; waits up to `wait` s for a first event.
 * @param {string} gameId
 * @param {string | null} token
 * @param {number} after
 * @param {{wait?: number, limit?: number, signal?: AbortSignal, invite?: string | null}} [options]
 * @returns {Promise<EventPage>}
 */
export function events(gameId, token, after, options = {}) {
  const query = { after, wait: options.wait ?? 0, limit: options.limit || undefined, ...inviteQuery(options.invite) };
  return answer(clientFor(token).GET('/games/{game_id}/events', { params: { path: { game_id: gameId }, query }, signal: options.signal }));
}

/**
 * The command a bot of `level` would play from this view (no game on the server).
 * @param {View} view
 * @param {RuleSet} ruleset
 * @param {number} level
 * @returns {Promise<Suggestion>}
 */
export const suggest = (view, ruleset, level = 3) => answer(clientFor(null).POST('/bots/suggest', { body: { view, ruleset, level } }));

/**
 * The game as it was at `version`: the caller's view, and every card once the game is over.
 * @param {string} gameId
 * @param {number} version
 * @param {string | null} token
 * @returns {Promise<StateAt>}
 */
export const stateAt = (gameId, version, token) =>
  answer(clientFor(token).GET('/games/{game_id}/states/{version}', { params: { path: { game_id: gameId, version } } }));
