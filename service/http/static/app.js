// The page's entry: routes (`#/`, `#/lobby`, `#/new`, `#/game/ID`, `#/replay/ID`, `#/join/ID/CODE`,
// `#/leaderboard/LADDER`) and the screens before a table.

import * as api from './api.js';
import { h, replace } from './dom.js';
import { canCount, showLeaderboard } from './league.js';
import { plural, problemText } from './render.js';
import { nameQuestion } from './name-ask.js';
import { mountReplay } from './replay.js';
import { KNOBS, knobNames, PRESETS, sayValue } from './rules.js';
import { ensurePlayer, heldGames, heldPlayer, keepGame, preference, setPreference } from './session.js';
import { mountTable } from './table.js';

/** @typedef {import('./api.js').RuleSet} RuleSet */
/** @typedef {import('./api.js').SeatSpec} SeatSpec */
/** @typedef {NonNullable<import('./api.js').CreateGame['preset']>} Preset */

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

/**
 * A bot's level, `chosen` selected.
 * @param {number} chosen
 * @param {Record<string, unknown>} [attributes]
 */
const levelSelect = (chosen, attributes = {}) => /** @type {HTMLSelectElement} */ (h('select', attributes, LEVELS.map(([value, label]) => h('option', { value, selected: value === chosen, text: label }))));

/**
 * Fills a select with the counts allowed, keeping the choice made before while it is one of them.
 * @param {HTMLSelectElement} select
 * @param {number[]} counts
 * @param {number} before
 */
function fillCounts(select, counts, before) {
  replace(select, counts.map((count) => h('option', { value: count, selected: count === before, text: String(count) })));
  if (!counts.includes(before)) select.value = String(counts[0]);
}

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
  else if (screen === 'join' && id) joinByCode(`${id}:${location.hash.split('/')[3] ?? ''}`, showHome());
  else if (screen === 'lobby') showLobby();
  else if (screen === 'new') showCreateForm();
  else if (screen === 'leaderboard') showLeaderboard(main, decodeURIComponent(id || 'basic'));
  else showHome();
}

/**
 * Creates a table as this browser's player (a guest made on first use), who hosts it,
 * sits at its first seat and, for friends on this screen, claims their seats too.
 * @param {import('./api.js').CreateGame} body
 * @param {HTMLElement} problem where a refusal is shown
 * @param {number[]} [friendSeats] seats created open for friends on this screen
 */
