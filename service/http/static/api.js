// The page's only door to the server: every route it uses, typed from the contract.
// A live channel (tickets, a WebSocket) replaces pieces here, not in the screens.

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
/** @typedef {Schemas['Problem']} Problem */
/** @typedef {Schemas['CreatedPlayerOut']} CreatedPlayer */
/** @typedef {Schemas['Player']} Player */
/** @typedef {Schemas['PlayerGames']} PlayerGames */
/** @typedef {Schemas['Rematch']} Rematch */
/** @typedef {Schemas['CommandResult']} Resigned */
/** @typedef {NonNullable<import('./api-types').operations['GamesListGames']['parameters']['query']>['status']} LobbyStatus */

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
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
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
 * Follows a game: calls `onEvents` with each batch, in order, none repeated or missed,
 * until `signal` aborts. Long poll today; the live channel (SSE or WebSocket with a
 * ticket) takes its place here.
 * @param {string} gameId
 * @param {string | null} token
 * @param {number} after the last version already seen
 * @param {(batch: Envelope[]) => void} onEvents
 * @param {AbortSignal} signal
 * @param {(error: unknown) => void} [onError]
 * @param {string | null} [invite] a private table's code, for a spectator
 */
export async function follow(gameId, token, after, onEvents, signal, onError, invite) {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const page = await events(gameId, token, after, { wait: 25, signal, invite });
      failures = 0;
      // Resume from the last event returned: `page.version` is the game's, which may be further on.
      const last = page.events.at(-1);
      if (last) {
        after = last.version;
        onEvents(page.events);
      }
      // A finished game's last event may still come: the rematch it leads to.
      if (page.events.some((envelope) => envelope.event.type === 'rematch_offered')) return;
    } catch (error) {
      if (signal.aborted) return;
      failures += 1;
      onError?.(error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** failures, 8000)));
    }
  }
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
