// Following a game live through the official client's follow(): the WebSocket
// `/games/{id}/live` from the last version seen, opened again after any drop (and at once
// when the browser is back online), the long poll where no WebSocket opens at all.

import { follow as followLive } from '@rummy/client';
import { ProblemError, clientFor, events } from './api.js';
import { checkReachable } from './connection.js';
import { anySignal } from './signals.js';

/** @typedef {import('./api.js').Envelope} Envelope */

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

// The page keeps trying (the offline notice says why); the waits between tries grow to 5 s.
const BACKOFF_MS = 500;

/**
 * Follows a game live to its last event. Resolves with the last version seen and whether
 * the game's end was read (false: aborted, or refused for good).
 * @param {string} gameId
 * @param {Following} following
 * @returns {Promise<{after: number, ended: boolean}>}
 */
export async function follow(gameId, following) {
  const { token, invite, onEvents, onConnection, signal } = following;
  let after = following.after;
  let dropped = false;
  const lost = new ProblemError({ status: 0, code: 'network_error', title: 'Connection lost', detail: 'Connection lost: trying again…' });
  /** @param {'open' | 'dropped'} state */
  const told = (state) => {
    if (state === 'open' && dropped) onConnection?.(null);
    if (state === 'dropped') {
      checkReachable();
      onConnection?.(lost);
    }
    dropped = state === 'dropped';
  };
  while (!signal.aborted) {
    // A connection the browser believes open may be dead after the network came back.
    const renewal = new AbortController();
    const renew = () => renewal.abort();
    window.addEventListener('online', renew);
    try {
      const options = { after, invite, signal: anySignal([signal, renewal.signal]), maxFailures: Infinity, backoffMs: BACKOFF_MS, onConnection: told };
      for await (const envelope of followLive(clientFor(token), gameId, options)) {
        after = envelope.version;
        onEvents([/** @type {Envelope} */ (envelope)]);
      }
      if (!signal.aborted && !renewal.signal.aborted) return { after, ended: true };
    } catch (error) {
      // Refused for good (4xx): no other try would be let in.
      onConnection?.(error);
      return { after, ended: false };
    } finally {
      window.removeEventListener('online', renew);
    }
  }
  return { after, ended: false };
}

// How often a finished table looks for a rematch offer (no live channel is open then).
const AFTER_END_POLL_MS = 4000;

/**
 * The live channel ends with the game, but a finished game's log may still get its
 * rematch: read every few seconds while the page is in view (never in a loop) until `found`.
 * @param {string} gameId
 * @param {Following} following
 * @param {() => boolean} found
 */
export async function watchAfterEnd(gameId, following, found) {
  const { token, invite, onEvents, signal } = following;
  let after = following.after;
  while (!signal.aborted && !found()) {
    await pause(AFTER_END_POLL_MS, signal);
    if (signal.aborted || document.visibilityState !== 'visible') continue;
    const page = await events(gameId, token, after, { invite }).catch(() => null);
    if (!page?.events.length) continue;
    after = page.next_after;
    onEvents(page.events);
  }
}