async function startGame(body, problem, friendSeats = []) {
  problem.textContent = '';
  try {
    const player = await ensurePlayer();
    const created = await api.createGame(friendSeats.length ? { ...body, hot_seat: true } : body, player.token);
    const label = `${body.preset ?? 'basic'}, ${body.seats.length} seats${body.private ? ', private' : ''}`;
    const mine = body.seats.findIndex((seat) => seat.kind === 'human' && !seat.open);
    keepGame(created.game_id, label, { host: true, invite: created.invite_code, seats: [mine] });
    // The last claim deals the first hand.
    for (const seat of friendSeats) {
      await api.claimSeat(created.game_id, seat, player.token, created.invite_code);
      keepGame(created.game_id, label, { seats: [seat] });
    }
    location.hash = `#/game/${created.game_id}`;
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

/**
 * Sits this browser's player at an open seat (the first, unless `seat` is given) and opens the table.
 * @param {string} gameId
 * @param {number | null} seat
 * @param {string} label
 * @param {string | null} invite a private table's code
 * @param {HTMLElement} problem
 */
async function sitAt(gameId, seat, label, invite, problem) {
  problem.textContent = '';
  try {
    const player = await ensurePlayer();
    let chosen = seat;
    if (chosen === null) {
      const table = await api.summary(gameId, null, invite);
      chosen = table.seats.find((entry) => entry.kind === 'human' && entry.open && !entry.claimed)?.seat ?? null;
      label = `${table.preset}, ${table.seats.length} seats${table.private ? ', private' : ''}`;
      if (chosen === null) {
        // Every seat is taken (or held by this player already): the code still opens the table.
        keepGame(gameId, label, { invite });
        location.hash = `#/game/${gameId}`;
        return;
      }
    }
    const claimed = await api.claimSeat(gameId, chosen, player.token, invite);
    keepGame(claimed.game_id, label, { invite, seats: [claimed.seat] });
    location.hash = `#/game/${claimed.game_id}`;
  } catch (error) {
    problem.textContent = problemText(error);
  }
}

/**
 * A table code is `GAME:CODE` as the table shows it, or its invite link.
 * @param {string} text
 * @returns {{gameId: string, invite: string} | null}
 */
function parseTableCode(text) {
  const found = text.trim().match(/([0-9a-f]{32})(?::|\/)([A-Za-z0-9_-]+)\s*$/);
  return found ? { gameId: found[1], invite: found[2] } : null;
}

/**
 * @param {string} text
 * @param {HTMLElement} problem
 */
async function joinByCode(text, problem) {
  const code = parseTableCode(text);
  if (!code) {
    problem.textContent = 'That is not a table code: it looks like 0f3a…:Xy7_ab12, as the table shows it.';
    return;
  }
  await sitAt(code.gameId, null, 'private table', code.invite, problem);
}

// ------------------------------------------------------------ home

/** @returns {HTMLElement} where a refused table code is explained */
function showHome() {
  const preset = isPreset(preference('preset', 'basic')) ? /** @type {Preset} */ (preference('preset', 'basic')) : 'basic';
  const problem = h('p', { class: 'problem', role: 'alert' });
  const presetSelect = /** @type {HTMLSelectElement} */ (
    h('select', { id: 'play-preset' }, PRESETS.map((name) => h('option', { value: name, selected: name === preset, text: name })))
  );
  const opponents = /** @type {HTMLSelectElement} */ (h('select', { id: 'play-opponents' }));
  // One level for every bot, or each its own below it.
  const level = levelSelect(Number(preference('level', '2')), { id: 'play-level' });
  const levelLabel = h('label', { for: 'play-level', text: 'Bot level (all)' });
  const seatLevels = h('div', { class: 'seat-levels', role: 'group', 'aria-label': 'Each bot\u2019s level' });
  const seatLevelsLabel = h('span', { class: 'explain', text: 'Each bot' });
  const friend = /** @type {HTMLInputElement} */ (h('input', { id: 'play-friend', type: 'checkbox' }));
  const about = h('p', { class: 'about', text: PRESET_ABOUT[preset] });
  /** @type {api.Rulesets | null} the seat counts each preset allows, once loaded */
  let rulesets = null;
  const drawOpponents = () => {
    const counts = rulesets?.presets[presetSelect.value]?.players ?? [2, 3, 4];
    fillCounts(opponents, counts.map((seats) => seats - 1), Number(opponents.value || preference('opponents', '1')));
    drawSeatLevels();
  };
  const drawSeatLevels = () => {
    showBotLevels();
    const count = Number(opponents.value);
    replace(
      seatLevels,
      Array.from({ length: count }, (_, index) =>
        h('label', { class: 'seat-level' }, h('span', { text: `Bot ${index + 1}` }), levelSelect(Number(level.value), { id: `play-level-${index + 1}` })),
      ),
    );
  };
  presetSelect.addEventListener('change', () => {
    about.textContent = PRESET_ABOUT[/** @type {Preset} */ (presetSelect.value)];
    drawOpponents();
  });
  opponents.addEventListener('change', drawSeatLevels);
  level.addEventListener('change', drawSeatLevels);
  // Friends sit instead of bots: no bot level is asked for (each label goes with its control).
  const showBotLevels = () => {
    for (const part of [levelLabel, level, seatLevelsLabel, seatLevels]) part.hidden = friend.checked;
  };
  friend.addEventListener('change', showBotLevels);
  drawOpponents();
  loadRulesets()
    .then((loaded) => {
      rulesets = loaded;
      drawOpponents();
    })
    .catch(() => {});

  const play = async () => {
    const chosen = /** @type {Preset} */ (presetSelect.value);
    const others = Number(opponents.value);
    setPreference('preset', chosen);
    setPreference('opponents', String(others));
    setPreference('level', level.value);
    /** @type {SeatSpec[]} */
    const seats = [{ kind: 'human' }];
    const friends = [];
    for (let seat = 1; seat <= others; seat += 1) {
      if (friend.checked) friends.push(seat);
      const own = /** @type {HTMLSelectElement | null} */ (seatLevels.querySelector(`#play-level-${seat}`));
      seats.push(friend.checked ? { kind: 'human', open: true } : { kind: 'bot', level: Number(own?.value ?? level.value) });
    }
    await startGame({ preset: chosen, seats }, problem, friends);
  };

  const codeProblem = h('p', { class: 'problem', role: 'alert' });
  const codeInput = /** @type {HTMLInputElement} */ (h('input', { id: 'join-code', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'table code or invite link' }));
  /** @param {SubmitEvent} event */
  const join = (event) => {
    event.preventDefault();
    joinByCode(codeInput.value, codeProblem);
  };
  const yours = h('section', { class: 'held', hidden: true }, h('h2', { text: 'Your tables' }));
  showYourTables(yours);
  replace(
    main,
    h(
      'section',
      { class: 'home' },
      h('h1', { text: 'Rummy, right here' }),
      h('p', { class: 'lead', text: 'Play the computer at four levels, or a friend on this screen. No download, no sign-up.' }),
      nameQuestion(),
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
          levelLabel,
          level,
          seatLevelsLabel,
          seatLevels,
          h('label', { for: 'play-friend', text: 'Friends on this screen instead of bots' }),
          friend,
        ),
        about,
        h('p', {}, h('a', { href: '#/new', text: 'Every rule, knob by knob…' })),
      ),
      h(
        'form',
        { class: 'join-code', onsubmit: join },
        h('label', { for: 'join-code', text: 'Invited to a private table? Its code:' }),
        h('span', { class: 'inline' }, codeInput, h('button', { type: 'submit', 'data-testid': 'join-by-code', text: 'Join' })),
        codeProblem,
      ),
      yours,
      h('p', {}, h('a', { href: '#/lobby', text: 'Find a table in the lobby →' })),
    ),
  );
  return codeProblem;
}

