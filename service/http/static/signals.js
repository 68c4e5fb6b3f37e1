// One signal that aborts when any of several does: `AbortSignal.any` where the browser has
// it (Safari since 17.4 only), else a controller that follows each of them.

/**
 * @param {AbortSignal[]} signals
 * @returns {AbortSignal}
 */
export function anySignal(signals) {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const either = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      either.abort(signal.reason);
      break;
    }
    // Removed once `either` aborts, so a long-lived signal keeps no listener per follow.
    signal.addEventListener('abort', () => either.abort(signal.reason), { once: true, signal: either.signal });
  }
  return either.signal;
}
