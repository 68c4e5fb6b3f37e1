// What a seat may do now, read from its view's `legal_commands` only (the page never guesses a move).

import { cardsKey, jokersAs, shortName } from './cards.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('@rummy/client').Schemas['LayMeldsCommand']} LayMelds */
/** @typedef {import('@rummy/client').Schemas['LayOffCommand']} LayOff */
/** @typedef {import('@rummy/client').Schemas['SwapJokerCommand']} SwapJoker */
/** @typedef {import('@rummy/client').Schemas['DrawCommand']} Draw */
/** @typedef {import('@rummy/client').Schemas['DiscardCommand']} Discard */
/** @typedef {import('@rummy/client').Schemas['KnockCommand']} Knock */

/**
 * @typedef {object} Moves
 * @property {Draw | null} drawStock
 * @property {Map<number, Draw>} drawPile depth taken from the pile's top → its command
 * @property {LayMelds[]} layMelds
 * @property {Set<string>} meldCards cards that are part of some meld this seat could lay
 * @property {Map<string, (LayOff | SwapJoker)[]>} onTable card → the lay-offs and joker swaps it allows
 * @property {Map<string, Discard>} discards
 * @property {Knock | null} knock
 * @property {boolean} any whether the seat may act at all
 */

/** @param {View} view @returns {Moves} */
export function movesOf(view) {
  /** @type {Moves} */
  const moves = {
    drawStock: null,
    drawPile: new Map(),
    layMelds: [],
    meldCards: new Set(),
    onTable: new Map(),
    discards: new Map(),
    knock: null,
    any: view.legal_commands.length > 0,
  };
  for (const command of view.legal_commands) {
    switch (command.type) {
      case 'draw':
        if ((command.source ?? 'stock') === 'stock') moves.drawStock = command;
        else moves.drawPile.set(command.count ?? 1, command);
        break;
      case 'lay_melds':
        moves.layMelds.push(command);
        for (const meld of command.melds) for (const card of meld) moves.meldCards.add(card);
        break;
      case 'lay_off':
      case 'swap_joker': {
        const list = moves.onTable.get(command.card) ?? [];
        list.push(command);
        moves.onTable.set(command.card, list);
        break;
      }
      case 'discard':
        moves.discards.set(command.card, command);
        break;
      case 'knock':
        moves.knock = command;
        break;
    }
  }
  return moves;
}

/**
 * The legal lay-downs that are exactly `staged` (melds held for one command) plus `selected`
 * (several when a joker may stand at either end of a run), and whether `selected` is at
 * least a meld some legal lay-down could hold with `staged`.
 * @param {Moves} moves
 * @param {string[][]} staged
 * @param {string[]} selected
 * @returns {{exact: LayMelds[], partOf: boolean}}
 */
export function matchLayDown(moves, staged, selected) {
  const wanted = [...staged, selected].filter((meld) => meld.length > 0).map(cardsKey);
  /** @type {LayMelds[]} */
  const exact = [];
  if (wanted.length === 0) return { exact, partOf: false };
  let partOf = false;
  for (const command of moves.layMelds) {
    const keys = command.melds.map(cardsKey);
    if (!contains(keys, wanted)) continue;
    partOf = true;
    if (keys.length === wanted.length) exact.push(command);
  }
  return { exact, partOf };
}

/**
 * A lay-down's button: where its jokers stand when the same cards may be laid otherwise.
 * @param {LayMelds} command
 * @param {boolean} several more than one meld
 * @param {boolean} variants other lay-downs of the same cards are offered
 */
export function layDownLabel(command, several, variants) {
  const base = several ? 'Lay these melds down' : 'Lay meld';
  const roles = command.melds.flatMap(jokersAs);
  return variants && roles.length ? `${base}: joker as ${roles.join(', ')}` : base;
}

/**
 * `cards` as a legal lay-down lists them (a run in its order, a joker where it stands);
 * cards no legal meld holds are kept as they are.
 * @param {Moves} moves
 * @param {string[]} cards
 * @returns {string[]}
 */
export function meldOrder(moves, cards) {
  const key = cardsKey(cards);
  for (const command of moves.layMelds) {
    const found = command.melds.find((meld) => cardsKey(meld) === key);
    if (found) return found;
  }
  return cards;
}

/**
 * Whether `whole` holds every key of `part` (each as often as `part` has it).
 * @param {string[]} whole
 * @param {string[]} part
 */
function contains(whole, part) {
  const left = [...whole];
  for (const key of part) {
    const at = left.indexOf(key);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/**
 * The lay-offs and joker swaps of one card onto one meld.
 * @param {Moves} moves
 * @param {string} card
 * @param {number} meldId
 */
export function tableMoves(moves, card, meldId) {
  return (moves.onTable.get(card) ?? []).filter((command) => command.meld_id === meldId);
}

/**
 * A lay-off's or a joker swap's button, its meld named as the felt labels it ("#2"): the
 * move the hint names is there to press, not only behind a tap on the glowing meld.
 * @param {LayOff | SwapJoker} command
 */
export function tablePlayLabel(command) {
  const card = shortName(command.card);
  if (command.type === 'swap_joker') return `Swap ${card} for the joker in #${command.meld_id}`;
  return `Lay off ${card} on #${command.meld_id}${command.end ? `, ${command.end} end` : ''}`;
}

/**
 * A command in plain words, for hints and the log; a meld named as the felt labels it ("#2").
 * @param {Command} command
 * @param {(card: string) => string} name
 */
export function describe(command, name) {
  switch (command.type) {
    case 'draw':
      return (command.source ?? 'stock') === 'stock'
        ? 'draw from the stock'
        : `take ${command.count && command.count > 1 ? `${command.count} cards` : 'the top card'} of the discard pile`;
    case 'lay_melds':
      return `lay down ${command.melds.map((meld) => meld.map(name).join(' ')).join(' and ')}`;
    case 'lay_off':
      return `lay off ${name(command.card)} on #${command.meld_id}${command.end ? `, ${command.end} end` : ''}`;
    case 'swap_joker':
      return `swap ${name(command.card)} for the joker in #${command.meld_id}`;
    case 'discard':
      return `discard ${name(command.card)}`;
    case 'knock':
      return 'knock';
  }
}
