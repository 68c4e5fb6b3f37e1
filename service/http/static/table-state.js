// What the table holds while it is open, what its parts share, and the hand as it is shown.

import { shortName, sortHand } from './cards.js';
import { arranged } from './hand-order.js';
import { preference } from './session.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('./api.js').GameSummary} GameSummary */
/** @typedef {import('@rummy/client').Schemas['HandEnded']} HandEnded */
/** @typedef {import('@rummy/client').Schemas['GameEnded']} GameEnded */
/** @typedef {import('./moves.js').Moves} Moves */

/**
 * A table just opened, showing `seat`'s hand (null: watched).
 * @param {number | null} seat
 */
export function newTableState(seat) {
  return {
    /** @type {GameSummary | null} */ summary: null,
    /** @type {View | null} */ view: null,
    /** @type {Moves | null} */ moves: null,
    /** the seat whose hand is shown (null: a spectator) */
    seat,
    /** positions in the hand as shown */
    selected: /** @type {number[]} */ ([]),
    /** the hand's one stop for Tab: the arrow keys move it along the hand */
    cursor: 0,
    /** melds held back to be laid together (an opening that needs several) */
    staged: /** @type {string[][]} */ ([]),
    sortBy: /** @type {'suit' | 'rank'} */ (preference('sort', 'suit') === 'rank' ? 'rank' : 'suit'),
    /** the player's own order of the hand, moved by drag or keys: kept until the hand ends */
    /** @type {{hand: string, cards: string[]} | null} */ order: null,
    /** @type {string | null} */ message: null,
    /** @type {Command | null} */ hint: null,
    /** @type {string | null} */ hintText: null,
    /** @type {string[]} */ log: [],
    /** the history's latest lines and whose move each was (null: the table's own, a deal) */
    /** @type {{seat: number | null, line: string}[]} */ recentLines: [],
    /** @type {{seat: number, deadline: number} | null} */ deadline: null,
    /** @type {HandEnded | null} */ handEnd: null,
    /** the latest hand that ended while another's summary was still open: shown once it is closed */
    /** @type {HandEnded | null} */ handEndWaiting: null,
    /** the last hand's summary, to show again once closed at a finished game */
    /** @type {HandEnded | null} */ lastHandEnd: null,
    /** @type {GameEnded | null} */ gameEnd: null,
    /** hot seat: the hand stays covered until its player says they hold the device */
    covered: false,
    /** @type {number | null} */ chooserMeld: null,
    /** each seat's latest turn, as its chip tells it to the others */
    seatTurns: /** @type {Map<number, SeatTurn>} */ (new Map()),
    /** for each seat played here, what other seats did to the table since its last discard: meld id → news */
    tableNews: /** @type {Map<number, Map<number, TableNews>>} */ (new Map()),
    /** the cards this seat drew (stock, pile, knock) since its last discard, as the log says */
    drawn: { version: 0, seat: /** @type {number | null} */ (null), cards: /** @type {string[]} */ ([]) },
    busy: false,
    live: true,
    /** @type {string | null} the game a rematch of this one is played in */
    rematch: null,
    /** asked once before resigning */
    confirmResign: false,
    /** seats whose holder resigned, as the log said (before the summary is read again) */
    resigned: /** @type {Set<number>} */ (new Set()),
    /** the host's choice of bot level for open seats */
    fillLevel: Number(preference('level', '2')),
  };
}

/** @typedef {ReturnType<typeof newTableState>} TableState */

/**
 * What the table's parts share: its game, its state, and the moves they call.
 * @typedef {object} TableContext
 * @property {HTMLElement} root
 * @property {string} gameId
 * @property {TableState} state
 * @property {number[]} mine the seats this browser plays
 * @property {{seat: number, token: string}[]} held seat tokens of an old session
 * @property {ReturnType<typeof import('./session.js').gameNotes>} notes
 * @property {string | null} invite
 * @property {AbortSignal} signal the table is closed
 * @property {(seat: number) => string} name
 * @property {() => string | null} token
 * @property {() => void} render
 * @property {(command: Command) => Promise<void>} play
 * @property {(action: () => Promise<void>) => Promise<void>} act
 * @property {() => Promise<void>} loadView
 * @property {(now: boolean) => void} holdRedraws
 * @property {ReturnType<typeof import('./why-not.js').refusals>} whyNot
 * @property {() => void} resign
 * @property {() => Promise<void>} playRematch
 * @property {(seat: number) => Promise<void>} sit
 * @property {(seat: number) => Promise<void>} decline
 * @property {() => Promise<void>} startNow
 * @property {() => Promise<void>} leave
 */

