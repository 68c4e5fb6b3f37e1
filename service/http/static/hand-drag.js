// A hand card dragged to another place in the hand, by mouse, pen or touch (pointer events).
// A finger presses a card a moment first (a long press): a short tap picks it, a swipe scrolls.

/** Moved less than this (px), a press is a tap: it picks the card. */
const THRESHOLD = 8;

/** A finger held this long (ms) on a card, still, picks it up to be dragged. */
const LONG_PRESS_MS = 350;

/** The longest (ms) a tap's click is waited for before the page draws again. */
const TAP_CLICK_MS = 300;

/**
 * @typedef {object} Drag
 * @property {HTMLElement} card
 * @property {number} from
 * @property {number} pointer
 * @property {number} x
 * @property {number} y
 * @property {boolean} moving the card follows the pointer (past the threshold, or a long press)
 * @property {boolean} touch a finger: the card goes with it only after a long press
 * @property {ReturnType<typeof setTimeout> | null} press the long press under way
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
  // A press holds the page's redraws from its start (a card redrawn under the finger would be
  // lost to the long press, under a mouse its click) until the card is dropped, or a tap's
  // click has picked it.
  let held = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let releasing;
  /** @param {number} [after] ms */
  function release(after = 0) {
    clearTimeout(releasing);
    if (!held) return;
    releasing = setTimeout(() => {
      held = false;
      onDragging(false);
    }, after);
  }

  /**
   * The card leaves its place and follows the pointer.
   * @param {Drag} now
   * @param {number} pointer
   */
  function lift(now, pointer) {
    now.moving = true;
    now.card.setPointerCapture(pointer);
    now.card.classList.add('dragging');
    now.places = [...hand.querySelectorAll('[data-index]')].map((other) => ({ index: Number(/** @type {HTMLElement} */ (other).dataset.index), rect: other.getBoundingClientRect() }));
    if (!held) onDragging(true);
    held = false;
    clearTimeout(releasing);
  }

  hand.addEventListener('pointerdown', (event) => {
    const card = event.target instanceof Element ? event.target.closest('[data-index]') : null;
    if (!(card instanceof HTMLElement) || event.button !== 0 || drag) return;
    const touch = event.pointerType === 'touch';
    const pointer = event.pointerId;
    const from = Number(card.dataset.index);
    /** @type {Drag} */
    const pressed = { card, from, pointer, x: event.clientX, y: event.clientY, moving: false, touch, press: null, places: [], to: from };
    drag = pressed;
    // Any press holds the redraws (a mouse's too: a card moved into a new row under the
    // pointer would lose its click); a mouse's pointer is kept by the card until it is let go.
    clearTimeout(releasing);
    if (!held) onDragging(true);
    held = true;
    if (!touch) card.setPointerCapture(pointer);
    if (touch) {
      pressed.press = setTimeout(() => {
        pressed.press = null;
        // Redrawn meanwhile (a move shown), or let go: nothing to lift.
        if (drag !== pressed || !card.isConnected) return;
        lift(pressed, pointer);
      }, LONG_PRESS_MS);
    }
  });

  hand.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      // A finger that moves before the long press is a swipe: the page scrolls, the card stays.
      if (drag.touch) {
        forget(drag);
        drag = null;
        release();
        return;
      }
      lift(drag, event.pointerId);
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

  /** @param {Drag} gone */
  function forget(gone) {
    if (gone.press !== null) clearTimeout(gone.press);
    gone.press = null;
  }

  /** @param {PointerEvent} event */
  const end = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { card, from, to, moving } = drag;
    forget(drag);
    drag = null;
    // A tap: its click (which picks the card) comes next, on the card as it is now.
    if (!moving) return release(event.type === 'pointerup' ? TAP_CLICK_MS : 0);
    swallowClick = event.type === 'pointerup';
    setTimeout(() => (swallowClick = false), 0);
    card.classList.remove('dragging');
    card.style.transform = '';
    for (const other of hand.querySelectorAll('.drop-before, .drop-after')) other.classList.remove('drop-before', 'drop-after');
    onDragging(false);
    if (event.type === 'pointerup' && to !== from) onMove(from, to);
  };
  hand.addEventListener('pointerup', end);
  hand.addEventListener('pointercancel', end);
  // The card's capture lost with no pointerup (the window left mid-drag): the drag ends where
  // it began. A touch's own capture, on the part of the card touched, goes when the card takes it.
  hand.addEventListener('lostpointercapture', (event) => {
    if (drag && (drag.moving || !drag.touch) && event.target === drag.card) end(event);
  });
  // A card lifted by a finger: the finger moves it, not the page (the first move decides).
  hand.addEventListener('touchmove', (event) => {
    if (drag?.touch && drag.moving && event.cancelable) event.preventDefault();
  }, { passive: false });
  // A long press is no call for the browser's menu while a card is held.
  hand.addEventListener('contextmenu', (event) => {
    if (drag?.touch) event.preventDefault();
  });
  hand.addEventListener('click', (event) => {
    if (held) release();
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
