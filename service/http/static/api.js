// The page's only door to the server: every route it uses, typed from the contract.
// The live channel (a WebSocket, the long poll where none opens) is `follow`.

import { checkReachable, reachable, unreachable } from './connection.js';

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
/** @typedef {Schemas['Profile']} Profile */

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
async function request(method, path, options = {}) {
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

/** @param {string} id */
const game = (id) => `/games/${encodeURIComponent(id)}`;

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

/**
 * A player's public profile: ratings per ladder, experience, recent games.
 * @param {string} playerId
 * @returns {Promise<Profile>}
 */
export const profile = (playerId) => request('GET', `/players/${encodeURIComponent(playerId)}/profile`);

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
 * What the WebSocket `/games/{id}/live` sends (README, Live channels): the contract's
 * envelopes and problems, one JSON text frame each.
 * @typedef {{type: 'event', envelope: Envelope} | {type: 'end', version: number} | {type: 'error', problem: ServerProblem}} LiveMessage
 */

/**
 * How one connection to `/live` ended: whether it ever opened, whether the game's end was
 * read, and the server's refusal if it sent one (no retry helps those: 4xx).
 * @typedef {{opened: boolean, ended: boolean, problem: ServerProblem | null, renewed: boolean}} LiveClosed
 */

/**
 * One WebSocket to `/games/{id}/live` from `after` on. The token goes in the first message,
 * never in the URL (logs, history); without one, the caller watches (with a private
 * table's code, if any).
 * @param {string} gameId
 * @param {string | null} token
 * @param {number} after
 * @param {string | null | undefined} invite
 * @param {(envelope: Envelope) => void} onEnvelope
 * @param {() => void} onOpen
 * @param {AbortSignal} signal
 * @returns {Promise<LiveClosed>}
 */
function liveSocket(gameId, token, after, invite, onEnvelope, onOpen, signal) {
  return new Promise((resolve) => {
    const url = new URL(`${game(gameId)}/live`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    /** @type {LiveClosed} */
    const closed = { opened: false, ended: false, problem: null, renewed: false };
    const leave = () => socket.close(1000);
    // A connection the browser believes open may be dead after the network came back.
    const renew = () => {
      closed.renewed = true;
      socket.close(1000);
    };
    signal.addEventListener('abort', leave, { once: true });
    window.addEventListener('online', renew);
    socket.onopen = () => {
      closed.opened = true;
      onOpen();
      /** @type {{after: number, token?: string, invite?: string}} */
      const hello = { after };
      if (token) hello.token = token;
      else if (invite) hello.invite = invite;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (message) => {
      /** @type {LiveMessage} */
      const live = JSON.parse(message.data);
      if (live.type === 'event') onEnvelope(live.envelope);
      else if (live.type === 'end') closed.ended = true;
      else if (live.type === 'error') closed.problem = live.problem;
    };
    socket.onclose = () => {
      signal.removeEventListener('abort', leave);
      window.removeEventListener('online', renew);
      resolve(closed);
    };
  });
}

/**
 * Waits `ms`, or less: resolves at once when `signal` aborts.
 * @param {number} ms
 * @param {AbortSignal} signal
 * @returns {Promise<void>}
 */
export function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * @typedef {object} Following
 * @property {string | null} token the seat's or player's token; none: a spectator
 * @property {string | null} [invite] a private table's code, for a spectator
 * @property {number} after the last version already seen
 * @property {(batch: Envelope[]) => void} onEvents each batch, in order, none repeated or missed
 * @property {(error: unknown | null) => void} [onConnection] a lost connection (the error), or null once it is back
 * @property {AbortSignal} signal
 */

/**
 * Follows a game live to its last event, over the WebSocket `/games/{id}/live`: a dropped
 * connection is opened again from the last version seen. Where no WebSocket opens at all
 * (a proxy that refuses upgrades) the long poll takes over. Resolves with the last version
 * seen and whether the game's end was read (false: aborted, or refused for good).
 * @param {string} gameId
 * @param {Following} following
 * @returns {Promise<{after: number, ended: boolean}>}
 */
export async function follow(gameId, following) {
  const { token, invite, onEvents, onConnection, signal } = following;
  let after = following.after;
  /** Hands on the envelopes newer than the last delivered, as one batch. @param {Envelope[]} envelopes */
  const deliverAll = (envelopes) => {
    const fresh = [];
    for (const envelope of envelopes) {
      if (envelope.version <= after) continue;
      after = envelope.version;
      fresh.push(envelope);
    }
    if (fresh.length) onEvents(fresh);
  };
  /** One WebSocket frame's envelope. @param {Envelope} envelope */
  const deliver = (envelope) => deliverAll([envelope]);
  const lost = new ApiError({ type: 'about:blank', title: 'Connection lost', status: 0, code: 'network_error', detail: 'Connection lost: trying again…' });
  /** connections in a row that brought nothing: the wait before the next grows with them */
  let failures = 0;
  let socketOpened = false;
  let socketWorks = true;
  while (!signal.aborted) {
    const seen = after;
    const began = Date.now();
    if (socketWorks) {
      const closed = await liveSocket(gameId, token, after, invite, deliver, () => {
        if (failures) onConnection?.(null);
        socketOpened = true;
      }, signal);
      if (closed.ended) return { after, ended: true };
      if (closed.problem) {
        onConnection?.(new ApiError(closed.problem));
        return { after, ended: false };
      }
      if (signal.aborted) break;
      checkReachable();
      // Closed on purpose (the network came back): open again at once, nothing was lost.
      if (closed.renewed) continue;
      if (after > seen || Date.now() - began > 10_000) failures = 0;
      failures += 1;
      // Never opened, twice: something on the way (a proxy) refuses WebSockets.
      if (!socketOpened && failures >= 2) socketWorks = false;
      onConnection?.(lost);
    } else {
      try {
        const page = await events(gameId, token, after, { wait: 25, signal, invite });
        if (failures) onConnection?.(null);
        failures = 0;
        deliverAll(page.events);
        if (page.ended) return { after, ended: true };
        continue;
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof ApiError && error.problem.status >= 400 && error.problem.status < 500) {
          onConnection?.(error);
          return { after, ended: false };
        }
        failures += 1;
        onConnection?.(error);
      }
    }
    await pause(Math.min(250 * 2 ** failures, 8000), signal);
  }
  return { after, ended: false };
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
