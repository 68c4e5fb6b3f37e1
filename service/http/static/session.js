// What this browser holds: the seat tokens of its games, kept across reloads.
// A player token (POST /players) takes the place of the per-seat tokens here.

const KEY = 'rummy.games';

/** @typedef {{tokens: Record<string, string>, label: string, saved_at: string}} HeldGame */

/** @returns {Record<string, HeldGame>} */
function load() {
  try {
    const held = JSON.parse(localStorage.getItem(KEY) || '{}');
    return held && typeof held === 'object' ? held : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, HeldGame>} held */
function store(held) {
  localStorage.setItem(KEY, JSON.stringify(held));
}

/**
 * Keeps the tokens of seats this browser plays (added to those it already holds).
 * @param {string} gameId
 * @param {Record<string, string>} tokens seat number → token
 * @param {string} label
 */
export function keepSeats(gameId, tokens, label) {
  const held = load();
  const before = held[gameId];
  held[gameId] = {
    tokens: { ...(before?.tokens ?? {}), ...tokens },
    label: before?.label ?? label,
    saved_at: new Date().toISOString(),
  };
  store(held);
}

/**
 * The seats this browser holds in a game, lowest first.
 * @param {string} gameId
 * @returns {{seat: number, token: string}[]}
 */
export function seatsHeld(gameId) {
  const tokens = load()[gameId]?.tokens ?? {};
  return Object.entries(tokens)
    .map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
}

/** @returns {{gameId: string, label: string, savedAt: string}[]} newest first */
export function heldGames() {
  return Object.entries(load())
    .map(([gameId, game]) => ({ gameId, label: game.label, savedAt: game.saved_at }))
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** @param {string} gameId */
export function forget(gameId) {
  const held = load();
  delete held[gameId];
  store(held);
}

/**
 * A small preference kept in this browser.
 * @param {string} name
 * @param {string} fallback
 */
export function preference(name, fallback) {
  return localStorage.getItem(`rummy.${name}`) ?? fallback;
}

/**
 * @param {string} name
 * @param {string} value
 */
export function setPreference(name, value) {
  localStorage.setItem(`rummy.${name}`, value);
}
