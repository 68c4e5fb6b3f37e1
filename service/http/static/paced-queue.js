// A queue played out one item at a time, each item shown left in view for a moment.

/**
 * @template T
 * @typedef {object} PacedQueue
 * @property {(items: T[]) => void} push
 * @property {() => void} hurry plays the rest with no pause (the player's turn, or their move)
 * @property {() => boolean} busy
 */

/**
 * @template T
 * @param {(item: T, hurried: boolean) => Promise<boolean>} play shows one item; true: it stays
 *   a moment in view (`hurried`: the rest is wanted at once, nothing need be shown)
 * @param {() => number} moment how long, in ms, each item shown stays in view (0: instant)
 * @param {() => void} drained called each time the last item waiting has been played
 * @param {(error: unknown) => void} failed
 * @param {AbortSignal} signal
 * @returns {PacedQueue<T>}
 */
export function pacedQueue(play, moment, drained, failed, signal) {
  /** @type {T[]} */
  const waiting = [];
  let running = false;
  let hurrying = false;
  /** @type {(() => void) | null} ends the pause under way */
  let wake = null;

  async function run() {
    running = true;
    try {
      while (waiting.length && !signal.aborted) {
        const item = /** @type {T} */ (waiting.shift());
        const shown = await play(item, hurrying).catch((error) => (failed(error), false));
        const pause = hurrying ? 0 : moment();
        if (shown && pause > 0) {
          await new Promise((resolve) => {
            wake = () => resolve(undefined);
            setTimeout(wake, pause);
          });
          wake = null;
        }
      }
    } finally {
      running = false;
      hurrying = false;
    }
    if (!signal.aborted) drained();
  }

  return {
    push(items) {
      waiting.push(...items);
      if (!running) run();
    },
    hurry() {
      if (!running) return;
      hurrying = true;
      wake?.();
    },
    busy: () => running,
  };
}
