// Every rule knob in plain words: the create form's explanations and the rules panel.
// Typed over the contract's RuleSet: a knob added, renamed or given new values fails tsc here.

/** @typedef {import('./api.js').RuleSet} RuleSet */

/** The presets: the create form's choices, and the league's ladders (one for each). */
export const PRESETS = /** @type {const} */ (['basic', 'palace', 'duel', 'classic']);

/**
 * @template {keyof RuleSet} K
 * @typedef {object} Knob
 * @property {string} label
 * @property {string} explain what the knob does, in a sentence
 * @property {NonNullable<RuleSet[K]>[]} [options] every value it may take, when it is a choice
 * @property {(value: NonNullable<RuleSet[K]>) => string} [say] the value in plain words
 */

/** @type {{[K in keyof RuleSet]-?: Knob<K>}} */
export const KNOBS = {
  decks: { label: 'Decks', explain: 'How many 52-card packs are shuffled together.' },
  jokers: { label: 'Jokers', explain: 'Jokers added to the pack; a joker stands for any card in a meld.' },
  players: {
    label: 'Seats allowed',
    explain: 'How many players a table of these rules may seat.',
    say: (value) => value.join(', '),
  },
  hand_size: {
    label: 'Cards dealt',
    explain: 'Cards dealt to each player, by the number of players.',
    say: (value) => {
      const counts = new Set(Object.values(value));
      // One size for every seat count (palace's "13 always"): said once.
      if (counts.size === 1) return `${[...counts][0]} cards each`;
      return Object.entries(value)
        .map(([seats, cards]) => `${cards} cards with ${seats}`)
        .join(', ');
    },
  },
  first_player: {
    label: 'First to play',
    explain: 'Who plays first in each hand.',
    options: ['left_of_dealer', 'alternate', 'random'],
    say: (value) => ({ left_of_dealer: 'the player left of the dealer', alternate: 'alternates each hand', random: 'drawn at random' })[value],
  },
  ace: {
    label: 'Ace',
    explain: 'Where the ace sits in a run.',
    options: ['low', 'high_or_low', 'cyclic'],
    say: (value) => ({ low: 'low only (A-2-3)', high_or_low: 'low or high (A-2-3 or Q-K-A)', cyclic: 'around the corner too (K-A-2)' })[value],
  },
  max_run: { label: 'Longest run', explain: 'The most cards a run may hold.' },
  set_suits: {
    label: 'Sets of different suits',
    explain: 'Whether the cards of a set (three or four of a rank) must all be of different suits.',
  },
  melds_per_turn: {
    label: 'Melds a turn',
    explain: 'How many new melds a player may lay down in one turn.',
    options: ['any', 'one'],
    say: (value) => (value === 'any' ? 'as many as you like' : 'one'),
  },
  lay_off: { label: 'Laying off', explain: "Whether you may add cards to melds on the table, yours or others'." },
  lay_off_needs_own_meld: {
    label: 'Lay off only after your own meld',
    explain: 'You may add to table melds only once you have laid a meld of your own.',
  },
  initial_meld_min: {
    label: 'First meld minimum',
    explain: 'Points your first lay-down must reach (face value, J Q K 10, a joker as its card); 0 for none.',
  },
  discard_pickup: {
    label: 'Taking from the pile',
    explain: 'Whether you take only the top card of the discard pile, or any card with everything above it.',
    options: ['top', 'any'],
    say: (value) => (value === 'top' ? 'the top card only' : 'any card, with all cards above it'),
  },
  no_same_discard: {
    label: 'No discarding the card you took',
    explain: 'A card taken from the discard pile may not be discarded again in the same turn.',
  },
  go_out: {
    label: 'Going out',
    explain: 'Whether the last card must be a discard, or you may also go out by laying down.',
    options: ['any', 'discard'],
    say: (value) => (value === 'any' ? 'by laying down or discarding' : 'with a final discard'),
  },
  rummy_bonus: {
    label: 'Rummy bonus',
    explain: 'What going out in one turn, without having laid anything before, earns.',
    options: ['double', 'plus10', 'none'],
    say: (value) => ({ double: 'scores count double', plus10: '10 extra points', none: 'nothing extra' })[value],
  },
  stock_out: {
    label: 'Empty stock',
    explain: 'What happens when the stock runs out.',
    options: ['reuse', 'end_no_winner'],
    say: (value) => (value === 'reuse' ? 'the discard pile is turned over' : 'the hand ends with no winner'),
  },
  reuse_limit: { label: 'Pile turn-overs', explain: 'How many times the discard pile may be turned over as a new stock.' },
  reuse_shuffle: { label: 'Shuffle the turned pile', explain: 'Whether the turned-over pile is shuffled first.' },
  final_exhaustion: {
    label: 'Stock out for good',
    explain: 'When the hand ends after the last allowed turn-over runs out.',
    options: ['after_discard', 'next_declines'],
    say: (value) =>
      value === 'after_discard'
        ? 'when the player who took the last card discards'
        : 'when the next player would need the empty stock',
  },
  card_values: {
    label: 'Card values',
    explain: 'What cards left in a hand cost: J Q K 10, others face value, a joker 20.',
    options: ['A1', 'A11_JK20', 'A15'],
    say: (value) => ({ A1: 'ace 1', A11_JK20: 'ace 11', A15: 'ace 15' })[value],
  },
  scoring: {
    label: 'Scoring',
    explain: 'How a hand is scored.',
    options: ['winner_takes', 'zero_sum', 'casino', 'penalty', 'melded'],
    say: (value) =>
      ({
        winner_takes: "the winner scores the others' cards",
        zero_sum: 'each loser pays the winner the value of their cards',
        casino: "the winner's table cards are paid by the others",
        penalty: 'each player scores the cards left in hand, lowest wins',
        melded: 'cards laid count for you, cards in hand against you',
      })[value],
  },
  game_end: {
    label: 'Game end',
    explain: 'When the game ends: "hands:3" after three hands, "target:100" when someone reaches 100.',
    say: (value) => {
      const [kind, number] = value.split(':');
      return kind === 'hands' ? `after ${number} hands` : kind === 'target' ? `when someone reaches ${number} points` : value;
    },
  },
  tie_break: { label: 'Tie break', explain: 'Whether a tied game is played on until one player leads.' },
  short_deck: { label: 'Short deck', explain: 'One pack and three jokers, fewer cards dealt, no first-meld minimum.' },
  strict_jokers: {
    label: 'Strict jokers',
    explain: 'No joker discards, no two jokers side by side, a set holds four cards before its joker is swapped, and a swapped joker is played in the same turn.',
  },
  strict_groups: { label: 'Strict sets', explain: 'A set lists its suits in the order clubs, spades, hearts, diamonds with no gap; a joker may fill a gap but never stands before the first suit.' },
  knocking: {
    label: 'Knocking',
    explain: 'With three or more players, anyone but the one who discarded and the one to play may knock out of turn: they take the last discard and one card from the stock. First come, first served; the next player may still draw as usual.',
  },
  rated: { label: 'Rated', explain: 'Whether the game counts toward ratings.' },
  reveal_after_hand: {
    label: 'Show hands after each hand',
    explain: "Whether everyone may see every hand and the stock once a hand is over.",
  },
};

