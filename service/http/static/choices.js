// What the forms offer: the presets in a sentence, the bot levels, the seat counts the
// rules allow, and the rules themselves (loaded once).

import * as api from './api.js';
import { h, replace } from './dom.js';
import { PRESETS } from './rules.js';

/** @typedef {NonNullable<import('./api.js').CreateGame['preset']>} Preset */

/** @type {Record<Preset, string>} */
export const PRESET_ABOUT = {
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
export const levelSelect = (chosen, attributes = {}) => /** @type {HTMLSelectElement} */ (h('select', attributes, LEVELS.map(([value, label]) => h('option', { value, selected: value === chosen, text: label }))));

/**
 * Fills a select with the counts allowed, keeping the choice made before while it is one of them.
 * @param {HTMLSelectElement} select
 * @param {number[]} counts
 * @param {number} before
 */
export function fillCounts(select, counts, before) {
  replace(select, counts.map((count) => h('option', { value: count, selected: count === before, text: String(count) })));
  if (!counts.includes(before)) select.value = String(counts[0]);
}

/** @type {Promise<api.Rulesets> | null} */
let rulesetsLoaded = null;
export const loadRulesets = () => (rulesetsLoaded ??= api.rulesets());

/** @param {unknown} value @returns {value is Preset} */
export const isPreset = (value) => PRESETS.includes(/** @type {Preset} */ (value));
