// Following a game live: the WebSocket `/games/{id}/live` from the last version seen,
// opened again after any drop, and the long poll where no WebSocket opens at all.

import { ApiError, events, game } from './api.js';
import { checkReachable } from './connection.js';

/** @typedef {import('./api.js').Envelope} Envelope */
/** @typedef {import('./api.js').ServerProblem} ServerProblem */

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
