// The player's side: their hand (picked, arranged, covered), what to do now, and the buttons that do it.

import * as api from './api.js';
import { announce } from './announcer.js';
import { cardsKey, longName, meldPoints, shortName } from './cards.js';
import { h } from './dom.js';
import { dragToReorder } from './hand-drag.js';
import { moved, movedIndex } from './hand-order.js';
import { describe, layDownLabel, matchLayDown, meldOrder, tablePlayLabel } from './moves.js';
import { cardBack, cardFace, problemText } from './render.js';
import { drawnMarks, handKey, pickedCards, shownHand } from './table-state.js';
import { setPreference } from './session.js';
import { meantCommand } from './why-not.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('./api.js').GameSummary} GameSummary */
/** @typedef {import('./moves.js').Moves} Moves */

// More places than this for one card (a joker at a full table): buttons for none but the hint's.
const MAX_TABLE_BUTTONS = 4;

/**
 * Whether the hint names this very lay-off or joker swap (an unset end is no end).
 * @param {import('./moves.js').LayOff | import('./moves.js').SwapJoker} command
 * @param {Command | null} hint
 */
function sameCommand(command, hint) {
  if (!hint || (hint.type !== 'lay_off' && hint.type !== 'swap_joker') || hint.type !== command.type) return false;
  const end = (/** @type {{end?: string | null}} */ (command)).end ?? null;
  const hintEnd = (/** @type {{end?: string | null}} */ (hint)).end ?? null;
  return hint.card === command.card && hint.meld_id === command.meld_id && end === hintEnd;
}


/**
 * The player's side of the table and what its keys and buttons do.
 * @param {import('./table-state.js').TableContext} table
 */
