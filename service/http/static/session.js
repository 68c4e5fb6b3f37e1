// What this browser holds, kept across reloads: its player (a guest made on first use,
// whose token acts for every seat it holds) and notes on its tables. Seat tokens of
// sessions from before players are still honoured.

import * as api from './api.js';
import * as players from './players-api.js';

const KEY = 'rummy.games';
const PLAYER_KEY = 'rummy.player';

/**
 * @typedef {object} HeldGame
 * @property {Record<string, string>} [tokens] seat tokens (old sessions, before players)
 * @property {string} label
 * @property {string} saved_at
 * @property {boolean} [host] this player made the table
 * @property {string} [invite] a private table's code
 * @property {number[]} [seats] the seats this player holds (several on one screen)
 */

/** @typedef {{player_id: string, name: string, token: string}} HeldPlayer */

/** @returns {HeldPlayer | null} */
export function heldPlayer() {
  try {
    const held = JSON.parse(localStorage.getItem(PLAYER_KEY) || 'null');
    return held && typeof held.token === 'string' ? held : null;
  } catch {
    return null;
  }
}

/** @type {Promise<HeldPlayer> | null} */
let checked = null;

/**
 * This browser's player: the one it holds (checked once a page load), or a new guest,
 * made silently, when it holds none or the server no longer knows it.
 * @returns {Promise<HeldPlayer>}
 */
export function ensurePlayer() {
  checked ??= (async () => {
    const held = heldPlayer();
    if (held) {
      try {
        const known = await players.me(held.token);
        return { ...held, name: known.name };
      } catch (error) {
        if (!(error instanceof api.ProblemError) || error.status !== 401) throw error;
      }
    }
    const created = await players.createGuest();
    /** @type {HeldPlayer} */
    const player = { player_id: created.player_id, name: created.name, token: created.token };
    localStorage.setItem(PLAYER_KEY, JSON.stringify(player));
    return player;
  })();
  checked.catch(() => (checked = null));
  return checked;
}

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
 * Notes on a table this browser plays (merged into what it already knows of it).
 * @param {string} gameId
 * @param {string} label
 * @param {{host?: boolean, invite?: string | null, seats?: number[]}} [facts]
 */
export function keepGame(gameId, label, facts = {}) {
  const held = load();
  const before = held[gameId];
  /** @type {HeldGame} */
  const kept = { ...before, label: before?.label ?? label, saved_at: new Date().toISOString() };
  if (facts.host) kept.host = true;
  if (facts.invite) kept.invite = facts.invite;
  if (facts.seats) kept.seats = [...new Set([...(before?.seats ?? []), ...facts.seats])].sort((a, b) => a - b);
  held[gameId] = kept;
  store(held);
}

/**
 * What this browser knows of a table.
 * @param {string} gameId
 * @returns {HeldGame | null}
 */
export const gameNotes = (gameId) => load()[gameId] ?? null;

/**
 * The seat tokens an old session (before players) holds in a game, lowest first.
 * @param {string} gameId
 * @returns {{seat: number, token: string}[]}
 */
export function seatsHeld(gameId) {
  const tokens = load()[gameId]?.tokens ?? {};
  return Object.entries(tokens)
    .map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
}

/**
 * The token to act in a game with: an old session's seat token (the one of `seat`,
 * if held), else this browser's player token; null for neither.
 * @param {string} gameId
 * @param {number | null} [seat]
 */
export function gameToken(gameId, seat = null) {
  const legacy = seatsHeld(gameId);
  if (legacy.length) return (legacy.find((entry) => entry.seat === seat) ?? legacy[0]).token;
  return heldPlayer()?.token ?? null;
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

/**
 * Keeps the player's new name with their token, as the server now has it.
 * @param {string} name
 */
export function keepPlayerName(name) {
  const held = heldPlayer();
  if (held) localStorage.setItem(PLAYER_KEY, JSON.stringify({ ...held, name }));
  checked = null;
}
