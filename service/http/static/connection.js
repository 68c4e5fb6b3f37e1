// Whether the page can reach the server: an offline notice while it cannot, taken down the
// moment it can (a probe of /health every second, and at once when the browser is online).

import { ProblemError, createClient } from '@rummy/client';

const PROBE_MS = 1000;
/** @type {Set<() => void>} */
const backListeners = new Set();
let offline = false;
/** @type {number | null} */
let probing = null;
/** @type {HTMLElement | null} */
let notice = null;

function showNotice() {
  if (notice) return;
  notice = document.createElement('p');
  notice.className = 'offline-notice';
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'offline';
  notice.textContent = 'Offline: the server cannot be reached. Your table is kept; it comes back by itself.';
  document.body.prepend(notice);
}

/** `/health`, asked through the official client with the browser's own fetch (not the page's, which notes the answers). */
const health = () => createClient(location.origin).GET('/health', { cache: 'no-store' });

async function probe() {
  try {
    await health();
    reachable();
  } catch {
    // Still offline (or not healthy yet): the next probe asks again.
  }
}

/** A request reached the server: if the page was offline, it is back. */
export function reachable() {
  if (!offline) return;
  offline = false;
  if (probing !== null) clearInterval(probing);
  probing = null;
  notice?.remove();
  notice = null;
  for (const listener of backListeners) listener();
}

/** A request never reached the server: say so until one does. */
export function unreachable() {
  if (offline) return;
  offline = true;
  showNotice();
  probing = window.setInterval(probe, PROBE_MS);
}

/** Something looked lost (a live channel closed): ask the server at once. */
export function checkReachable() {
  // Any answer, even a refusal, came from the server.
  health().then(reachable, (error) => (error instanceof ProblemError ? reachable() : unreachable()));
}

export const isOffline = () => offline;

/**
 * Called each time the server can be reached again after being out of reach.
 * @param {() => void} listener
 * @returns {() => void} stops listening
 */
export function whenBack(listener) {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

window.addEventListener('online', () => offline && probe());
window.addEventListener('offline', unreachable);