export function handViews(table) {
  const { root, gameId, state, held, name, token, render, play, act, loadView, holdRedraws, whyNot, resign } = table;

  async function askHint() {
    if (!state.view || !state.summary || state.busy) return;
    state.busy = true;
    render();
    try {
      const suggestion = await api.suggest(state.view, state.summary.ruleset, 3);
      state.hint = suggestion.command;
      state.hintText = suggestion.command ? `Hint: ${describe(suggestion.command, shortName)}.` : 'Hint: nothing to play now.';
      if (suggestion.command) selectForHint(suggestion.command);
    } catch (error) {
      state.message = problemText(error);
    } finally {
      state.busy = false;
      render();
    }
  }

  /** @param {Command} command */
  function selectForHint(command) {
    const hand = shownHand(state);
    /** @param {string[]} cards */
    const positions = (cards) => {
      const used = new Set();
      return cards
        .map((card) => hand.findIndex((held, index) => held === card && !used.has(index) && (used.add(index), true)))
        .filter((index) => index >= 0);
    };
    if (command.type === 'lay_melds') {
      // The first meld not already held back: a joint lay-down is picked one meld at a time.
      const held = state.staged.map(cardsKey);
      const next = command.melds.find((meld) => {
        const at = held.indexOf(cardsKey(meld));
        if (at < 0) return true;
        held.splice(at, 1);
        return false;
      });
      state.selected = positions(next ?? []);
    }
    else if (command.type === 'discard' || command.type === 'lay_off' || command.type === 'swap_joker') state.selected = positions([command.card]);
  }

  /**
   * Moves a card of the hand to another place; the hand keeps that order until it ends.
   * @param {number} from
   * @param {number} to
   */
  function moveCard(from, to) {
    const hand = shownHand(state);
    if (from === to || to < 0 || to >= hand.length) return;
    state.order = { hand: handKey(state), cards: moved(hand, from, to) };
    state.selected = state.selected.map((index) => movedIndex(index, from, to));
    state.cursor = to;
    render();
    // Redrawn, the card is only a new place to a screen reader: say where it went.
    announce(`${longName(hand[from])} moved to place ${to + 1} of ${hand.length}`);
  }

  /** A bot plays this player's seat: say so, and offer it back. */
  function autopilotNotice(/** @type {View} */ view) {
    const seat = state.seat;
    if (seat === null || view.phase === 'over' || (view.resigned ?? []).includes(seat) || view.controllers?.[seat]?.kind !== 'autopilot') return null;
    return h(
      'p',
      { class: 'autopilot-notice', role: 'status', 'data-testid': 'autopilot' },
      `A bot (level ${view.controllers[seat].level ?? 2}) is playing for you. `,
      h('button', { type: 'button', class: 'primary', 'data-testid': 'take-back', onclick: takeBack, disabled: state.busy, text: 'Take my seat back' }),
    );
  }

  function takeBack() {
    return act(async () => {
      await api.takeSeatBack(gameId, /** @type {number} */ (state.seat), /** @type {string} */ (token()));
      await loadView();
    });
  }

  /** @param {View} view @param {api.GameSummary} summary */
  function yourSide(view, summary) {
    if (state.seat === null) return h('p', { class: 'spectating', text: 'You are watching this table.' });
    const moves = /** @type {Moves} */ (state.moves);
    const hand = shownHand(state);
    const picked = pickedCards(state);
    const match = matchLayDown(moves, state.staged, picked);
    // Covered (one screen, between turns): the hand is not drawn at all, only its backs.
    state.cursor = Math.min(state.cursor, Math.max(0, hand.length - 1));
    const drawn = drawnMarks(state, hand);
    const cards = state.covered ? hand.map(() => cardBack()) : hand.map((card, index) => {
      const face = cardFace(card, {
        selected: state.selected.includes(index),
        drawn: drawn[index],
        meld: moves.meldCards.has(card),
        layOff: moves.onTable.has(card),
        hinted: state.hint !== null && hintHolds(state.hint, card),
        onclick: () => toggle(index),
      });
      face.tabIndex = index === state.cursor ? 0 : -1;
      face.dataset.index = String(index);
      return face;
    });
    const minimum = summary.ruleset.initial_meld_min ?? 0;
    const opening = minimum > 0 && !view.opened[state.seat] && view.phase !== 'over';
    // Counted in the order a legal lay-down lists the cards, not the order they were picked.
    const points = state.staged.reduce((sum, meld) => sum + meldPoints(meldOrder(moves, meld)), 0) + (match.partOf ? meldPoints(meldOrder(moves, picked)) : 0);
    const discard = picked.length === 1 && state.staged.length === 0 ? moves.discards.get(picked[0]) : undefined;
    // One card picked that fits a table meld: a button for each place it may go, beside the
    // discard; a joker that fits everywhere would flood the row, so past a few, only the
    // hint's (the glowing melds still take it).
    const fits = picked.length === 1 && state.staged.length === 0 ? moves.onTable.get(picked[0]) ?? [] : [];
    const onTable = fits.length <= MAX_TABLE_BUTTONS ? fits : fits.filter((command) => sameCommand(command, state.hint));
    const myPlay = view.turn === state.seat && view.phase === 'play' && !state.staged.length && !state.covered;
    const meant = myPlay ? meantCommand(picked, Boolean(discard) || match.exact.length > 0 || match.partOf) : null;
    const refused = whyNot.words(meant);
    const actions = [
      // The same cards laid two ways (a joker at either end of a run): the player picks.
      ...match.exact.map((command) =>
        h('button', { type: 'button', class: 'primary', onclick: () => play(command), disabled: state.busy, text: layDownLabel(command, state.staged.length > 0, match.exact.length > 1) }),
      ),
      !match.exact.length && match.partOf && picked.length > 0
        ? h('button', { type: 'button', onclick: holdMeld, text: 'Hold this meld', title: 'Keep it aside to lay with others in one go' })
        : null,
      ...onTable.map((command) => h('button', { type: 'button', class: 'primary', onclick: () => play(command), disabled: state.busy, text: tablePlayLabel(command) })),
      discard ? h('button', { type: 'button', class: 'primary', onclick: () => play(discard), disabled: state.busy, text: `Discard ${shortName(picked[0])}` }) : null,
      moves.knock ? h('button', { type: 'button', class: 'primary', onclick: () => moves.knock && play(moves.knock), text: 'Knock' }) : null,
      state.staged.length ? h('button', { type: 'button', onclick: unstage, text: 'Take melds back' }) : null,
      state.selected.length ? h('button', { type: 'button', onclick: clearSelection, text: 'Clear' }) : null,
      moves.any ? h('button', { type: 'button', onclick: askHint, disabled: state.busy, text: 'Hint' }) : null,
      h('button', { type: 'button', class: 'quiet', onclick: toggleSort, text: state.sortBy === 'suit' ? 'Sort by rank' : 'Sort by suit' }),
      view.phase !== 'over' && !(view.resigned ?? []).includes(state.seat) && !held.length
        ? h('button', { type: 'button', class: `quiet${state.confirmResign ? ' danger' : ''}`, onclick: resign, disabled: state.busy, text: state.confirmResign ? 'Really resign? A bot plays on' : 'Resign' })
        : null,
    ];
    return h(
      'div',
      { class: 'you' },
      autopilotNotice(view),
      h('p', { class: 'instruction', 'data-testid': 'instruction', text: instruction(view, moves) }),
      opening
        ? h('p', { class: `opening${points >= minimum ? ' reached' : ''}`, 'data-testid': 'opening' }, `First meld: ${points} of ${minimum} points`)
        : null,
      state.staged.length
        ? h('div', { class: 'staged', 'aria-label': 'Melds held for one lay-down' }, state.staged.map((meld) => h('span', { class: 'staged-meld' }, meld.map((card) => cardFace(card, { small: true })))))
        : null,
      handRow(cards),
      h('div', { class: 'actions' }, actions),
      state.hintText ? h('p', { class: 'hint-text', text: state.hintText }) : null,
      refused ? h('p', { class: 'why-not', role: 'status', 'data-testid': 'why-not', text: refused }) : null,
      state.message ? h('p', { class: 'problem', role: 'alert', 'data-testid': 'problem', text: state.message }) : null,
    );
  }

  /** @param {HTMLElement[]} cards */
  function handRow(cards) {
    const label = 'Your hand (arrow keys move along it, Alt with an arrow moves the card)';
    const row = h('div', { class: 'hand', role: 'group', 'aria-label': label, onkeydown: moveAlongHand }, cards);
    if (!state.covered) dragToReorder(row, moveCard, holdRedraws);
    return row;
  }

  /** @param {Command} hint @param {string} card */
  function hintHolds(hint, card) {
    if (hint.type === 'lay_melds') return hint.melds.some((meld) => meld.includes(card));
    if (hint.type === 'discard' || hint.type === 'lay_off' || hint.type === 'swap_joker') return hint.card === card;
    return false;
  }

  /** @param {View} view @param {Moves} moves */
  function instruction(view, moves) {
    if (view.phase === 'over') return 'The game is over.';
    if (view.turn !== state.seat) return moves.knock ? 'You may knock for the last discard.' : `Waiting for ${name(view.turn)}…`;
    if (view.phase === 'draw') return 'Draw a card: tap the stock or the discard pile.';
    if (moves.meldCards.size || moves.onTable.size) return 'Pick cards: green edges make a meld, blue ones fit a meld on the table. Then discard one card.';
    return 'Pick a card to discard and end your turn.';
  }

  /**
   * Left and right (Home, End) move along the hand: one Tab stop for the whole hand.
   * @param {KeyboardEvent} event
   */
  function moveAlongHand(event) {
    const size = shownHand(state).length;
    if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const to = state.cursor + (event.key === 'ArrowLeft' ? -1 : 1);
      moveCard(state.cursor, to);
      root.querySelector(`.hand [data-index="${state.cursor}"]`)?.closest('button')?.focus();
      return;
    }
    const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    /** @type {number | null} */
    let next = null;
    if (event.key in steps) next = (state.cursor + steps[/** @type {keyof typeof steps} */ (event.key)] + size) % size;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = size - 1;
    if (next === null || !size) return;
    event.preventDefault();
    // Only the roving Tab stop moves (the cursor shows in nothing else): no re-render.
    const old = root.querySelector(`.hand [data-index="${state.cursor}"]`);
    const card = root.querySelector(`.hand [data-index="${next}"]`);
    state.cursor = next;
    if (old instanceof HTMLElement) old.tabIndex = -1;
    if (card instanceof HTMLElement) {
      card.tabIndex = 0;
      card.focus();
    }
  }

  /** @param {number} index */
  function toggle(index) {
    state.cursor = index;
    state.selected = state.selected.includes(index) ? state.selected.filter((at) => at !== index) : [...state.selected, index];
    state.chooserMeld = null;
    state.message = null;
    render();
  }

  function holdMeld() {
    state.staged = [...state.staged, pickedCards(state)];
    state.selected = [];
    render();
  }

  function unstage() {
    state.staged = [];
    render();
  }

  function clearSelection() {
    state.selected = [];
    state.chooserMeld = null;
    render();
  }

  function toggleSort() {
    state.sortBy = state.sortBy === 'suit' ? 'rank' : 'suit';
    state.order = null;
    setPreference('sort', state.sortBy);
    state.selected = [];
    render();
  }

  return { yourSide };
}