/**
 * The hand an order belongs to: this seat's, in this hand.
 * @param {TableState} state
 */
export const handKey = (state) => `${state.seat}:${state.view?.hand_number}`;

/**
 * The hand as shown: sorted or in the player's order, without the melds held back for a
 * joint lay-down.
 * @param {TableState} state
 */
export function shownHand(state) {
  const rest = [...(state.view?.hand ?? [])];
  for (const card of state.staged.flat()) {
    const at = rest.indexOf(card);
    if (at >= 0) rest.splice(at, 1);
  }
  const sorted = sortHand(rest, state.sortBy);
  return state.order?.hand === handKey(state) ? arranged(sorted, state.order.cards) : sorted;
}

/**
 * The cards picked, in the order picked.
 * @param {TableState} state
 */
export function pickedCards(state) {
  const hand = shownHand(state);
  return state.selected.map((index) => hand[index]).filter((card) => card !== undefined);
}

/**
 * Notes the cards a seat here drew, from the log (the followed channel, or a command's own
 * events, whichever comes first): they stay marked in the hand until that seat discards.
 * @param {TableState} state
 * @param {readonly import('./api.js').Envelope[]} envelopes
 */
export function noteDrawn(state, envelopes) {
  const drawn = state.drawn;
  for (const { version, event } of envelopes) {
    if (version <= drawn.version) continue;
    drawn.version = version;
    if (event.type === 'hand_dealt' || event.type === 'hand_ended' || (event.type === 'card_discarded' && event.seat === drawn.seat)) drawn.cards = [];
    const taken = event.type === 'cards_drawn' ? event.cards ?? [] : event.type === 'knocked' ? [event.card, event.stock_card ?? null] : [];
    if (event.type !== 'cards_drawn' && event.type !== 'knocked') continue;
    if (event.seat !== state.seat) continue;
    if (drawn.seat !== event.seat) drawn.cards = [];
    drawn.seat = event.seat;
    drawn.cards.push(...taken.filter((card) => card !== null));
  }
}

/**
 * A meld's news since this screen's last discard: laid by another seat, or cards another
 * seat added to it (a lay-off, the natural card that took a joker back).
 * @typedef {{laid: boolean, added: string[]}} TableNews
 */

/**
 * Notes what other seats did to the table, marked on the felt until the seat shown discards
 * again: a bot's turn of three melds and a lay-off played out in a second and a half, then
 * only its discard stayed in words over the felt. Friends on one screen are each told what
 * happened since their own last discard, the other friends' moves included.
 * @param {TableState} state
 * @param {import('./api.js').GameEvent} event
 * @param {readonly number[]} mine the seats this screen plays (none: it watches, and is told nothing)
 */
export function noteTableNews(state, event, mine) {
  if (!mine.length) return;
  if (event.type === 'hand_dealt') {
    if (state.tableNews.size) state.tableNews = new Map();
    return;
  }
  if (event.type === 'card_discarded' && mine.includes(event.seat)) {
    if (!state.tableNews.has(event.seat)) return;
    state.tableNews = new Map(state.tableNews);
    state.tableNews.delete(event.seat);
    return;
  }
  if (event.type !== 'meld_laid' && event.type !== 'card_laid_off' && event.type !== 'joker_swapped') return;
  const told = new Map(state.tableNews);
  for (const seat of mine) {
    if (seat === event.seat) continue;
    const melds = told.get(seat) ?? new Map();
    const old = melds.get(event.meld.id);
    const news = event.type === 'meld_laid' ? { laid: true, added: [] } : { laid: old?.laid ?? false, added: [...(old?.added ?? []), event.card] };
    told.set(seat, new Map(melds).set(event.meld.id, news));
  }
  state.tableNews = told;
}

/**
 * The news on the table for the seat shown (see `noteTableNews`).
 * @param {TableState} state
 * @param {number} meldId
 */
