// Another seat's card seen moving: from the stock, the pile or the seat to where it lands.

import { cardBack, cardFace } from './render.js';

/** @typedef {import('./api.js').Envelope} Envelope */

/** The motion takes at most this long, and never more than most of the move's moment. */
const LONGEST_MS = 450;

const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
function found(root, selector) {
  const element = [...root.querySelectorAll(selector)].at(-1);
  return element instanceof HTMLElement ? element : null;
}

const seatChip = (/** @type {ParentNode} */ root, /** @type {number} */ seat) => found(root, `.seats .seat[data-seat="${seat}"]`);
const pileTop = (/** @type {ParentNode} */ root) => found(root, '.pile.discard .pile-cards .card');
const stock = (/** @type {ParentNode} */ root) => found(root, '.pile.stock .card');

/**
 * Where the move's card starts, read before the move is drawn (the pile's top goes with it).
 * @param {ParentNode} root
 * @param {Envelope} envelope
 * @returns {DOMRect | null}
 */
export function startOf(root, envelope) {
  const event = envelope.event;
  switch (event.type) {
    case 'cards_drawn':
      return (event.source === 'stock' ? stock(root) : pileTop(root))?.getBoundingClientRect() ?? null;
    case 'knocked':
      return pileTop(root)?.getBoundingClientRect() ?? null;
    case 'meld_laid':
    case 'card_laid_off':
    case 'joker_swapped':
    case 'card_discarded':
      return seatChip(root, event.seat)?.getBoundingClientRect() ?? null;
    default:
      return null;
  }
}

/**
 * Moves the move's card, once drawn, from `start` to where it now is: the card laid or
 * discarded slides in from its seat; a card drawn flies from its pile to the seat.
 * @param {ParentNode} root
 * @param {Envelope} envelope
 * @param {DOMRect | null} start
 * @param {number} moment the move's time in view, in ms
 */
export function fly(root, envelope, start, moment) {
  if (!start || moment <= 0 || reduced()) return;
  const ms = Math.min(LONGEST_MS, moment * 0.75);
  const event = envelope.event;
  switch (event.type) {
    case 'cards_drawn':
    case 'knocked': {
      const seat = seatChip(root, event.seat);
      const shown = event.type === 'knocked' ? event.card : event.source === 'discard' ? event.cards?.[0] : null;
      if (seat) flyCopy(shown ? cardFace(shown) : cardBack(), start, seat.getBoundingClientRect(), ms);
      return;
    }
    case 'meld_laid':
      slideIn(found(root, `[data-meld="${event.meld.id}"]`), start, ms);
      return;
    case 'card_laid_off':
    case 'joker_swapped':
      slideIn(found(root, `[data-meld="${event.meld.id}"] [data-card="${event.card}"]`), start, ms);
      return;
    case 'card_discarded':
      slideIn(pileTop(root), start, ms);
      return;
    default:
  }
}

/**
 * The element drawn where it landed starts at `start` and slides home.
 * @param {HTMLElement | null} element
 * @param {DOMRect} start
 * @param {number} ms
 */
function slideIn(element, start, ms) {
  if (!element) return;
  const end = element.getBoundingClientRect();
  const dx = start.left + start.width / 2 - (end.left + end.width / 2);
  const dy = start.top + start.height / 2 - (end.top + end.height / 2);
  move(element, `translate(${dx}px, ${dy}px) scale(0.6)`, 'none', ms);
}

/**
 * A copy of the card travels from `start` to `end` over everything, then goes.
 * @param {HTMLElement} card
 * @param {DOMRect} start
 * @param {DOMRect} end
 * @param {number} ms
 */
function flyCopy(card, start, end, ms) {
  card.classList.add('in-flight');
  card.style.left = `${start.left}px`;
  card.style.top = `${start.top}px`;
  document.body.append(card);
  const dx = end.left + end.width / 2 - (start.left + card.offsetWidth / 2);
  const dy = end.top + end.height / 2 - (start.top + card.offsetHeight / 2);
  move(card, 'none', `translate(${dx}px, ${dy}px) scale(0.5)`, ms, () => card.remove());
}

/**
 * @param {HTMLElement} element
 * @param {string} from a transform
 * @param {string} to a transform
 * @param {number} ms
 * @param {() => void} [done]
 */
function move(element, from, to, ms, done) {
  element.dataset.moving = '';
  element.style.transition = 'none';
  element.style.transform = from;
  // Read a layout between the two transforms, or the browser merges them and nothing moves.
  void element.offsetWidth;
  element.style.transition = `transform ${ms}ms ease-out`;
  element.style.transform = to;
  const finish = () => {
    delete element.dataset.moving;
    element.style.transition = '';
    element.style.transform = '';
    done?.();
  };
  // transitionend never comes for an element taken out of the page meanwhile: a timer too.
  setTimeout(finish, ms + 50);
}
