// The league as the page shows it: a finished game's rating changes, and the leaderboards.

import * as api from './api.js';
import { pause } from './follow.js';
import * as players from './players-api.js';
import { h, replace } from './dom.js';
import { problemText, scoresTable } from './render.js';
import { PRESETS } from './rules.js';

/** @typedef {import('./api.js').GameRatings} GameRatings */

/** Why a game did not count, in plain words (the contract's `reason` codes). */
/** @type {Record<string, string>} */
const NOT_COUNTED = {
  unrated: 'A training table: its results do not count for the league.',
  stacked: 'Dealt from a chosen deck or seed: not rated.',
  too_few_humans: 'Not rated: no player the league knows sat with you (a seat joined without an account is nobody to it). Experience counts all the same.',
  two_seats_one_player: 'One player held several seats (friends on one screen): not rated.',
  fresh_accounts: 'Not rated: your only human opponents were accounts made within the hour (games against bots count).',
  abandoned: 'The game was abandoned: not rated.',
  bot_only: 'Only bots played: not rated.',
};
/**
 * Whether a table can count for the league, so the lobby tags only those "rated": a rated,
 * unstacked table with a person at it (one person against bots counts; bots alone do not).
 * @param {{rated?: boolean, stacked?: boolean, seats: {kind: string}[]}} table
 */
export const canCount = (table) => Boolean(table.rated) && !table.stacked && table.seats.some((seat) => seat.kind === 'human');

// The worker applies a game's result a moment after its end: asked again meanwhile.
const PENDING_RETRY_MS = 1500;
const PENDING_TRIES = 20;

/** @param {number} value */
const signed = (value) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(2)}`;

/**
 * The league's word on a finished game: each seat's place, rating change and experience,
 * or why it did not count. Fills itself in once the worker has applied the game.
 * @param {string} gameId
 * @param {string | null} token
 * @param {string | null} invite
 * @param {(seat: number) => string} seatName
 * @param {AbortSignal} signal the table's: once it is left, the league is asked no more
 * @returns {HTMLElement}
 */
export function leagueResult(gameId, token, invite, seatName, signal) {
  const box = h('section', { class: 'league-result', 'data-testid': 'league-result', 'aria-live': 'polite' }, h('p', { class: 'explain', text: 'The league is counting this game…' }));
  (async () => {
    for (let tries = 0; tries < PENDING_TRIES; tries += 1) {
      if (signal.aborted) return;
      try {
        const ratings = await players.gameRatings(gameId, token, invite, signal);
        if (!signal.aborted) replace(box, ratingsView(ratings, seatName));
        return;
      } catch (error) {
        if (signal.aborted) return;
        if (!(error instanceof api.ProblemError) || error.code !== 'league_result_pending') {
          replace(box, h('p', { class: 'explain', text: `League: ${problemText(error)}` }));
          return;
        }
      }
      await pause(PENDING_RETRY_MS, signal);
    }
    if (signal.aborted) return;
    replace(box, h('p', { class: 'explain', text: 'The league has not counted this game yet: its page will show it later.' }));
  })();
  return box;
}

/**
 * @param {GameRatings} ratings
 * @param {(seat: number) => string} seatName
 */
function ratingsView(ratings, seatName) {
  const counted = ratings.counted;
  const head = counted
    ? `League: ${ratings.ladder}${ratings.weight < 1 ? ` (counted at ${Math.round(ratings.weight * 100)}%: the same players' many games today)` : ''}`
    : (NOT_COUNTED[ratings.reason] ?? `Not rated (${ratings.reason}).`);
  const rows = ratings.seats.map((seat) =>
    h(
      'tr',
      { 'data-seat': seat.seat },
      h('th', { scope: 'row', text: seatName(seat.seat) }),
      h('td', { text: String(seat.place) }),
      counted ? h('td', { class: 'rating', text: `${seat.rating_after.toFixed(2)} (${signed(seat.rating_change)})` }) : null,
      h('td', { text: seat.kind === 'bot' ? '—' : `+${seat.experience}` }),
    ),
  );
  const columns = counted ? ['Seat', 'Place', 'Rating', 'Experience'] : ['Seat', 'Place', 'Experience'];
  return [
    h('h3', { text: head }),
    rows.length ? scoresTable(columns, rows) : null,
    counted ? h('p', {}, h('a', { href: `#/leaderboard/${encodeURIComponent(ratings.ladder)}`, text: 'The leaderboard →' })) : null,
  ];
}

const PAGE = 20;

/**
 * A ladder's leaderboard, a page at a time; bots stand on it by level.
 * @param {HTMLElement} root
 * @param {string} ladder
 * @param {number} [offset]
 */
export async function showLeaderboard(root, ladder, offset = 0) {
  const tabs = PRESETS.map((name) =>
    h('a', { href: `#/leaderboard/${name}`, class: `button tab${name === ladder ? ' current' : ''}`, 'aria-current': name === ladder ? 'page' : undefined, text: name }),
  );
  const body = h('div', {}, h('p', { class: 'loading', text: 'Loading…' }));
  replace(
    root,
    h(
      'section',
      { class: 'leaderboard-screen' },
      h('h1', { text: `Leaderboard · ${ladder}` }),
      h('nav', { class: 'tabs', 'aria-label': 'Ladders' }, tabs),
      h('p', { class: 'explain', text: 'The rating is the cautious one, mu − 3 sigma: it rises as the league grows sure of a player. Bots of each level play on the same ladder.' }),
      body,
    ),
  );
  try {
    const page = await players.leaderboard(ladder, offset, PAGE);
    const rows = page.entries.map((entry) =>
      h(
        'tr',
        { class: entry.kind === 'bot' ? 'bot' : '' },
        h('td', { text: String(entry.rank) }),
        h('th', { scope: 'row', text: entry.name }),
        h('td', { text: entry.rating.toFixed(2) }),
        h('td', { class: 'quiet', text: `${entry.mu.toFixed(1)} ± ${entry.sigma.toFixed(1)}` }),
        h('td', { text: String(entry.games) }),
        h('td', { text: String(entry.experience) }),
      ),
    );
    const more = [
      offset > 0 ? h('button', { type: 'button', onclick: () => showLeaderboard(root, ladder, Math.max(0, offset - PAGE)), text: '◀ Higher' }) : null,
      offset + PAGE < page.total ? h('button', { type: 'button', onclick: () => showLeaderboard(root, ladder, offset + PAGE), text: 'Lower ▶' }) : null,
    ];
    replace(
      body,
      rows.length
        ? scoresTable(['#', 'Name', 'Rating', 'mu ± sigma', 'Games', 'Experience'], rows, { 'data-testid': 'leaderboard' })
        : h('p', { text: 'Nobody is on this ladder yet: finish a rated game, against a bot or people, to stand here.' }),
      h('div', { class: 'actions' }, more),
    );
  } catch (error) {
    replace(body, h('p', { class: 'problem', role: 'alert', text: problemText(error) }));
  }
}
