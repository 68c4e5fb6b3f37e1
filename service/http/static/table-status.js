// The table's heading: the status bar (whose turn, the timer, the pace, the sound), the seats, the history.

import { h } from './dom.js';
import { paceSetting } from './pace.js';
import { handOf } from './rules.js';
import { seatChip } from './seat-chip.js';
import { soundSetting } from './sound.js';
import { seatTurnWords } from './table-state.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').GameSummary} GameSummary */


/**
 * The status bar, the seats and the history, drawn for the table's state.
 * @param {import('./table-state.js').TableContext} table
 */
export function statusViews(table) {
  const { gameId, state, mine, held, name, render, holdRedraws, playRematch } = table;

  /** @param {View} view @param {GameSummary} summary */
  function statusBar(view, summary) {
    const myTurn = state.seat !== null && view.turn === state.seat;
    const whose = view.phase === 'over' ? 'Game over' : myTurn ? (mine.length > 1 ? `${name(view.turn)}: your turn` : 'Your turn') : `${name(view.turn)} to play`;
    const limit = summary.turn_time_limit_s;
    // Three groups: the turn, the settings, the links; on a phone each keeps a line of its own.
    return h(
      'div',
      { class: 'status', role: 'status', 'aria-live': 'polite' },
      h(
        'span',
        { class: 'status-turn' },
        h('span', { class: 'hand-number', text: `${summary.preset} · ${handOf(summary.ruleset.game_end, view.hand_number)}` }),
        h('strong', { class: `whose${myTurn ? ' mine' : ''}`, 'data-testid': 'whose-turn', text: whose }),
        limit ? h('span', { class: 'timer', 'data-timer': '', text: timerText() }) : null,
      ),
      h('span', { class: 'status-settings' }, paceSetting(holdRedraws), soundSetting()),
      h(
        'span',
        { class: 'status-links' },
        view.phase === 'over' && state.lastHandEnd && !state.handEnd
          ? h('button', { type: 'button', class: 'primary', 'data-testid': 'results', onclick: () => ((state.handEnd = state.lastHandEnd), render()), text: 'Results' })
          : null,
        h('button', { type: 'button', class: 'link', onclick: () => (location.hash = `#/replay/${gameId}`), text: 'Replay' }),
      ),
    );
  }

  function rematchBanner() {
    return h(
      'p',
      { class: 'rematch-banner', role: 'status' },
      'A rematch is on: ',
      state.seat !== null && !held.length
        ? h('button', { type: 'button', class: 'primary', onclick: playRematch, disabled: state.busy, text: 'Join the rematch' })
        : h('a', { href: `#/game/${state.rematch}`, text: 'watch it' }),
    );
  }

  function timerText() {
    if (!state.deadline || !state.view || state.deadline.seat !== state.view.turn) return '';
    const left = Math.max(0, Math.round((state.deadline.deadline - Date.now()) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`;
  }

  /** @param {View} view */
  function seatsRow(view) {
    const chips = [];
    for (let seat = 0; seat < view.seats; seat += 1) {
      const tag = (view.resigned ?? []).includes(seat) ? h('span', { class: 'seat-resigned', text: 'resigned' }) : controllerTag(view, seat);
      if (tag) tag.setAttribute('aria-hidden', 'true');
      chips.push(
        seatChip({
          seat,
          name: name(seat),
          // Friends on one screen share the host's player name: it named whichever seat was shown.
          ownName: mine.length > 1 ? null : state.summary?.seats.find((spec) => spec.seat === seat)?.name ?? null,
          cards: view.hand_sizes[seat] ?? 0,
          points: view.totals[seat] ?? 0,
          turn: seat === view.turn && view.phase !== 'over',
          me: seat === state.seat,
          opened: Boolean(view.opened[seat]),
          tag,
          last: seat === state.seat ? null : seatTurnWords(state.seatTurns.get(seat)),
        }),
      );
    }
    return h('ul', { class: 'seats', 'aria-label': 'Seats' }, chips);
  }

  /**
   * Who plays a person's seat now, when it is not them: a bot stands in (autopilot after
   * timeouts, or handed over). Bot seats say so in their name.
   * @param {View} view
   * @param {number} seat
   */
  function controllerTag(view, seat) {
    const controller = view.controllers?.[seat];
    // A person at their own seat needs no tag (a bot's name says it is one).
    if (!controller || controller.kind === 'bot' || controller.kind === 'human') return null;
    return h('span', { class: 'seat-controller autopilot', 'data-controller': 'autopilot', title: 'A bot plays this seat until its player is back', text: `autopilot · Bot · level ${controller.level ?? 2}` });
  }

  function logView() {
    return h('section', { class: 'log', 'aria-label': 'What happened' }, h('h2', { text: 'What happened' }), h('ol', { class: 'log-lines', tabindex: 0, 'aria-label': 'This hand, move by move' }, state.log.map((line) => h('li', { text: line }))));
  }

  return { statusBar, rematchBanner, timerText, seatsRow, logView };
}
