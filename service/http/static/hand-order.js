// The player's own order of their hand: a card moved by drag or keys keeps its place until the hand ends.

/**
 * The hand in the player's order: the cards `order` names first, as it names them, then
 * the cards it does not (just drawn) in the order given.
 * @param {readonly string[]} hand
 * @param {readonly string[]} order
 */
export function arranged(hand, order) {
  const rest = [...hand];
  const placed = [];
  for (const card of order) {
    const at = rest.indexOf(card);
    if (at < 0) continue;
    placed.push(card);
    rest.splice(at, 1);
  }
  return [...placed, ...rest];
}

/**
 * The cards with the one at `from` moved to `to`.
 * @param {readonly string[]} cards
 * @param {number} from
 * @param {number} to
 */
export function moved(cards, from, to) {
  const next = [...cards];
  const [card] = next.splice(from, 1);
  next.splice(to, 0, card);
  return next;
}

/**
 * Where the card at `index` is once the one at `from` has moved to `to`.
 * @param {number} index
 * @param {number} from
 * @param {number} to
 */
export function movedIndex(index, from, to) {
  if (index === from) return to;
  if (from < index && index <= to) return index - 1;
  if (to <= index && index < from) return index + 1;
  return index;
}
