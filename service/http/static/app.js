// The page's entry: routes (`#/`, `#/lobby`, `#/new`, `#/game/ID`, `#/replay/ID`) and the screens before a table.

import * as api from './api.js';
import { h, replace } from './dom.js';
import { problemText } from './render.js';
import { mountReplay } from './replay.js';
import { KNOBS, knobNames, sayValue } from './rules.js';
import { heldGames, keepSeats, preference, setPreference } from './session.js';
import { mountTable } from './table.js';

/** @typedef {import('./api.js').RuleSet} RuleSet */
/** @typedef {import('./api.js').SeatSpec} SeatSpec */
/** @typedef {NonNullable<import('./api.js').CreateGame['preset']>} Preset */

const PRESETS = /** @type {const} */ (['basic', 'palace', 'duel', 'classic']);
/** @type {Record<Preset, string>} */
const PRESET_ABOUT = {
  basic: 'Plain rummy: 10 cards for two, sets and runs, ace low, three hands.',
  palace: 'Two packs and six jokers, a first meld of 30 points, go out with a discard.',
  duel: 'Two players, 10 cards, one new meld a turn, seven hands.',
  classic: 'Take any card of the pile with those above it; first to 100 points.',
};
const LEVELS = [
  [1, 'Level 1 · random'],
  [2, 'Level 2 · greedy'],
  [3, 'Level 3 · careful'],
  [4, 'Level 4 · search'],
];

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
/** @type {(() => void) | null} */
let unmount = null;

/** @type {Promise<api.Rulesets> | null} */
let rulesetsLoaded = null;
const loadRulesets = () => (rulesetsLoaded ??= api.rulesets());

/** @param {unknown} value @returns {value is Preset} */
const isPreset = (value) => PRESETS.includes(/** @type {Preset} */ (value));

function route() {
  unmount?.();
  unmount = null;
  const [, screen = '', id = ''] = location.hash.split('/');
  document.body.dataset.screen = screen || 'home';
  if (screen === 'game' && id) unmount = mountTable(main, id);
  else if (screen === 'replay' && id) unmount = mountReplay(main, id);
  else if (screen === 'lobby') showLobby();
  else if (screen === 'new') showCreateForm();
  else showHome();
}

/**
 * Creates a game, keeps its seat tokens and opens its table.
 * @param {import('./api.js').CreateGame} body
 * @param {HTMLElement} problem where a refusal is shown
 */
