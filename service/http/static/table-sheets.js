// The sheets over the table: a hand's summary (and the game's end), and the cover between friends' turns.

import { h } from './dom.js';
import { leagueResult } from './league.js';
import { cardFace, scoresTable } from './render.js';
import { gameLeft, sayValue } from './rules.js';
import { seatTurnWords } from './table-state.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('@rummy/client').Schemas['HandEnded']} HandEnded */
/** @typedef {import('@rummy/client').Schemas['GameEnded']} GameEnded */


/**
 * The hand's summary and the cover, drawn for the table's state.
 * @param {import('./table-state.js').TableContext} table
 */
export function sheetViews(table) {
  const { gameId, state, mine, held, invite, signal, name, token, render, playRematch } = table;
  /** @type {HTMLElement | null} the league's word on the finished game, fetched once */
  let leagueBox = null;

  /** @param {GameEnded} over */
  function gameOverText(over) {
    const winners = over.winners.map(name);
    if (!winners.length) return 'Game over: nobody wins.';
    const plural = winners.length > 1 || winners[0] === 'You';
    return `Game over: ${winners.join(' and ')} ${plural ? 'win' : 'wins'}.`;
  }

  /** @param {HandEnded} ended @param {View} view */
  function handEndView(ended, view) {
    const rows = ended.hands.map((cards, seat) =>
      h(
        'tr',
        { 'data-seat': seat, class: mine.includes(seat) ? 'me' : null },
        h(
          'th',
          { scope: 'row' },
          name(seat),
          // The star is the eye's; a screen reader hears the words.
          ended.winner === seat ? [h('span', { 'aria-hidden': 'true', text: ' ★' }), h('span', { class: 'sr-only', text: ', went out' })] : null,
        ),
        // The cards fanned in a row of their own (a table cell is no flex box: its borders stay in line).
        h('td', { class: `left-cards${cards.length ? '' : ' none'}` }, cards.length ? h('span', { class: cards.length > 10 ? 'fan many' : 'fan' }, cards.map((card) => cardFace(card, { small: true }))) : '—'),
        h('td', { text: ended.hand_values[seat] ?? 0 }),
        h('td', { text: ended.scores[seat] ?? 0 }),
        h('td', { text: ended.totals[seat] ?? 0 }),
      ),
    );
    const over = state.gameEnd;
    const headline = ended.winner === null ? `Hand ${ended.hand_number}: no winner` : `Hand ${ended.hand_number}: ${name(ended.winner)} went out${ended.rummy ? ' — rummy!' : ''}`;
    return h(
      'div',
      { class: 'overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': over ? 'game-over-title hand-end-title' : 'hand-end-title' },
      h(
        'div',
        { class: 'sheet', 'data-testid': 'hand-end' },
        // The game's end leads: the last hand's summary follows it.
        over ? h('p', { class: 'game-over', id: 'game-over-title', 'data-testid': 'game-over', text: gameOverText(over) }) : null,
        h('h2', { id: 'hand-end-title', text: headline }),
        scoresTable(['Seat', 'Cards left', 'Hand value', 'Score', 'Total'], rows, { class: 'hand-scores' }),
        // Why the score is twice the cards' value (or 10 more): the rules' bonus for a rummy.
        ended.rummy && ended.winner !== null && state.summary && (state.summary.ruleset.rummy_bonus ?? 'none') !== 'none'
          ? h('p', { class: 'rummy-note', 'data-testid': 'rummy-note', text: `Rummy: ${name(ended.winner)} went out in one turn, so ${sayValue('rummy_bonus', state.summary.ruleset.rummy_bonus)}.` })
          : null,
        // How much game is left: a first hand's summary otherwise leaves a newcomer guessing.
        over ? null : h('p', { class: 'game-left', 'data-testid': 'game-left', text: gameLeft(state.summary?.ruleset.game_end, ended.hand_number) }),
        over ? (leagueBox ??= leagueResult(gameId, token(), invite, name, signal)) : null,
        h(
          'div',
          { class: 'actions' },
          over
            ? [
                state.seat !== null && !held.length && !(view.resigned ?? []).includes(state.seat) ? h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', onclick: playRematch, disabled: state.busy, text: state.rematch ? 'Join the rematch' : 'Rematch' }) : null,
                state.seat === null && state.rematch ? h('a', { class: 'button primary', href: `#/game/${state.rematch}`, text: 'Watch the rematch' }) : null,
                h('button', { type: 'button', class: state.seat === null ? 'primary' : '', onclick: () => (location.hash = '#/'), text: 'New game' }),
                h('button', { type: 'button', onclick: () => (location.hash = `#/replay/${gameId}`), text: 'Replay this game' }),
                h('button', { type: 'button', onclick: closeHandEnd, text: 'Look at the table' }),
              ]
            : h('button', { type: 'button', class: 'primary', onclick: closeHandEnd, text: view.hand_number > ended.hand_number ? 'Next hand' : 'Continue' }),
        ),
      ),
    );
  }

  function closeHandEnd() {
    state.handEnd = state.handEndWaiting;
    state.handEndWaiting = null;
    // One screen: the summary went round the table; whoever plays next takes the device.
    if (mine.length > 1 && state.view?.phase !== 'over') state.covered = true;
    render();
  }

  /**
   * The other seats' latest turns, in the order they played after the seat shown: the
   * friend taking the device reads what the others did since their own last turn.
   * @param {number} seat
   */
  function sinceLastTurn(seat) {
    const seats = state.view?.seats ?? 0;
    const told = [];
    for (let step = 1; step < seats; step += 1) {
      const other = (seat + step) % seats;
      const words = seatTurnWords(state.seatTurns.get(other));
      if (words) told.push(h('li', {}, h('strong', { text: `${name(other)}: ` }), words));
    }
    if (!told.length) return null;
    return h('div', { class: 'since', 'data-testid': 'since-last-turn' }, h('p', { text: 'Since your last turn:' }), h('ul', {}, told));
  }

  function coverView() {
    const seat = /** @type {number} */ (state.seat);
    return h(
      'div',
      { class: 'overlay cover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'cover-title' },
      h(
        'div',
        { class: 'sheet' },
        h('h2', { id: 'cover-title', text: `Pass the device to ${name(seat)}` }),
        h('p', { text: 'The hand stays hidden until its player is ready.' }),
        sinceLastTurn(seat),
        h('button', { type: 'button', class: 'primary', onclick: () => ((state.covered = false), render()), text: "I'm ready: show my hand" }),
      ),
    );
  }

  return { handEndView, closeHandEnd, coverView };
}
