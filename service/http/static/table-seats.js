// What a player does with their seat: sit at a waiting table (or decline the seat a rematch
// keeps for them), start it, leave it, resign, and take their seats in the rematch.

import * as api from './api.js';
import { ensurePlayer, gameNotes, keepGame, setPreference } from './session.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').GameSummary} GameSummary */

/**
 * @param {import('./table-state.js').TableContext} table
 * @param {object} flow
 * @param {(view: View) => Promise<void>} flow.show
 * @param {(after: number) => void} flow.followFrom follows the log (again) from a version
 * @param {() => void} flow.seated this browser holds a seat here now
 * @param {() => void} flow.summaryChanged the summary is to be read again
 */
export function seatActions(table, { show, followFrom, seated, summaryChanged }) {
  const { gameId, state, mine, invite, token, render, act, loadView } = table;

  /** @param {number} seat */
  function sit(seat) {
    return act(async () => {
      const player = await ensurePlayer();
      const summary = /** @type {GameSummary} */ (state.summary);
      const claimed = await api.claimSeat(gameId, seat, player.token, invite);
      keepGame(gameId, `${summary.preset}, ${summary.seats.length} seats`, { invite, seats: [claimed.seat] });
      seated();
      state.seat = claimed.seat;
      mine.push(claimed.seat);
      summaryChanged();
      await loadView();
      followFrom(state.summary?.version ?? 0);
    });
  }

  function startNow() {
    return act(async () => {
      setPreference('level', String(state.fillLevel));
      state.summary = await api.startTable(gameId, /** @type {string} */ (token()), state.fillLevel);
      await loadView();
    });
  }

  function leave() {
    return act(async () => {
      await api.leaveSeat(gameId, /** @type {number} */ (state.seat), /** @type {string} */ (token()));
      location.hash = '#/';
    });
  }

  /**
   * Gives back the seat a rematch keeps for this player: it is the lobby's again.
   * @param {number} seat
   */
  function decline(seat) {
    return act(async () => {
      const player = await ensurePlayer();
      await api.leaveSeat(gameId, seat, player.token);
      location.hash = '#/';
    });
  }

  function resign() {
    if (!state.confirmResign) {
      state.confirmResign = true;
      render();
      return;
    }
    state.confirmResign = false;
    return act(async () => {
      const result = await api.resign(gameId, /** @type {string} */ (token()));
      summaryChanged();
      await show(result.view);
    });
  }

  /** Makes the rematch (or finds the one made already) and takes this player's seat in it. */
  function playRematch() {
    return act(async () => {
      const player = await ensurePlayer();
      const summary = /** @type {GameSummary} */ (state.summary);
      const label = `${summary.preset}, ${summary.seats.length} seats${summary.private ? ', private' : ''}`;
      // Asked even when the log named one: a rematch nobody came to in time expired,
      // and the game makes another.
      const made = await api.rematch(gameId, player.token);
      const next = made.game_id;
      state.rematch = next;
      const seated = made.seat === null || made.seat === undefined ? [] : summary.hot_seat ? [...mine] : [made.seat];
      if (made.created) keepGame(next, label, { host: true, invite: made.invite_code, seats: seated });
      // Each seat this player held is kept for them: claimed with the player token alone.
      // (A hot-seat rematch seats its host at every seat they held, as its creation did.)
      const kept = summary.hot_seat ? [] : mine;
      for (const seat of kept.filter((held) => !(gameNotes(/** @type {string} */ (next))?.seats ?? []).includes(held))) {
        const claimed = await api.claimSeat(next, seat, player.token);
        keepGame(next, label, { invite, seats: [claimed.seat] });
      }
      location.hash = `#/game/${next}`;
    });
  }

  return { sit, decline, startNow, leave, resign, playRematch };
}
