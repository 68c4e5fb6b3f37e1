// The home screen: Play now against bots (or friends on this screen), a private table's
// code, and the player's own tables.

import * as players from './players-api.js';
import { fillCounts, isPreset, levelSelect, loadRulesets, PRESET_ABOUT } from './choices.js';
import { h, replace } from './dom.js';
import { nameQuestion } from './name-ask.js';
import { PRESETS } from './rules.js';
import { heldGames, heldPlayer, preference, setPreference } from './session.js';
import { joinByCode, startGame } from './sitting.js';

/** @typedef {import('./api.js').SeatSpec} SeatSpec */
/** @typedef {import('./choices.js').Preset} Preset */

/**
 * @param {HTMLElement} main
 * @returns {HTMLElement} where a refused table code is explained
 */
export function showHome(main) {
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
  // What Play now starts, in one line under it: the options are folded away.
  const playSummary = h('p', { class: 'play-summary', id: 'play-summary', 'data-testid': 'play-summary' });
  const sayPlay = () => {
    const count = Number(opponents.value);
    if (friend.checked) {
      playSummary.textContent = `${presetSelect.value} rules, you and ${count === 1 ? 'a friend' : `${count} friends`} on this screen`;
      return;
    }
    const levels = [...seatLevels.querySelectorAll('select')].map((select) => /** @type {HTMLSelectElement} */ (select).value);
    const same = levels.every((chosen) => chosen === levels[0]);
    const bots = count === 1 ? 'one bot' : `${count} bots`;
    const levelWords = same ? `level ${levels[0] ?? level.value}` : `levels ${levels.slice(0, -1).join(', ')} and ${levels.at(-1)}`;
    playSummary.textContent = `${presetSelect.value} rules, against ${bots} at ${levelWords}`;
  };
  /** @type {import('./api.js').Rulesets | null} the seat counts each preset allows, once loaded */
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
    sayPlay();
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
    sayPlay();
  };
  seatLevels.addEventListener('change', sayPlay);
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
    for (let seat = 1; seat <= others; seat += 1) {
      const own = /** @type {HTMLSelectElement | null} */ (seatLevels.querySelector(`#play-level-${seat}`));
      // A friend's seat is this player's too (hot seat): taken with the table, never open.
      seats.push(friend.checked ? { kind: 'human' } : { kind: 'bot', level: Number(own?.value ?? level.value) });
    }
    await startGame({ preset: chosen, seats }, problem, friend.checked);
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
      h('button', { type: 'button', class: 'play-now primary', 'data-testid': 'play', 'aria-describedby': 'play-summary', onclick: play, text: 'Play now' }),
      playSummary,
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
      const games = await players.myGames(player.token);
      items = games.games.map((game) => {
        const state = game.expired ? 'expired: nobody joined' : game.status === 'waiting' ? 'waiting for players' : game.status === 'finished' ? 'finished' : game.your_turn ? 'your turn' : 'playing';
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