export const meldNews = (state, meldId) => (state.seat === null ? undefined : state.tableNews.get(state.seat)?.get(meldId));

/**
 * The latest line of the history that is not the shown seat's own move.
 * @param {TableState} state
 */
export const othersLast = (state) => [...state.recentLines].reverse().find((entry) => entry.seat === null || entry.seat !== state.seat)?.line ?? null;

/**
 * Another seat's latest turn, in the cards its chip names (see `seatTurnWords`).
 * @typedef {object} SeatTurn
 * @property {string | null} drew "drew" (the stock), "took J♠", "took 3 from the pile"
 * @property {number} melds laid
 * @property {string[]} laidOff
 * @property {string[]} swapped the natural cards that took a joker back
 * @property {string | null} discarded
 * @property {string | null} knocked the discard it knocked for, out of turn
 * @property {boolean} timedOut
 * @property {boolean} done discarded (or knocked): its next move begins a new turn
 */

const TURN_MOVES = new Set(['cards_drawn', 'meld_laid', 'card_laid_off', 'joker_swapped', 'card_discarded', 'knocked', 'turn_timed_out']);

/**
 * Notes a seat's move in its latest turn: a bot's draw, melds and discard played out in a
 * moment, and at a table of four the first bot's turn was long gone by the player's. Each
 * seat's chip tells it to the others (friends on one screen too), never to itself.
 * @param {TableState} state
 * @param {import('./api.js').GameEvent} event
 */
export function noteSeatTurn(state, event) {
  if (event.type === 'hand_dealt') {
    if (state.seatTurns.size) state.seatTurns = new Map();
    return;
  }
  if (!TURN_MOVES.has(event.type) || !('seat' in event)) return;
  const old = state.seatTurns.get(event.seat);
  // A draw begins a turn; a knock is a move of its own, out of turn.
  const fresh = !old || old.done || event.type === 'knocked' || (event.type === 'cards_drawn' && old.drew !== null);
  /** @type {SeatTurn} */
  const turn = fresh || !old
    ? { drew: null, melds: 0, laidOff: [], swapped: [], discarded: null, knocked: null, timedOut: false, done: false }
    : { ...old, laidOff: [...old.laidOff], swapped: [...old.swapped] };
  switch (event.type) {
    case 'cards_drawn':
      turn.drew = event.source === 'stock' ? 'drew' : event.cards?.length === 1 ? `took ${shortName(event.cards[0])}` : `took ${event.count} from the pile`;
      break;
    case 'meld_laid':
      turn.melds += 1;
      break;
    case 'card_laid_off':
      turn.laidOff.push(shortName(event.card));
      break;
    case 'joker_swapped':
      turn.swapped.push(shortName(event.card));
      break;
    case 'card_discarded':
      turn.discarded = shortName(event.card);
      turn.done = true;
      break;
    case 'knocked':
      turn.knocked = shortName(event.card);
      turn.done = true;
      break;
    case 'turn_timed_out':
      turn.timedOut = true;
      break;
  }
  state.seatTurns = new Map(state.seatTurns).set(event.seat, turn);
}

/**
 * A seat's latest turn in a few words: "took J♠ · laid 2 melds · discarded 10♦".
 * @param {SeatTurn | undefined} turn
 */
export function seatTurnWords(turn) {
  if (!turn) return null;
  const words = [
    turn.timedOut ? 'out of time' : null,
    turn.knocked ? `knocked for ${turn.knocked}` : null,
    turn.drew,
    turn.melds ? `laid ${turn.melds === 1 ? 'a meld' : `${turn.melds} melds`}` : null,
    turn.laidOff.length ? `laid off ${turn.laidOff.join(' ')}` : null,
    turn.swapped.length ? `swapped ${turn.swapped.join(' ')} for a joker` : null,
    turn.discarded ? `discarded ${turn.discarded}` : null,
  ].filter((part) => part);
  return words.length ? words.join(' · ') : null;
}

/**
 * Which cards of the hand as shown were just drawn (one copy each, where two decks hold twins).
 * @param {TableState} state
 * @param {readonly string[]} hand
 */
export function drawnMarks(state, hand) {
  const left = state.drawn.seat === state.seat ? [...state.drawn.cards] : [];
  return hand.map((card) => {
    const at = left.lastIndexOf(card);
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
}