async function startGame(body, problem) {
  problem.textContent = '';
  try {
    const created = await api.createGame(body);
    keepSeats(created.game_id, created.tokens, `${body.preset ?? 'basic'}, ${body.seats.length} seats`);
    location.hash = `#/game/${created.game_id}`;
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

// ------------------------------------------------------------ home

function showHome() {
  const preset = isPreset(preference('preset', 'basic')) ? /** @type {Preset} */ (preference('preset', 'basic')) : 'basic';
  const problem = h('p', { class: 'problem', role: 'alert' });
  const presetSelect = /** @type {HTMLSelectElement} */ (
    h('select', { id: 'play-preset' }, PRESETS.map((name) => h('option', { value: name, selected: name === preset, text: name })))
  );
  const opponents = /** @type {HTMLSelectElement} */ (h('select', { id: 'play-opponents' }, [1, 2, 3].map((count) => h('option', { value: count, selected: count === Number(preference('opponents', '1')), text: String(count) }))));
  const level = /** @type {HTMLSelectElement} */ (h('select', { id: 'play-level' }, LEVELS.map(([value, label]) => h('option', { value, selected: value === Number(preference('level', '2')), text: label }))));
  const friend = /** @type {HTMLInputElement} */ (h('input', { id: 'play-friend', type: 'checkbox' }));
  const about = h('p', { class: 'about', text: PRESET_ABOUT[preset] });
  presetSelect.addEventListener('change', () => {
    about.textContent = PRESET_ABOUT[/** @type {Preset} */ (presetSelect.value)];
    if (presetSelect.value === 'duel') opponents.value = '1';
  });

  const play = async () => {
    const chosen = /** @type {Preset} */ (presetSelect.value);
    const others = chosen === 'duel' ? 1 : Number(opponents.value);
    setPreference('preset', chosen);
    setPreference('opponents', String(others));
    setPreference('level', level.value);
    /** @type {SeatSpec[]} */
    const seats = [{ kind: 'human' }];
    for (let seat = 0; seat < others; seat += 1) seats.push(friend.checked ? { kind: 'human' } : { kind: 'bot', level: Number(level.value) });
    await startGame({ preset: chosen, seats }, problem);
  };

  const held = heldGames().slice(0, 6);
  replace(
    main,
    h(
      'section',
      { class: 'home' },
      h('h1', { text: 'Rummy, right here' }),
      h('p', { class: 'lead', text: 'Play the computer at four levels, or a friend on this screen. No download, no sign-up.' }),
      h('button', { type: 'button', class: 'play-now primary', 'data-testid': 'play', onclick: play, text: 'Play now' }),
      problem,
      h(
        'details',
        { class: 'play-options' },
        h('summary', { text: 'Table options' }),
        h(
          'div',
          { class: 'form-grid' },
          h('label', { for: 'play-preset', text: 'Rules' }),
          presetSelect,
          h('label', { for: 'play-opponents', text: 'Opponents' }),
          opponents,
          h('label', { for: 'play-level', text: 'Bot level' }),
          level,
          h('label', { for: 'play-friend', text: 'Friends on this screen instead of bots' }),
          friend,
        ),
        about,
        h('p', {}, h('a', { href: '#/new', text: 'Every rule, knob by knob…' })),
      ),
      held.length
        ? h('section', { class: 'held' }, h('h2', { text: 'Your tables' }), h('ul', { class: 'game-list' }, held.map((game) => h('li', {}, h('a', { href: `#/game/${game.gameId}`, text: `${game.label} — ${new Date(game.savedAt).toLocaleString()}` })))))
        : null,
      h('p', {}, h('a', { href: '#/lobby', text: 'Find a table in the lobby →' })),
    ),
  );
}

// ------------------------------------------------------------ lobby

/** @param {api.LobbyStatus} [status] */
async function showLobby(status = 'open') {
  const problem = h('p', { class: 'problem', role: 'alert' });
  const list = h('ul', { class: 'game-list lobby' }, h('li', { text: 'Loading…' }));
  const tabs = /** @type {const} */ (['open', 'active', 'finished']).map((name) =>
    h('button', { type: 'button', class: name === status ? 'tab current' : 'tab', 'aria-pressed': name === status ? 'true' : 'false', onclick: () => showLobby(name), text: { open: 'Open seats', active: 'Playing', finished: 'Finished' }[name] }),
  );
  replace(main, h('section', { class: 'lobby-screen' }, h('h1', { text: 'Lobby' }), h('div', { class: 'tabs', role: 'group', 'aria-label': 'Tables by status' }, tabs), problem, list));
  try {
    const lobby = await api.lobby(status);
    const entries = lobby.games.map((entry) => {
      const bots = entry.seats.filter((seat) => seat.kind === 'bot').length;
      const text = `${entry.preset} · ${entry.seats.length} seats${bots ? `, ${bots} bots` : ''} · ${new Date(entry.created_at).toLocaleString()}`;
      const actions = entry.open_seats.map((seat) =>
        h('button', {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            try {
              const claimed = await api.claimSeat(entry.game_id, seat);
              keepSeats(claimed.game_id, { [String(claimed.seat)]: claimed.token }, `${entry.preset}, ${entry.seats.length} seats`);
              location.hash = `#/game/${claimed.game_id}`;
            } catch (error) {
              problem.textContent = problemText(error);
            }
          },
          text: `Sit at seat ${seat + 1}`,
        }),
      );
      const open = entry.status === 'finished' ? `#/replay/${entry.game_id}` : `#/game/${entry.game_id}`;
      return h('li', {}, h('span', { text }), h('span', { class: 'actions' }, actions, h('a', { href: open, class: 'button', text: entry.status === 'finished' ? 'Replay' : 'Watch' })));
    });
    replace(list, entries.length ? entries : h('li', { text: 'No tables here yet.' }));
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

// ------------------------------------------------------------ create

async function showCreateForm() {
  replace(main, h('p', { class: 'loading', text: 'Loading the rules…' }));
  let rulesets;
  try {
    rulesets = await loadRulesets();
  } catch (error) {
    replace(main, h('p', { class: 'problem', role: 'alert', text: problemText(error) }));
    return;
  }
  const problem = h('p', { class: 'problem', role: 'alert' });
  const presetSelect = /** @type {HTMLSelectElement} */ (h('select', { id: 'new-preset' }, PRESETS.map((name) => h('option', { value: name, text: `${name} — ${PRESET_ABOUT[name]}` }))));
  const seatCount = /** @type {HTMLSelectElement} */ (h('select', { id: 'new-seats' }));
  const seatRows = h('div', { class: 'seat-rows' });
  const knobs = h('div', { class: 'knobs' });
  const limit = /** @type {HTMLInputElement} */ (h('input', { id: 'new-limit', type: 'number', min: 5, max: 86400, placeholder: 'none' }));
  /** @type {Map<keyof RuleSet, () => unknown>} */
  const readers = new Map();

  const preset = () => /** @type {Preset} */ (presetSelect.value);
  const values = () => rulesets.presets[preset()] ?? rulesets.defaults;

  function drawSeats() {
    const allowed = values().players ?? [2, 3, 4];
    const before = Number(seatCount.value) || allowed[0];
    replace(seatCount, allowed.map((count) => h('option', { value: count, selected: count === before, text: String(count) })));
    if (!allowed.includes(before)) seatCount.value = String(allowed[0]);
    const rows = [];
    for (let seat = 0; seat < Number(seatCount.value); seat += 1) {
      const options = seat === 0 ? [['you', 'You']] : [['bot:2', 'Bot'], ['friend', 'Friend on this screen'], ['open', 'Open seat (someone joins from the lobby)']];
      rows.push(
        h(
          'div',
          { class: 'seat-row' },
          h('label', { for: `new-seat-${seat}`, text: `Seat ${seat + 1}` }),
          h('select', { id: `new-seat-${seat}`, 'data-seat-kind': seat }, options.map(([value, label]) => h('option', { value, text: label }))),
          seat === 0 ? null : h('select', { 'aria-label': `Seat ${seat + 1} bot level`, 'data-seat-level': seat }, LEVELS.map(([value, label]) => h('option', { value, selected: value === 2, text: label }))),
        ),
      );
    }
    replace(seatRows, rows);
  }

  function drawKnobs() {
    readers.clear();
    const current = values();
    const fields = knobNames().map((name) => {
      const knob = KNOBS[name];
      const value = current[name];
      const id = `knob-${name}`;
      /** @type {HTMLElement} */
      let input;
      if (knob.options) {
        input = h('select', { id }, knob.options.map((option) => h('option', { value: option, selected: option === value, text: `${sayValue(name, /** @type {never} */ (option))}` })));
        readers.set(name, () => /** @type {HTMLSelectElement} */ (input).value);
      } else if (typeof value === 'boolean') {
        input = h('input', { id, type: 'checkbox', checked: value });
        readers.set(name, () => /** @type {HTMLInputElement} */ (input).checked);
      } else if (typeof value === 'number') {
        input = h('input', { id, type: 'number', min: 0, value });
        readers.set(name, () => Number(/** @type {HTMLInputElement} */ (input).value));
      } else if (typeof value === 'string') {
        input = h('input', { id, type: 'text', value });
        readers.set(name, () => /** @type {HTMLInputElement} */ (input).value.trim());
      } else {
        input = h('output', { id, text: sayValue(name, value) });
      }
      return h('div', { class: 'knob' }, h('label', { for: id, text: knob.label }), input, h('p', { class: 'explain', text: knob.explain }));
    });
    replace(knobs, fields);
  }

  presetSelect.addEventListener('change', () => {
    drawSeats();
    drawKnobs();
  });
  seatCount.addEventListener('change', drawSeats);
  drawSeats();
  drawKnobs();

  /** @param {SubmitEvent} event */
  async function submit(event) {
    event.preventDefault();
    const current = values();
    /** @type {Record<string, unknown>} */
    const rules = {};
    for (const [name, read] of readers) {
      const value = read();
      if (value !== current[name]) rules[name] = value;
    }
    /** @type {SeatSpec[]} */
    const seats = [];
    for (let seat = 0; seat < Number(seatCount.value); seat += 1) {
      const kind = /** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-kind="${seat}"]`))?.value ?? 'you';
      const level = Number(/** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-level="${seat}"]`))?.value ?? 2);
      if (kind === 'bot:2') seats.push({ kind: 'bot', level });
      else if (kind === 'open') seats.push({ kind: 'human', open: true });
      else seats.push({ kind: 'human' });
    }
    /** @type {import('./api.js').CreateGame} */
    const body = { preset: preset(), seats, rules };
    if (limit.value) body.turn_time_limit_s = Number(limit.value);
    await startGame(body, problem);
  }

  replace(
    main,
    h(
      'form',
      { class: 'create', onsubmit: submit },
      h('h1', { text: 'A new table' }),
      h('div', { class: 'form-grid' }, h('label', { for: 'new-preset', text: 'Rules to start from' }), presetSelect, h('label', { for: 'new-seats', text: 'Seats' }), seatCount, h('label', { for: 'new-limit', text: 'Seconds a turn (empty: no limit)' }), limit),
      seatRows,
      h('h2', { text: 'Every rule' }),
      h('p', { class: 'explain', text: 'Each starts at the chosen rules’ value; change any of them.' }),
      knobs,
      problem,
      h('button', { type: 'submit', class: 'primary', text: 'Create the table' }),
    ),
  );
}

window.addEventListener('hashchange', route);
route();
