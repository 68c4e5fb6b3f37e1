// A new table, knob by knob: the rules to start from, each seat (you, a bot, a friend on
// this screen, open), a turn's time limit, privacy, and every rule.

import { fillCounts, levelSelect, loadRulesets, PRESET_ABOUT } from './choices.js';
import { h, replace } from './dom.js';
import { problemText } from './render.js';
import { KNOBS, knobNames, PRESETS, sayValue } from './rules.js';
import { startGame } from './sitting.js';

/** @typedef {import('./api.js').RuleSet} RuleSet */
/** @typedef {import('./api.js').SeatSpec} SeatSpec */
/** @typedef {import('./choices.js').Preset} Preset */

/** @param {HTMLElement} main */
export async function showCreateForm(main) {
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
    let friends = false;
    for (let seat = 0; seat < Number(seatCount.value); seat += 1) {
      const kind = /** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-kind="${seat}"]`))?.value ?? 'you';
      const level = Number(/** @type {HTMLSelectElement | null} */ (seatRows.querySelector(`[data-seat-level="${seat}"]`))?.value ?? 2);
      if (kind === 'bot:2') seats.push({ kind: 'bot', level });
      else if (kind === 'open') seats.push({ kind: 'human', open: true });
      // A friend's seat is this player's too (hot seat): taken with the table, never open.
      else if (kind === 'friend') (seats.push({ kind: 'human' }), (friends = true));
      else seats.push({ kind: 'human' });
    }
    if (friends && seats.some((seat) => seat.open)) {
      // A hot-seat table's seats are its host's alone: nobody could take the open one.
      problem.textContent = 'Friends on this screen and open seats do not mix: a table with friends on this screen seats nobody from the lobby. Make the open seats bots or friends.';
      return;
    }
    /** @type {import('./api.js').CreateGame} */
    const body = { preset: preset(), seats, rules };
    if (limit.value) body.turn_time_limit_s = Number(limit.value);
    if (privateTable.checked) body.private = true;
    await startGame(body, problem, friends);
  }

  // Every rule, folded: the form's first screen is the table and its seats, then Create.
  const options = h(
    'details',
    { class: 'table-options' },
    h('summary', { text: 'Table options: every rule' }),
    h('p', { class: 'explain', text: 'Each starts at the chosen rules’ value; change any of them.' }),
    knobs,
  );
  // A rule the browser finds out of bounds opens the fold, so the field can show why.
  options.addEventListener('invalid', () => options.setAttribute('open', ''), true);
  replace(
    main,
    h(
      'form',
      { class: 'create', onsubmit: submit },
      h('h1', { text: 'A new table' }),
      h('div', { class: 'form-grid' }, h('label', { for: 'new-preset', text: 'Rules to start from' }), presetSelect, h('label', { for: 'new-seats', text: 'Seats' }), seatCount, h('label', { for: 'new-limit', text: 'Seconds a turn (empty: no limit)' }), limit, h('label', { for: 'new-private', text: 'Private: not in the lobby, joined by its code' }), privateTable),
      seatRows,
      options,
      problem,
      h('button', { type: 'submit', class: 'primary', text: 'Create the table' }),
    ),
  );
}
