// The page's door to the server: every route it uses, typed from the contract (the live
// channel, which follows a game over a WebSocket, is follow.js).

import { reachable, unreachable } from './connection.js';

/** @typedef {import('./api-types').components['schemas']} Schemas */
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
/** @typedef {Schemas['Problem']} ServerProblem */
/** The server's problem, or the page's own for a request that never reached it (`network_error`). */
/** @typedef {Omit<ServerProblem, 'code'> & {code: ServerProblem['code'] | 'network_error'}} Problem */
/** @typedef {NonNullable<import('./api-types').operations['listGames']['parameters']['query']>['status']} LobbyStatus */
/** @typedef {Schemas['CreatedPlayerOut']} CreatedPlayer */
/** @typedef {Schemas['Player']} Player */
/** @typedef {Schemas['PlayerGames']} PlayerGames */
/** @typedef {Schemas['Rematch']} Rematch */
/** @typedef {Schemas['CommandResult']} Resigned */
/** @typedef {Schemas['GameRatingChanges']} GameRatings */
/** @typedef {Schemas['LeaderboardPage']} LeaderboardPage */

/** A refused request: the server's problem body (RFC 9457), or one made up for a network failure. */
export class ApiError extends Error {
  /** @param {Problem} problem */
  constructor(problem) {
    super(problem.detail || problem.title);
    this.problem = problem;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{token?: string | null, body?: unknown, signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function request(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  /** @type {RequestInit} */
  const init = { method, headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response;
  try {
    response = await fetch(path, init);
    reachable();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    unreachable();
    throw new ApiError({
      type: 'about:blank',
      title: 'The server cannot be reached',
      status: 0,
      code: 'network_error',
      detail: 'The server cannot be reached: check the connection and try again.',
    });
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new ApiError(
      body && typeof body.code === 'string'
        ? body
        : { type: 'about:blank', title: response.statusText, status: response.status, code: 'http_error' },
    );
  }
  return body;
}

/** A game's path. @param {string} id */
export const game = (id) => `/games/${encodeURIComponent(id)}`;

/** @returns {Promise<Rulesets>} */
export const rulesets = () => request('GET', '/rulesets');

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
  const query = new URLSearchParams({ limit: String(filter.limit ?? 20) });
  if (filter.status) query.set('status', filter.status);
  if (filter.preset) query.set('preset', filter.preset);
  if (filter.seats) query.set('seats', String(filter.seats));
  if (filter.openSeats) query.set('open_seats', 'true');
  return request('GET', `/games?${query}`);
}

/** @param {string | null | undefined} invite */
const inviteQuery = (invite) => (invite ? `?invite=${encodeURIComponent(invite)}` : '');

/**
 * A new table; created with a player token, the player sits at its first human seat and hosts it.
 * @param {CreateGame} body
 * @param {string | null} token
 * @returns {Promise<CreatedGame>}
 */
export const createGame = (body, token) => request('POST', '/games', { body, token });

/**
 * Claims an open seat; with a player token the seat is the player's.
 * @param {string} gameId
 * @param {number} seat
 * @param {string | null} token
 * @param {string | null} [invite] a private table's code
 * @returns {Promise<ClaimedSeat>}
 */
export const claimSeat = (gameId, seat, token, invite) =>
  request('POST', `${game(gameId)}/seats/${seat}${inviteQuery(invite)}`, { token });

/**
 * @param {string} gameId
 * @param {string | null} [token]
 * @param {string | null} [invite] a private table's code
 * @returns {Promise<GameSummary>}
 */
export const summary = (gameId, token, invite) => request('GET', `${game(gameId)}${inviteQuery(invite)}`, { token });

/**
 * The host starts a waiting table, its open seats filled with bots of `level`.
 * @param {string} gameId
 * @param {string} token
 * @param {number} level
 * @returns {Promise<GameSummary>}
 */
export const startTable = (gameId, token, level) =>
  request('POST', `${game(gameId)}/start`, { token, body: { fill: 'bots', level } });

/**
 * Gives a seat of a waiting table back (its holder leaves, or the host removes them).
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @returns {Promise<null>}
 */
export const leaveSeat = (gameId, seat, token) => request('DELETE', `${game(gameId)}/seats/${seat}`, { token });

/**
 * A bot plays the caller's seat to the end.
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<CommandResult>}
 */
export const resign = (gameId, token) => request('POST', `${game(gameId)}/resign`, { token, body: {} });

/**
 * The next game at this finished table (made once: asked again, the same game).
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<Rematch>}
 */
export const rematch = (gameId, token) => request('POST', `${game(gameId)}/rematch`, { token });

/**
 * Takes the caller's seat back from the bot playing it (after timeouts, or handed over).
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @returns {Promise<Schemas['SeatControl']>}
 */
export const takeSeatBack = (gameId, seat, token) => request('DELETE', `${game(gameId)}/seats/${seat}/bot`, { token });

/**
 * @param {string} gameId
 * @param {string} token
 * @returns {Promise<View>}
 */
export const seatView = (gameId, token) => request('GET', `${game(gameId)}/view`, { token });

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
  return request('POST', `${game(gameId)}/commands`, { token, body });
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
    await request('POST', `${game(gameId)}/commands/check`, { token, body: command });
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.problem.status >= 400 && error.problem.status < 500) {
      return error.problem.detail || error.problem.title;
    }
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
  const query = new URLSearchParams({ after: String(after), wait: String(options.wait ?? 0) });
  if (options.limit) query.set('limit', String(options.limit));
  if (options.invite) query.set('invite', options.invite);
  return request('GET', `${game(gameId)}/events?${query}`, { token, signal: options.signal });
}

/**
 * The command a bot of `level` would play from this view (no game on the server).
 * @param {View} view
 * @param {RuleSet} ruleset
 * @param {number} level
 * @returns {Promise<Suggestion>}
 */
export function suggest(view, ruleset, level = 3) {
  /** @type {Schemas['SuggestRequest']} */
  const body = { view, ruleset, level };
  return request('POST', '/bots/suggest', { body });
}

/**
 * The game as it was at `version`: the caller's view, and every card once the game is over.
 * @param {string} gameId
 * @param {number} version
 * @param {string | null} token
 * @returns {Promise<StateAt>}
 */
export const stateAt = (gameId, version, token) =>
  request('GET', `${game(gameId)}/states/${version}`, { token });