/**
 * The player's recent tables (from the server), else those an old session kept.
 * @param {HTMLElement} section
 */
async function showYourTables(section) {
  const player = heldPlayer();
  /** @type {HTMLElement[]} */
  let items = [];
  try {
    if (player) {
      const games = await api.myGames(player.token);
      items = games.games.map((game) => {
        const state = game.status === 'waiting' ? 'waiting for players' : game.status === 'finished' ? 'finished' : game.your_turn ? 'your turn' : 'playing';
        return h('li', {}, h('a', { href: `#/game/${game.game_id}`, text: `${game.preset}, ${game.names.length} seats — ${state} · ${new Date(game.created_at).toLocaleString()}` }));
      });
    }
  } catch {
    // The list is a convenience: without it the page still plays.
  }
  if (!items.length) items = heldGames().slice(0, 6).map((game) => h('li', {}, h('a', { href: `#/game/${game.gameId}`, text: `${game.label} — ${new Date(game.savedAt).toLocaleString()}` })));
  if (!items.length) return;
  section.append(h('ul', { class: 'game-list' }, items));
  section.hidden = false;
}

// ------------------------------------------------------------ lobby

/** @typedef {{status: 'waiting' | 'active' | 'finished', preset: string, seats: string, openSeats: boolean}} LobbyChoice */

/** @param {LobbyChoice} [choice] */
async function showLobby(choice = { status: 'waiting', preset: '', seats: '', openSeats: true }) {
  const problem = h('p', { class: 'problem', role: 'alert' });
  const list = h('ul', { class: 'game-list lobby', 'data-testid': 'lobby' }, h('li', { text: 'Loading…' }));
  /** @param {Partial<LobbyChoice>} change */
  const again = (change) => showLobby({ ...choice, ...change });
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
  const privateTable = /** @type {HTMLInputElement} */ (h('input', { id: 'new-private', type: 'checkbox' }));
  /** @type {Map<keyof RuleSet, () => unknown>} */
  const readers = new Map();

  const preset = () => /** @type {Preset} */ (presetSelect.value);
  const values = () => rulesets.presets[preset()] ?? rulesets.defaults;

  function drawSeats() {
    const allowed = values().players ?? [2, 3, 4];
    fillCounts(seatCount, allowed, Number(seatCount.value) || allowed[0]);
    const rows = [];
    for (let seat = 0; seat < Number(seatCount.value); seat += 1) {
      const options = seat === 0 ? [['you', 'You']] : [['bot:2', 'Bot'], ['friend', 'Friend on this screen'], ['open', 'Open seat (someone joins from the lobby)']];
      const kind = /** @type {HTMLSelectElement} */ (h('select', { id: `new-seat-${seat}`, 'data-seat-kind': seat }, options.map(([value, label]) => h('option', { value, text: label }))));
      // A level only means something for a bot's seat.
      const level = seat === 0 ? null : levelSelect(2, { 'aria-label': `Seat ${seat + 1} bot level`, 'data-seat-level': seat });
      kind.addEventListener('change', () => level && (level.hidden = kind.value !== 'bot:2'));
      rows.push(
        h(
          'div',
          { class: 'seat-row' },
          h('label', { for: `new-seat-${seat}`, text: `Seat ${seat + 1}` }),
          kind,
          level,
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
    /** @type {number[]} */
    const friends = [];
    for (let seat = 0; seat < Number(seatCount.value); seat += 1) {
      const kind = /** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-kind="${seat}"]`))?.value ?? 'you';
      const level = Number(/** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-level="${seat}"]`))?.value ?? 2);
      if (kind === 'bot:2') seats.push({ kind: 'bot', level });
      else if (kind === 'open') seats.push({ kind: 'human', open: true });
      // A friend's seat is created open and claimed at once by this player (hot seat).
      else if (kind === 'friend') (seats.push({ kind: 'human', open: true }), friends.push(seat));
      else seats.push({ kind: 'human' });
    }
    /** @type {import('./api.js').CreateGame} */
    const body = { preset: preset(), seats, rules };
    if (limit.value) body.turn_time_limit_s = Number(limit.value);
    if (privateTable.checked) body.private = true;
    await startGame(body, problem, friends);
  }

  replace(
    main,
    h(
      'form',
      { class: 'create', onsubmit: submit },
      h('h1', { text: 'A new table' }),
      h('div', { class: 'form-grid' }, h('label', { for: 'new-preset', text: 'Rules to start from' }), presetSelect, h('label', { for: 'new-seats', text: 'Seats' }), seatCount, h('label', { for: 'new-limit', text: 'Seconds a turn (empty: no limit)' }), limit, h('label', { for: 'new-private', text: 'Private: not in the lobby, joined by its code' }), privateTable),
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
