// Moves a screen reader is told of: one polite live region, one sentence per paced move.

/** @type {HTMLElement | null} */
let region = null;

/**
 * The region, on the body outside every drawn screen (a region drawn again with each
 * render would be a new element each time). Made before the first move: words put in a
 * region as it is added to the page are not read.
 */
export function liveRegion() {
  if (region && region.isConnected) return region;
  region = document.createElement('p');
  region.className = 'sr-only';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-testid', 'announcer');
  document.body.append(region);
  return region;
}

/**
 * Says one move: the region holds only the latest, so a queue of moves is heard at the
 * pace they are shown, never as a flood.
 * @param {string} words
 */
export function announce(words) {
  liveRegion().textContent = words;
}
