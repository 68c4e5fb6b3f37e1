// A hand card dragged to another place in the hand, by mouse, pen or touch (pointer events).

/** Moved less than this (px), a press is a tap: it picks the card. */
const THRESHOLD = 8;

/**
 * @typedef {object} Drag
 * @property {HTMLElement} card
 * @property {number} from
 * @property {number} pointer
 * @property {number} x
 * @property {number} y
 * @property {boolean} moving past the threshold
 * @property {{index: number, rect: DOMRect}[]} places the other cards, where they are
 * @property {number} to
 */

/**
 * Lets the cards of `hand` (buttons with `data-index`) be dragged; `onMove(from, to)` when
 * one is dropped elsewhere. A drag is not a tap: the click that ends it picks nothing.
 * @param {HTMLElement} hand
 * @param {(from: number, to: number) => void} onMove
 * @param {(dragging: boolean) => void} onDragging the page holds its redraws meanwhile
 */
export function dragToReorder(hand, onMove, onDragging) {
  /** @type {Drag | null} */
  let drag = null;
  let swallowClick = false;

  hand.addEventListener('pointerdown', (event) => {
    const card = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    if (!(card instanceof HTMLElement) || event.button !== 0 || drag) return;
    drag = { card, from: Number(card.dataset.index), pointer: event.pointerId, x: event.clientX, y: event.clientY, moving: false, places: [], to: Number(card.dataset.index) };
  });

  hand.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      drag.moving = true;
      drag.card.setPointerCapture(event.pointerId);
      drag.card.classList.add('dragging');
      drag.places = [...hand.querySelectorAll('[data-index]')].map((other) => ({ index: Number(/** @type {HTMLElement} */ (other).dataset.index), rect: other.getBoundingClientRect() }));
      onDragging(true);
    }
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    drag.to = nearest(drag.places, event.clientX, event.clientY);
    // The mark on the side the card goes in: before the card under it going left, after it going right.
    for (const other of hand.querySelectorAll('[data-index]')) {
      const here = Number(/** @type {HTMLElement} */ (other).dataset.index) === drag.to;
      other.classList.toggle('drop-before', here && drag.to < drag.from);
      other.classList.toggle('drop-after', here && drag.to > drag.from);
    }
  });

  /** @param {PointerEvent} event */
  const end = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { card, from, to, moving } = drag;
    drag = null;
    if (!moving) return;
    swallowClick = event.type === 'pointerup';
    setTimeout(() => (swallowClick = false), 0);
    card.classList.remove('dragging');
    card.style.transform = '';
    onDragging(false);
    if (event.type === 'pointerup' && to !== from) onMove(from, to);
  };
  hand.addEventListener('pointerup', end);
  hand.addEventListener('pointercancel', end);
  // The card's capture lost with no pointerup (the window left mid-drag): the drag ends where
  // it began. A touch's own capture, on the part of the card touched, goes when the card takes it.
  hand.addEventListener('lostpointercapture', (event) => {
    if (drag?.moving && event.target === drag.card) end(event);
  });
  hand.addEventListener('click', (event) => {
    if (!swallowClick) return;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}

/**
 * The place of the card nearest the pointer.
 * @param {{index: number, rect: DOMRect}[]} places
 * @param {number} x
 * @param {number} y
 */
function nearest(places, x, y) {
  let best = places[0]?.index ?? 0;
  let distance = Infinity;
  for (const { index, rect } of places) {
    const away = Math.hypot(rect.left + rect.width / 2 - x, rect.top + rect.height / 2 - y);
    if (away < distance) [best, distance] = [index, away];
  }
  return best;
}
