// The lobby: tables by status (waiting, playing, finished), filtered by rules and seats,
// with a seat to sit at or a table to watch.

import * as api from './api.js';
import { isPreset } from './choices.js';
import { h, replace } from './dom.js';
import { canCount } from './league.js';
import { plural, problemText } from './render.js';
import { PRESETS } from './rules.js';
import { sitAt } from './sitting.js';

/** @typedef {{status: 'waiting' | 'active' | 'finished', preset: string, seats: string, openSeats: boolean}} LobbyChoice */

/**
 * @param {HTMLElement} main
 * @param {LobbyChoice} [choice]
 */
export async function showLobby(main, choice = { status: 'waiting', preset: '', seats: '', openSeats: true }) {
  const problem = h('p', { class: 'problem', role: 'alert' });
  const list = h('ul', { class: 'game-list lobby', 'data-testid': 'lobby' }, h('li', { text: 'Loading…' }));
  /** @param {Partial<LobbyChoice>} change */
  const again = (change) => showLobby(main, { ...choice, ...change });
  const tabs = /** @type {const} */ (['waiting', 'active', 'finished']).map((name) =>
    h('button', { type: 'button', class: name === choice.status ? 'tab current' : 'tab', 'aria-pressed': name === choice.status ? 'true' : 'false', onclick: () => again({ status: name }), text: { waiting: 'Waiting for players', active: 'Playing', finished: 'Finished' }[name] }),
  );
  const presetFilter = /** @type {HTMLSelectElement} */ (h('select', { id: 'lobby-preset', onchange: () => again({ preset: presetFilter.value }) }, h('option', { value: '', text: 'any' }), PRESETS.map((name) => h('option', { value: name, selected: name === choice.preset, text: name }))));
  const seatsFilter = /** @type {HTMLSelectElement} */ (h('select', { id: 'lobby-seats', onchange: () => again({ seats: seatsFilter.value }) }, h('option', { value: '', text: 'any' }), [2, 3, 4, 5, 6].map((count) => h('option', { value: count, selected: String(count) === choice.seats, text: String(count) }))));
  const openFilter = /** @type {HTMLInputElement} */ (h('input', { id: 'lobby-open', type: 'checkbox', checked: choice.openSeats, onchange: () => again({ openSeats: openFilter.checked }) }));
  const filters = h(
    'div',
    { class: 'filters', role: 'group', 'aria-label': 'Filters' },
    h('label', { for: 'lobby-preset', text: 'Rules' }),
    presetFilter,
    h('label', { for: 'lobby-seats', text: 'Seats' }),
    seatsFilter,
    choice.status === 'waiting' ? h('label', { class: 'check' }, openFilter, ' only with a seat open') : null,
  );
  replace(main, h('section', { class: 'lobby-screen' }, h('h1', { text: 'Lobby' }), h('div', { class: 'tabs', role: 'group', 'aria-label': 'Tables by status' }, tabs), filters, problem, list));
  try {
    const lobby = await api.lobby({
      status: choice.status,
      preset: isPreset(choice.preset) ? choice.preset : undefined,
      seats: choice.seats ? Number(choice.seats) : undefined,
      openSeats: choice.status === 'waiting' && choice.openSeats,
    });
    const entries = lobby.games.map((entry) => {
      const bots = entry.seats.filter((seat) => seat.kind === 'bot').length;
      const names = (entry.names ?? []).filter((name) => name).join(', ');
      const label = `${entry.preset}, ${entry.seats.length} seats`;
      const text = `${entry.preset} · ${entry.seats.length} seats${bots ? `, ${plural(bots, 'bot')}` : ''}${names ? ` · ${names}` : ''}${canCount(entry) ? ' · rated' : ''}`;
      const actions = entry.open_seats.map((seat) =>
        h('button', { type: 'button', class: 'primary', onclick: () => sitAt(entry.game_id, seat, label, null, problem), text: `Sit at seat ${seat + 1}` }),
      );
      const open = entry.status === 'finished' ? `#/replay/${entry.game_id}` : `#/game/${entry.game_id}`;
      return h('li', {}, h('span', { text }), h('span', { class: 'actions' }, actions, h('a', { href: open, class: 'button', text: entry.status === 'finished' ? 'Replay' : 'Watch' })));
    });
    replace(list, entries.length ? entries : h('li', { text: 'No tables here yet: make one under New table.' }));
  } catch (error) {
    problem.textContent = problemText(error);
  }
}
