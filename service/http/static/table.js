// The table: one game followed live, played by the seats this browser holds (one, or several on one screen).

import * as api from './api.js';
import { cardsKey } from './cards.js';
import { h, replace } from './dom.js';
import { follow, watchAfterEnd } from './follow.js';
import { movesOf } from './moves.js';
import { problemText, seatName } from './render.js';
import { whenBack } from './connection.js';
import { gameNotes, gameToken, heldPlayer, seatsHeld } from './session.js';
import { turnBegins } from './sound-cues.js';
import { sound } from './sound.js';
import { playedSinceHandEnd, tableFeed } from './table-feed.js';
import { tableScreen } from './table-screen.js';
import { seatActions } from './table-seats.js';
import { newTableState, noteDrawn } from './table-state.js';
import { refusals } from './why-not.js';
import { anySignal } from './signals.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Command} Command */

// Read back on opening a table, so the history starts at its hand's deal.
const RECENT_EVENTS = 400;
// A waiting table's seats come as events: it is read again this often for its expiry.
const WAITING_POLL_MS = 15000;

/**
 * Shows game `gameId` in `root` and follows it until the returned function is called.
 * @param {HTMLElement} root
 * @param {string} gameId
 * @returns {() => void}
 */
export function mountTable(root, gameId) {
  const stop = new AbortController();
  // Old sessions hold seat tokens; everyone else acts with the player token.
  const held = seatsHeld(gameId);
  const notes = gameNotes(gameId);
  const invite = notes?.invite ?? null;
  const mine = held.length ? held.map((entry) => entry.seat) : [...(notes?.seats ?? [])];
  /** without a seat here: the table is watched, and asked without a token */
  let spectator = gameToken(gameId) === null;
  /** the summary is read again on the next refresh (seats, status, names change) */
  let summaryStale = true;
  const state = newTableState(mine[0] ?? null);

  const token = () => (spectator ? null : gameToken(gameId, state.seat));
  // Why the picked cards offer no move: asked once a selection, drawn when answered.
  const whyNot = refusals(gameId, token, () => render());
  const name = (/** @type {number} */ seat) => seatName(state.summary, seat, mine, state.resigned);

  // ------------------------------------------------------------ data

  let refreshing = false;
  let again = false;
  async function refresh() {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    try {
      do {
        again = false;
        await loadView();
      } while (again && !stop.signal.aborted);
    } finally {
      refreshing = false;
    }
  }

  async function loadView() {
    let view;
    try {
      // A spectator's view comes with the summary: read each time, or the table stands still.
      if (summaryStale || !state.summary || spectator) {
        summaryStale = false;
        // Watching, the player's token still asks: whether they host, which seat is kept for them.
        state.summary = await api.summary(gameId, token() ?? heldPlayer()?.token ?? null, invite);
        state.rematch = state.summary.rematch ?? null; // made from this game: not a copy's source's
        // Held by no seat here (the server says so): watch, without asking for a seat's view.
        if (!spectator && state.summary.your_seat === null) {
          spectator = true;
          state.seat = null;
        }
      }
      const current = token();
      if (current === null) {
        await show(state.summary.view);
        return;
      }
      view = await api.seatView(gameId, current);
    } catch (error) {
      // A player with no seat here (left, or never sat): they watch.
      if (spectator || !(error instanceof api.ProblemError) || !['not_seated', 'invalid_token', 'wrong_game'].includes(error.code)) throw error;
      spectator = true;
      state.seat = null;
      summaryStale = true;
      return loadView();
    }
    if (held.length > 1) {
      // An old session on one screen: the page plays whichever held seat is to act, behind a cover.
      if (view.turn !== state.seat && mine.includes(view.turn) && view.phase !== 'over') {
        state.seat = view.turn;
        state.covered = true;
        view = await api.seatView(gameId, /** @type {string} */ (token()));
      }
    } else if (view.seat !== null && view.seat !== undefined && view.seat !== state.seat) {
      // A player holding several seats (one screen) is shown the seat to act: cover the change.
      if (mine.length > 1 && state.seat !== null && view.phase !== 'over') state.covered = true;
      state.seat = view.seat;
      if (!mine.includes(view.seat)) mine.push(view.seat);
    }
    await show(view);
  }

  /**
   * Shows a view; one already in the next hand waits for the log's end of the last one.
   * @param {View} view
   */
  async function show(view) {
    let before = state.view;
    if (before && view.hand_number > before.hand_number && state.handEnd?.hand_number !== before.hand_number) {
      // The summary of the hand that ended must come before the next hand's table.
      // Failing that, the followed log brings it a moment later.
      const missed = await api.events(gameId, token(), feed.noted(), { limit: 500, invite }).catch(() => null);
      for (const envelope of missed?.events ?? []) feed.note(envelope);
      // Another view may have been shown meanwhile: never go back to an older one.
      before = state.view;
      if (before && (before.version ?? 0) > (view.version ?? 0)) return;
    }
    const handChanged = !before || before.hand_number !== view.hand_number || cardsKey(before.hand ?? []) !== cardsKey(view.hand ?? []);
    if (turnBegins(before, view, mine) && !state.handEnd) sound('turn');
    state.view = view;
    state.moves = movesOf(view);
    // The player's turn: the moves still to show go at once, never in their way.
    if (mine.includes(view.turn) && view.phase !== 'over') feed.hurry();
    if (handChanged) {
      state.selected = [];
      state.staged = state.staged.filter(() => !before || before.hand_number === view.hand_number);
    }
    if (!state.moves.any) {
      state.hint = null;
      state.hintText = null;
    }
    render();
  }

  /** @param {unknown} error */
  function showError(error) {
    state.message = problemText(error);
    if (error instanceof api.ProblemError && error.code === 'network_error') connectionMessage = state.message;
    render();
  }

  /** @param {Command} command */
  async function play(command) {
    const current = token();
    if (current === null || state.busy) return;
    // The player's own move is instant, and so is whatever was still being shown.
    feed.hurry();
    state.busy = true;
    state.message = null;
    render();
    try {
      const result = await api.sendCommand(gameId, current, command);
      // The card just drawn is marked at once, not when the live channel echoes the move.
      noteDrawn(state, result.events);
      state.staged = command.type === 'lay_melds' ? [] : state.staged;
      Object.assign(state, { selected: [], hint: null, hintText: null, chooserMeld: null });
      // Still busy while it shows: the buttons stay off until the new view is drawn.
      await show(result.view);
      state.busy = false;
      render();
    } catch (error) {
      state.busy = false;
      // Refused: this tab may be stale (the seat played in another): redraw from the view.
      if (error instanceof api.ProblemError) await refresh().catch(() => {});
      showError(error);
    }
  }

  // ------------------------------------------------------------ actions

  /**
   * Runs one table action, showing a refusal; `busy` keeps it from running twice.
   * @param {() => Promise<void>} action
   */
  async function act(action) {
    if (state.busy) return;
    state.busy = true;
    state.message = null;
    render();
    try {
      await action();
    } catch (error) {
      state.message = problemText(error);
    } finally {
      state.busy = false;
      render();
    }
  }

  // ------------------------------------------------------------ drawing

  /** @type {import('./table-state.js').TableContext} */
  const table = {
    ...{ root, gameId, state, mine, held, notes, invite, signal: stop.signal, name, token, render, play, act, loadView, whyNot },
    // Bound late: the screen and the seat's actions are made with this context.
    holdRedraws: (/** @type {boolean} */ now) => screen.holdRedraws(now),
    sit: (/** @type {number} */ seat) => seats.sit(seat),
    decline: (/** @type {number} */ seat) => seats.decline(seat),
    startNow: () => seats.startNow(),
    leave: () => seats.leave(),
    resign: () => seats.resign(),
    playRematch: () => seats.playRematch(),
  };
  const seats = seatActions(table, {
    show,
    followFrom,
    seated: () => (spectator = false),
    summaryChanged: () => (summaryStale = true),
  });
  const screen = tableScreen(table);

  function render() {
    if (!stop.signal.aborted) screen.render();
  }
  const feed = tableFeed(table, refresh, showError, () => (summaryStale = true));

  // ------------------------------------------------------------ start

  /** @type {AbortController | null} */
  let following = null;

  /** Follows the log from `after` (again, after the caller sat down: their own view of it). */
  function followFrom(/** @type {number} */ after) {
    following?.abort();
    following = new AbortController();
    const signal = anySignal([stop.signal, following.signal]);
    follow(gameId, { token: token(), invite, after, onEvents: feed.onEvents, onConnection, signal })
      .then((followed) => (followed.ended ? watchAfterEnd(gameId, { token: token(), invite, after: followed.after, onEvents: feed.onEvents, signal }, () => Boolean(state.rematch)) : undefined))
      .catch(showError);
  }

  /** @param {unknown} error a lost connection, or null: it is back */
  function onConnection(error) {
    const message = error === null ? null : problemText(error);
    if (message === state.message) return;
    if (error === null && state.message !== connectionMessage) return;
    state.message = message;
    connectionMessage = message;
    render();
  }
  /** @type {string | null} the message the connection put up, taken down when it is back */
  let connectionMessage = null;

  // The server is reachable again: the "cannot be reached" goes, the table is read and followed anew.
  stop.signal.addEventListener('abort', whenBack(() => {
    if (state.message !== null && state.message === connectionMessage) state.message = null;
    connectionMessage = null;
    // Cut off while the table was still being read: it is read from the start again.
    if (!started) {
      start();
      return;
    }
    followFrom(feed.noted());
    refresh().catch(showError);
  }));

  /** Whether the table was read to the end of its log and is followed live. */
  let started = false;

  async function start() {
    render();
    try {
      await refresh();
      const summary = /** @type {api.GameSummary} */ (state.summary);
      if (mine.length > 1 && summary.status !== 'waiting') state.covered = true;
      // The recent log seeds the history lines and the turn's deadline; then follow from its end.
      const recent = await api.events(gameId, token(), Math.max(0, summary.version - RECENT_EVENTS), { limit: RECENT_EVENTS, invite });
      for (const envelope of recent.events) feed.note(envelope, true);
      // Back at a table (a reload, or from the list of tables): a hand's summary stays up
      // while nobody has played since it ended, and a finished game's for good.
      if (summary.status !== 'finished' && playedSinceHandEnd(recent.events)) {
        state.handEnd = null;
        state.handEndWaiting = null;
      }
      feed.caughtUp(recent.events.at(-1)?.version ?? summary.version);
      // Read again: the view as new as the log followed, and the summary's rematch.
      summaryStale = true;
      await refresh();
      followFrom(recent.events.at(-1)?.version ?? summary.version);
      started = true;
    } catch (error) {
      // The connection dropped while the table was read: the table stays (the offline notice
      // says why) and is read again once the server can be reached.
      if (error instanceof api.ProblemError && error.code === 'network_error') {
        showError(error);
        return;
      }
      replace(root, h('p', { class: 'problem', role: 'alert', text: problemText(error) }), h('p', {}, h('a', { href: '#/', text: 'Back to the start' })));
    }
  }

  // Claims and departures at a waiting table come as events; its expiry does not: a
  // waiting table is read again now and then.
  const waitingPoll = setInterval(() => {
    if (state.summary?.status === 'waiting' && !refreshing) {
      summaryStale = true;
      refresh().catch(showError);
    }
  }, WAITING_POLL_MS);

  const ticker = setInterval(() => {
    const timer = root.querySelector('[data-timer]');
    if (timer) timer.textContent = screen.timerText();
  }, 1000);
  start();
  return () => {
    stop.abort();
    clearInterval(ticker);
    clearInterval(waitingPoll);
  };
}