/**
 * A knob's value in plain words.
 * @template {keyof RuleSet} K
 * @param {K} name
 * @param {RuleSet[K]} value
 */
export function sayValue(name, value) {
  if (value === undefined || value === null) return '—';
  // Each knob's `say` takes its own knob's values; the union of them all cannot express that.
  const say = /** @type {((value: unknown) => string) | undefined} */ (KNOBS[name].say);
  if (say) return say(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** @returns {(keyof RuleSet)[]} the knobs in the order they are explained */
export const knobNames = () => /** @type {(keyof RuleSet)[]} */ (Object.keys(KNOBS));

/**
 * A game of `hands:N` counts its hands ("hand 2 of 3"); a tie played on past them, or a
 * game to a target, just numbers them.
 * @param {string | undefined} gameEnd the ruleset's `game_end`
 * @param {number} hand
 */
export function handOf(gameEnd, hand) {
  const [kind, number] = (gameEnd ?? '').split(':');
  return kind === 'hands' && hand <= Number(number) ? `hand ${hand} of ${number}` : `hand ${hand}`;
}

/**
 * What is left of the game after a hand that did not end it, in a hand's summary.
 * @param {string | undefined} gameEnd the ruleset's `game_end`
 * @param {number} hand the hand that ended
 */
export function gameLeft(gameEnd, hand) {
  const [kind, number] = (gameEnd ?? '').split(':');
  const hands = Number(number);
  if (kind === 'target') return `The game ends when someone reaches ${number} points.`;
  if (kind !== 'hands') return null;
  if (hand >= hands) return 'Tied at the top: the game goes on until one player leads.';
  const left = hands - hand;
  return `The game is ${hands} hands: ${left === 1 ? 'one more' : `${left} more`} to play.`;
}
