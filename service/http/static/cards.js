// Card codes as the API spells them (`7H`, `TD`, `JK`): names, colours, order, values.

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const JOKER = 'JK';

/** @type {Record<string, string>} */
const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
/** @type {Record<string, string>} */
const SUIT_NAME = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
/** @type {Record<string, string>} */
const RANK_NAME = { A: 'ace', T: '10', J: 'jack', Q: 'queen', K: 'king' };

/** @param {string} card */
export const isJoker = (card) => card === JOKER;

/** @param {string} card 1 for the ace up to 13 for the king; 0 for a joker */
export const rankOf = (card) => (isJoker(card) ? 0 : RANKS.indexOf(card[0]) + 1);

/** @param {string} card */
export const suitOf = (card) => (isJoker(card) ? '' : card[1]);

/** @param {string} card the rank as printed on the card: `10`, `Q` */
export const rankLabel = (card) => (isJoker(card) ? '★' : card[0] === 'T' ? '10' : card[0]);

/** @param {string} card */
export const suitSymbol = (card) => SUIT_SYMBOL[suitOf(card)] ?? '';

/** @param {string} card `7♥`, `10♣`, `Joker` */
export const shortName = (card) => (isJoker(card) ? 'Joker' : `${rankLabel(card)}${suitSymbol(card)}`);

/** @param {string} card `7 of hearts`, for screen readers */
export function longName(card) {
  if (isJoker(card)) return 'joker';
  return `${RANK_NAME[card[0]] ?? card[0]} of ${SUIT_NAME[suitOf(card)]}`;
}

/** @param {string} card */
export const isRed = (card) => suitOf(card) === 'H' || suitOf(card) === 'D';

/**
 * A hand in the order a player keeps it: by suit then rank, or by rank then suit; jokers last.
 * @param {readonly string[]} hand
 * @param {'suit' | 'rank'} by
 */
export function sortHand(hand, by) {
  const key = (/** @type {string} */ card) => {
    if (isJoker(card)) return 1000;
    const suit = SUITS.indexOf(suitOf(card));
    return by === 'suit' ? suit * 20 + rankOf(card) : rankOf(card) * 10 + suit;
  };
  return [...hand].sort((a, b) => key(a) - key(b));
}

/**
 * A multiset's key: the same cards in any order give the same key.
 * @param {readonly string[]} cards
 */
export const cardsKey = (cards) => [...cards].sort().join(',');

/**
 * The rank each position of a run stands for (1-13), from its first natural card that is
 * not an ace; null for a set (its naturals share one rank) or a meld of jokers alone.
 * Cards are in the order the meld lists them (jokers stand where listed).
 * @param {readonly string[]} cards
 * @returns {number[] | null}
 */
function runRanks(cards) {
  const naturals = cards.filter((card) => !isJoker(card));
  // Two naturals of one rank cannot share a run: a set (a lone natural with jokers is read as one too).
  if (naturals.length === 0 || naturals.every((card) => rankOf(card) === rankOf(naturals[0]))) return null;
  const anchor = cards.findIndex((card) => !isJoker(card) && rankOf(card) !== 1);
  return cards.map((_, index) => ((((rankOf(cards[anchor]) + index - anchor - 1) % 13) + 13) % 13) + 1);
}

/**
 * Points a meld counts toward the initial-meld minimum, as the rules count them: face
 * value, 10 for J Q K, a joker as the card it stands for, the ace 1 in A-2-3 and 11
 * elsewhere. Cards are in the order the meld lists them (jokers stand where listed).
 * @param {readonly string[]} cards
 */
export function meldPoints(cards) {
  const naturals = cards.filter((card) => !isJoker(card));
  if (naturals.length === 0) return 0;
  /** @param {number} rank 1-13 @param {boolean} lowAce */
  const value = (rank, lowAce) => (rank === 1 ? (lowAce ? 1 : 11) : Math.min(rank, 10));
  const ranks = runRanks(cards);
  if (ranks === null) return cards.length * value(rankOf(naturals[0]), false);
  return ranks.reduce((total, rank, index) => total + value(rank, ranks[index + 1] === 2), 0);
}

/**
 * What each joker of a run stands for, in the meld's order (`8♥`): the tell between two
 * lay-downs of the same cards. A set's jokers stand for its missing suits: none named.
 * @param {readonly string[]} cards
 * @returns {string[]}
 */
export function jokersAs(cards) {
  const ranks = runRanks(cards);
  const suit = cards.find((card) => !isJoker(card))?.[1] ?? '';
  if (ranks === null) return [];
  return cards.flatMap((card, index) => (isJoker(card) ? [shortName(`${RANKS[ranks[index] - 1]}${suit}`)] : []));
}
