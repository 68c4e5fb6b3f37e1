// A table waiting for players: its seats, its code for the host, Sit, Start and Leave.

import { h } from './dom.js';
import { rulesPanel } from './render.js';

/** @typedef {import('./api.js').GameSummary} GameSummary */


/**
 * The waiting room and the private table's code, drawn for the table's state.
 * @param {import('./table-state.js').TableContext} table
 */
export function waitingViews(table) {
  const { gameId, state, mine, notes, invite, sit, decline, startNow, leave } = table;

  /** The private table's code and link, for the one who made it (the code is shown to them alone). */
  function tableCode() {
    if (!invite || notes?.host !== true) return null;
    const code = `${gameId}:${invite}`;
    const link = `${location.origin}${location.pathname}#/join/${gameId}/${invite}`;
    return h(
      'div',
      { class: 'table-code' },
      h('span', { text: 'Private table. Its code: ' }),
      h('code', { 'data-testid': 'table-code', text: code }),
      h('span', { text: ' — or send the link: ' }),
      h('a', { href: link, 'data-testid': 'invite-link', text: 'invite link' }),
    );
  }

  /** @param {GameSummary} summary */
  function waitingView(summary) {
    const seated = state.seat !== null;
    // The server says who hosts: this browser may not remember making the table.
    const host = summary.hosting === true;
    const rows = summary.seats.map((seat) => {
      const open = seat.kind === 'human' && seat.open && !seat.claimed;
      // A rematch keeps a seat for its player: the server says whether that is this page's.
      const keptForMe = seat.reserved && summary.kept_for_you === seat.seat;
      const kept = keptForMe ? 'Kept for you from the last game' : 'Kept for its player from the last game';
      const who = open ? (seat.reserved ? kept : 'Open seat') : mine.includes(seat.seat) ? `You${seat.name ? ` (${seat.name})` : ''}` : seat.kind === 'bot' ? `Bot · level ${seat.level ?? 2}` : (seat.name ?? 'A player');
      const sitButton = h('button', { type: 'button', class: 'primary', onclick: () => sit(seat.seat), text: `Sit at seat ${seat.seat + 1}` });
      const declineButton = h('button', { type: 'button', 'data-testid': 'decline', onclick: () => decline(seat.seat), disabled: state.busy, text: 'Not this time' });
      return h(
        'li',
        { class: `seat${open ? ' open' : ''}`, 'data-seat': seat.seat },
        h('span', { class: 'seat-name', text: `Seat ${seat.seat + 1}: ${who}` }),
        open && !seated && (!seat.reserved || keptForMe) ? h('span', { class: 'seat-buttons' }, sitButton, keptForMe ? declineButton : null) : null,
      );
    });
    const waitingFor = summary.seats.filter((seat) => seat.kind === 'human' && seat.open && !seat.claimed);
    const open = waitingFor.length;
    const kept = waitingFor.filter((seat) => seat.reserved).length;
    const level = /** @type {HTMLSelectElement} */ (
      h(
        'select',
        { id: 'fill-level', onchange: () => (state.fillLevel = Number(level.value)) },
        [1, 2, 3, 4].map((value) => h('option', { value, selected: value === state.fillLevel, text: `level ${value}` })),
      )
    );
    const lead = summary.expired
      ? 'Nobody joined this table in time: it has expired.'
      : `${open} open seat${open === 1 ? '' : 's'}${kept ? ` (${kept} kept for the last game's players)` : ''}: the first hand is dealt when they are taken${host ? ', or when you start' : ' or the host starts'}.`;
    return h(
      'section',
      { class: 'waiting-screen', 'data-testid': 'waiting' },
      h('h1', { text: `${summary.expired ? 'Expired' : 'Waiting for players'} · ${summary.preset}` }),
      h('p', { class: 'lead', text: lead }),
      tableCode(),
      h('ul', { class: 'seats waiting', 'aria-label': 'Seats' }, rows),
      h(
        'div',
        { class: 'actions' },
        host && !summary.expired
          ? [
              h('label', { for: 'fill-level', text: 'Bots for the open seats:' }),
              level,
              h('button', { type: 'button', class: 'primary', 'data-testid': 'start', onclick: startNow, disabled: state.busy, text: 'Start now' }),
            ]
          : null,
        seated && summary.expired
          ? h('button', { type: 'button', onclick: leave, disabled: state.busy, text: 'Remove from my tables' })
          : seated && !host
            ? h('button', { type: 'button', onclick: leave, disabled: state.busy, text: 'Leave the table' })
            : null,
      ),
      state.message ? h('p', { class: 'problem', role: 'alert', 'data-testid': 'problem', text: state.message }) : null,
      rulesPanel(summary.ruleset),
    );
  }

  return { tableCode, waitingView };
}
