// The table: one game followed live, played by the seats this browser holds (one, or several on one screen).

import * as api from './api.js';
import { cardsKey, meldPoints, shortName, sortHand } from './cards.js';
import { h, replace } from './dom.js';
import { historyLine } from './history-lines.js';
import { leagueResult } from './league.js';
import { describe, layDownLabel, matchLayDown, meldOrder, movesOf, tableMoves } from './moves.js';
import { cardBack, cardFace, meldView, problemText, rulesPanel, scoresTable, seatName } from './render.js';
import { whenBack } from './connection.js';
import { fly, startOf } from './card-flight.js';
import { dragToReorder } from './hand-drag.js';
import { arranged, moved, movedIndex } from './hand-order.js';
import { pacedQueue } from './paced-queue.js';
import { paceMs, paceSetting } from './pace.js';
import { seatChip } from './seat-chip.js';
import { ensurePlayer, gameNotes, gameToken, keepGame, preference, seatsHeld, setPreference } from './session.js';
import { stepView } from './view-steps.js';
import { meantCommand, refusals } from './why-not.js';

/** @typedef {import('./api.js').View} View */
/** @typedef {import('./api.js').Command} Command */
/** @typedef {import('./api.js').Envelope} Envelope */
/** @typedef {import('./api-types').components['schemas']['HandEnded']} HandEnded */
/** @typedef {import('./api-types').components['schemas']['GameEnded']} GameEnded */
/** @typedef {import('./api.js').Rematch} Rematch */
/** @typedef {import('./moves.js').Moves} Moves */

// The history keeps the whole hand (scrollable), bounded for a hand that never ends.
const LOG_LINES = 400;
// Read back on opening a table, so the history starts at its hand's deal.
const RECENT_EVENTS = 400;
// How often a finished table looks for a rematch offer (no live channel is open then).
const REMATCH_POLL_MS = 4000;

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
  const state = {
    /** @type {api.GameSummary | null} */ summary: null,
    /** @type {View | null} */ view: null,
    /** @type {Moves | null} */ moves: null,
    /** the seat whose hand is shown (null: a spectator) */
    seat: /** @type {number | null} */ (mine[0] ?? null),
    /** positions in the sorted hand */
    selected: /** @type {number[]} */ ([]),
    /** the hand's one stop for Tab: the arrow keys move it along the hand */
    cursor: 0,
    /** melds held back to be laid together (an opening that needs several) */
    staged: /** @type {string[][]} */ ([]),
    sortBy: /** @type {'suit' | 'rank'} */ (preference('sort', 'suit') === 'rank' ? 'rank' : 'suit'),
    /** the player's own order of the hand, moved by drag or keys: kept until the hand ends */
    /** @type {{hand: string, cards: string[]} | null} */ order: null,
    /** @type {string | null} */ message: null,
    /** @type {Command | null} */ hint: null,
    /** @type {string | null} */ hintText: null,
    /** @type {string[]} */ log: [],
    /** @type {{seat: number, deadline: number} | null} */ deadline: null,
    /** @type {HandEnded | null} */ handEnd: null,
    /** the last hand's summary, to show again once closed at a finished game */
    /** @type {HandEnded | null} */ lastHandEnd: null,
    /** @type {GameEnded | null} */ gameEnd: null,
    /** hot seat: the hand stays covered until its player says they hold the device */
    covered: false,
    /** @type {number | null} */ chooserMeld: null,
    busy: false,
    live: true,
    /** @type {string | null} the game a rematch of this one is played in */
    rematch: null,
    /** asked once before resigning */
    confirmResign: false,
    /** the host's choice of bot level for open seats */
    fillLevel: Number(preference('level', '2')),
  };

  const token = () => (spectator ? null : gameToken(gameId, state.seat));
  // Why the picked cards offer no move: asked once a selection, drawn when answered.
  const whyNot = refusals(gameId, token, () => render());
  const name = (/** @type {number} */ seat) => seatName(state.summary, seat, mine);

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
        state.summary = await api.summary(gameId, token(), invite);
        state.rematch = state.summary.rematch ?? state.rematch;
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
      if (spectator || !(error instanceof api.ApiError) || !['not_seated', 'invalid_token', 'wrong_game'].includes(error.problem.code)) throw error;
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
      const missed = await api.events(gameId, token(), noted, { limit: 500, invite }).catch(() => null);
      for (const envelope of missed?.events ?? []) note(envelope);
      // Another view may have been shown meanwhile: never go back to an older one.
      before = state.view;
      if (before && (before.version ?? 0) > (view.version ?? 0)) return;
    }
    const handChanged = !before || before.hand_number !== view.hand_number || cardsKey(before.hand ?? []) !== cardsKey(view.hand ?? []);
    state.view = view;
    state.moves = movesOf(view);
    // The player's turn: the moves still to show go at once, never in their way.
    if (mine.includes(view.turn) && view.phase !== 'over') paced.hurry();
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

  // The moves of a hand: once one follows a hand's end, its summary is old news.
  const PLAYS = new Set(['cards_drawn', 'meld_laid', 'card_laid_off', 'joker_swapped', 'card_discarded', 'knocked', 'turn_timed_out']);

  /** @param {Envelope[]} events */
  function playedSinceHandEnd(events) {
    const ended = events.map((envelope) => envelope.event.type).lastIndexOf('hand_ended');
    return events.slice(ended + 1).some((envelope) => PLAYS.has(envelope.event.type));
  }

  // Events after which the summary (status, seats, names) is read again.
  const SUMMARY_EVENTS = new Set(['hand_dealt', 'seats_removed', 'seat_resigned', 'game_ended', 'rematch_offered']);

  // Events after which the drawn table is read again before the next move is shown.
  const REDRAWN = new Set(['game_started', 'hand_dealt', 'stock_renewed', 'seats_removed', 'seat_resigned']);

  /** @param {Envelope[]} batch */
  function onEvents(batch) {
    // A channel opened again hands on what is queued already.
    const fresh = batch.filter((envelope) => envelope.version > received);
    received = Math.max(received, ...fresh.map((envelope) => envelope.version));
    if (fresh.some((envelope) => SUMMARY_EVENTS.has(envelope.event.type))) summaryStale = true;
    paced.push(fresh);
  }

  /** @param {Envelope} envelope */
  function othersMove(envelope) {
    const event = envelope.event;
    const seat = 'seat' in event && typeof event.seat === 'number' ? event.seat : envelope.seat;
    return seat !== null && seat !== undefined && !mine.includes(seat) && PLAYS.has(event.type);
  }

  /**
   * One event of the followed log: noted (the history, a hand's end) and, when it is
   * another seat's move and the player paces them, drawn on its own and seen moving.
   * The server's view is read once the queue is empty: what stays drawn is the truth.
   * @param {Envelope} envelope
   * @returns {Promise<boolean>} whether it was drawn, to stay a moment in view
   */
  async function playOut(envelope) {
    note(envelope);
    const view = state.view;
    const moment = paceMs();
    if (!view || envelope.version <= (view.version ?? 0) || moment === 0 || stop.signal.aborted) return false;
    const stepped = othersMove(envelope) ? stepView(view, envelope) : null;
    if (!stepped) {
      if (REDRAWN.has(envelope.event.type)) await refresh();
      return false;
    }
    const start = startOf(root, envelope);
    // Handed to this screen: the server's view, with the moves it offers, at once.
    if (mine.includes(stepped.turn) && stepped.phase === 'draw') await refresh();
    else {
      state.view = stepped;
      state.moves = movesOf(stepped);
      render();
    }
    fly(root, envelope, start, moment);
    return true;
  }

  /** The last version queued to be shown. */
  let received = 0;
  const paced = pacedQueue(playOut, paceMs, () => refresh().catch(showError), showError, stop.signal);

  // The last version noted: a command's own events and the followed log may carry the same ones.
  let noted = 0;

  /** @param {Envelope} envelope */
  function note(envelope) {
    if (envelope.version <= noted) return;
    noted = envelope.version;
    const event = envelope.event;
    switch (event.type) {
      case 'hand_dealt':
        state.log = [];
        break;
      case 'hand_ended':
        state.handEnd = event;
        state.lastHandEnd = event;
        break;
      case 'game_ended':
        state.gameEnd = event;
        break;
      case 'turn_deadline_set':
        state.deadline = { seat: event.seat, deadline: Date.parse(event.deadline) };
        break;
      case 'rematch_offered':
        state.rematch = event.game_id;
        break;
      default:
        break;
    }
    const line = historyLine(event, name);
    if (line) state.log = [...state.log, line].slice(-LOG_LINES);
  }

  /** @param {GameEnded} over */
  function gameOverText(over) {
    const winners = over.winners.map(name);
    if (!winners.length) return 'Game over: nobody wins.';
    const plural = winners.length > 1 || winners[0] === 'You';
    return `Game over: ${winners.join(' and ')} ${plural ? 'win' : 'wins'}.`;
  }

  /** @param {unknown} error */
  function showError(error) {
    state.message = problemText(error);
    if (error instanceof api.ApiError && error.problem.code === 'network_error') connectionMessage = state.message;
    render();
  }

  /** @param {Command} command */
  async function play(command) {
    const current = token();
    if (current === null || state.busy) return;
    // The player's own move is instant, and so is whatever was still being shown.
    paced.hurry();
    state.busy = true;
    state.message = null;
    render();
    try {
      const result = await api.sendCommand(gameId, current, command);
      state.selected = [];
      state.staged = command.type === 'lay_melds' ? [] : state.staged;
      state.hint = null;
      state.hintText = null;
      state.chooserMeld = null;
      // Still busy while it shows: the buttons stay off until the new view is drawn.
      await show(result.view);
      state.busy = false;
      render();
    } catch (error) {
      state.busy = false;
      // Refused: this tab may be stale (the seat played in another): redraw from the view.
      if (error instanceof api.ApiError) await refresh().catch(() => {});
      showError(error);
    }
  }

  async function askHint() {
    if (!state.view || !state.summary || state.busy) return;
    state.busy = true;
    render();
    try {
      const suggestion = await api.suggest(state.view, state.summary.ruleset, 3);
      state.hint = suggestion.command;
      state.hintText = suggestion.command ? `Hint: ${describe(suggestion.command, shortName)}.` : 'Hint: nothing to play now.';
      if (suggestion.command) selectForHint(suggestion.command);
    } catch (error) {
      state.message = problemText(error);
    } finally {
      state.busy = false;
      render();
    }
  }

  /** @param {Command} command */
  function selectForHint(command) {
    const hand = sortedHand();
    /** @param {string[]} cards */
    const positions = (cards) => {
      const used = new Set();
      return cards
        .map((card) => hand.findIndex((held, index) => held === card && !used.has(index) && (used.add(index), true)))
        .filter((index) => index >= 0);
    };
    if (command.type === 'lay_melds') {
      // The first meld not already held back: a joint lay-down is picked one meld at a time.
      const held = state.staged.map(cardsKey);
      const next = command.melds.find((meld) => {
        const at = held.indexOf(cardsKey(meld));
        if (at < 0) return true;
        held.splice(at, 1);
        return false;
      });
      state.selected = positions(next ?? []);
    }
    else if (command.type === 'discard' || command.type === 'lay_off' || command.type === 'swap_joker') state.selected = positions([command.card]);
  }

  // ------------------------------------------------------------ derived

  /** The hand as shown: sorted, without the melds held back for a joint lay-down. */
  function sortedHand() {
    const rest = [...(state.view?.hand ?? [])];
    for (const card of state.staged.flat()) {
      const at = rest.indexOf(card);
      if (at >= 0) rest.splice(at, 1);
    }
    const sorted = sortHand(rest, state.sortBy);
    return state.order?.hand === handKey() ? arranged(sorted, state.order.cards) : sorted;
  }

  /** The hand an order belongs to: this seat's, in this hand. */
  const handKey = () => `${state.seat}:${state.view?.hand_number}`;

  /**
   * Moves a card of the hand to another place; the hand keeps that order until it ends.
   * @param {number} from
   * @param {number} to
   */
  function moveCard(from, to) {
    const hand = sortedHand();
    if (from === to || to < 0 || to >= hand.length) return;
    state.order = { hand: handKey(), cards: moved(hand, from, to) };
    state.selected = state.selected.map((index) => movedIndex(index, from, to));
    state.cursor = to;
    render();
  }

  function selectedCards() {
    const hand = sortedHand();
    return state.selected.map((index) => hand[index]).filter((card) => card !== undefined);
  }

  // ------------------------------------------------------------ tables

  /** The private table's code and link, for the one who made it (the code is shown to them alone). */
  function tableCode() {
    if (!invite || notes?.host !== true) return null;
    const code = `${gameId}:${invite}`;
    const link = `${location.origin}${location.pathname}#/join/${gameId}/${invite}`;
    return h(
      'div',
      { class: 'table-code' },
      h('span', { text: 'Private table. Its code: ' }),
      h('code', { 'data-testid': 'table-code', text: code }),
      h('span', { text: ' — or send the link: ' }),
      h('a', { href: link, 'data-testid': 'invite-link', text: 'invite link' }),
    );
  }

  /** @param {api.GameSummary} summary */
  function waitingView(summary) {
    const seated = state.seat !== null;
    const host = seated && notes?.host === true;
    const rows = summary.seats.map((seat) => {
      const open = seat.kind === 'human' && seat.open && !seat.claimed;
      const who = open ? 'Open seat' : mine.includes(seat.seat) ? `You${seat.name ? ` (${seat.name})` : ''}` : seat.kind === 'bot' ? `Bot · level ${seat.level ?? 2}` : (seat.name ?? 'A player');
      return h(
        'li',
        { class: `seat${open ? ' open' : ''}`, 'data-seat': seat.seat },
        h('span', { class: 'seat-name', text: `Seat ${seat.seat + 1}: ${who}` }),
        open && !seated ? h('button', { type: 'button', class: 'primary', onclick: () => sit(seat.seat), text: `Sit at seat ${seat.seat + 1}` }) : null,
      );
    });
    const open = summary.seats.filter((seat) => seat.kind === 'human' && seat.open && !seat.claimed).length;
    const level = /** @type {HTMLSelectElement} */ (
      h(
        'select',
        { id: 'fill-level', onchange: () => (state.fillLevel = Number(level.value)) },
        [1, 2, 3, 4].map((value) => h('option', { value, selected: value === state.fillLevel, text: `level ${value}` })),
      )
    );
    const lead = summary.expired
      ? 'Nobody joined this table in time: it has expired.'
      : `${open} open seat${open === 1 ? '' : 's'}: the first hand is dealt when they are taken${host ? ', or when you start' : ' or the host starts'}.`;
    return h(
      'section',
      { class: 'waiting-screen', 'data-testid': 'waiting' },
      h('h1', { text: `Waiting for players · ${summary.preset}` }),
      h('p', { class: 'lead', text: lead }),
      tableCode(),
      h('ul', { class: 'seats waiting', 'aria-label': 'Seats' }, rows),
      h(
        'div',
        { class: 'actions' },
        host && !summary.expired
          ? [
              h('label', { for: 'fill-level', text: 'Bots for the open seats:' }),
              level,
              h('button', { type: 'button', class: 'primary', 'data-testid': 'start', onclick: startNow, disabled: state.busy, text: 'Start now' }),
            ]
          : null,
        seated && !host ? h('button', { type: 'button', onclick: leave, disabled: state.busy, text: 'Leave the table' }) : null,
      ),
      state.message ? h('p', { class: 'problem', role: 'alert', 'data-testid': 'problem', text: state.message }) : null,
      rulesPanel(summary.ruleset),
    );
  }

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

  /** @param {number} seat */
  function sit(seat) {
    return act(async () => {
      const player = await ensurePlayer();
      const summary = /** @type {api.GameSummary} */ (state.summary);
      const claimed = await api.claimSeat(gameId, seat, player.token, invite);
      keepGame(gameId, `${summary.preset}, ${summary.seats.length} seats`, { invite, seats: [claimed.seat] });
      spectator = false;
      state.seat = claimed.seat;
      mine.push(claimed.seat);
      summaryStale = true;
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

  function resign() {
    if (!state.confirmResign) {
      state.confirmResign = true;
      render();
      return;
    }
    state.confirmResign = false;
    return act(async () => {
      const result = await api.resign(gameId, /** @type {string} */ (token()));
      summaryStale = true;
      await show(result.view);
    });
  }

  /** Makes the rematch (or finds the one made already) and takes this player's seat in it. */
  function playRematch() {
    return act(async () => {
      const player = await ensurePlayer();
      const summary = /** @type {api.GameSummary} */ (state.summary);
      const label = `${summary.preset}, ${summary.seats.length} seats${summary.private ? ', private' : ''}`;
      let next = state.rematch;
      if (next === null) {
        const made = await api.rematch(gameId, player.token);
        next = made.game_id;
        if (made.created) keepGame(next, label, { host: true, invite: made.invite_code, seats: made.seat === null || made.seat === undefined ? [] : [made.seat] });
      }
      // Each seat this player held is kept for them: claimed with the player token alone.
      for (const seat of mine.filter((held) => !(gameNotes(/** @type {string} */ (next))?.seats ?? []).includes(held))) {
        const claimed = await api.claimSeat(next, seat, player.token);
        keepGame(next, label, { invite, seats: [claimed.seat] });
      }
      location.hash = `#/game/${next}`;
    });
  }

  // ------------------------------------------------------------ drawing

  function render() {
    if (stop.signal.aborted) return;
    // A card being dragged stays under the finger, a menu open stays open: drawn once they end.
    if (dragging) {
      redrawAfterDrag = true;
      return;
    }
    // While a request of the player's runs, the table says so (and its buttons are off).
    root.setAttribute('aria-busy', String(state.busy));
    const view = state.view;
    const summary = state.summary;
    if (!view || !summary) {
      replace(root, h('p', { class: 'loading', text: 'Loading the table…' }));
      return;
    }
    const focused = document.activeElement instanceof HTMLElement ? focusKey(document.activeElement) : null;
    if (summary.status === 'waiting' || summary.expired) {
      replace(root, waitingView(summary));
      if (focused) restoreFocus(focused, root);
      return;
    }
    replace(
      root,
      h(
        'section',
        { class: 'table-screen', 'aria-label': 'Card table' },
        statusBar(view, summary),
        view.phase === 'deal' ? null : tableCode(),
        state.rematch && !state.handEnd ? rematchBanner() : null,
        seatsRow(view),
        h('div', { class: 'felt' }, pilesView(view, summary), tableView(view)),
        yourSide(view, summary),
        h('div', { class: 'below' }, logView(), rulesPanel(summary.ruleset)),
      ),
      state.handEnd ? handEndView(state.handEnd, view) : null,
      state.covered && !state.handEnd ? coverView() : null,
    );
    // A sheet over the table takes the focus, its title kept in sight (a phone would scroll to the button).
    const sheet = root.querySelector('.overlay .sheet');
    if (sheet instanceof HTMLElement) keepFocusIn(sheet, state.handEnd && !state.gameEnd ? closeHandEnd : null);
    const first = sheet?.querySelector('button.primary') ?? sheet?.querySelector('button');
    if (sheet && !sheet.contains(document.activeElement) && first instanceof HTMLElement) first.focus({ preventScroll: true });
    else if (focused) restoreFocus(focused, root);
    // The history shows its newest lines (the whole hand stays above, scrollable).
    root.querySelector('.log-lines')?.scrollTo(0, 1e9);
    // Focus goes to what can be done next: at the turn's start, and when nothing has it (a table just opened).
    const myTurn = !sheet && view.turn === state.seat && view.phase !== 'over';
    const unfocused = document.activeElement === null || document.activeElement === document.body;
    if (myTurn && (!turnFocused || unfocused)) nextControl(root)?.focus({ preventScroll: true });
    turnFocused = myTurn;
  }
  let turnFocused = false;
  let dragging = false;
  let redrawAfterDrag = false;

  /**
   * Holds the table's redraws while a card is dragged or a menu is open (a paced move
   * would pull either from under the pointer), and draws what was held once they end.
   * @param {boolean} now
   */
  function holdRedraws(now) {
    dragging = now;
    if (now || !redrawAfterDrag) return;
    redrawAfterDrag = false;
    render();
  }

  /** @param {View} view @param {api.GameSummary} summary */
  function statusBar(view, summary) {
    const myTurn = state.seat !== null && view.turn === state.seat;
    const whose = view.phase === 'over' ? 'Game over' : myTurn ? (mine.length > 1 ? `${name(view.turn)}: your turn` : 'Your turn') : `${name(view.turn)} to play`;
    const limit = summary.turn_time_limit_s;
    return h(
      'div',
      { class: 'status', role: 'status', 'aria-live': 'polite' },
      h('span', { class: 'hand-number', text: `${summary.preset} · hand ${view.hand_number}` }),
      h('strong', { class: `whose${myTurn ? ' mine' : ''}`, 'data-testid': 'whose-turn', text: whose }),
      limit ? h('span', { class: 'timer', 'data-timer': '', text: timerText() }) : null,
      paceSetting(holdRedraws),
      view.phase === 'over' && state.lastHandEnd && !state.handEnd
        ? h('button', { type: 'button', class: 'primary', 'data-testid': 'results', onclick: () => ((state.handEnd = state.lastHandEnd), render()), text: 'Results' })
        : null,
      h('button', { type: 'button', class: 'link', onclick: () => (location.hash = `#/replay/${gameId}`), text: 'Replay' }),
    );
  }

  function rematchBanner() {
    return h(
      'p',
      { class: 'rematch-banner', role: 'status' },
      'A rematch is on: ',
      state.seat !== null && !held.length
        ? h('button', { type: 'button', class: 'primary', onclick: playRematch, disabled: state.busy, text: 'Join the rematch' })
        : h('a', { href: `#/game/${state.rematch}`, text: 'watch it' }),
    );
  }

  function timerText() {
    if (!state.deadline || !state.view || state.deadline.seat !== state.view.turn) return '';
    const left = Math.max(0, Math.round((state.deadline.deadline - Date.now()) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`;
  }

  /** @param {View} view */
  function seatsRow(view) {
    const chips = [];
    for (let seat = 0; seat < view.seats; seat += 1) {
      const tag = (view.resigned ?? []).includes(seat) ? h('span', { class: 'seat-resigned', text: 'resigned' }) : controllerTag(view, seat);
      if (tag) tag.setAttribute('aria-hidden', 'true');
      chips.push(
        seatChip({
          seat,
          name: name(seat),
          ownName: state.summary?.seats.find((spec) => spec.seat === seat)?.name ?? null,
          cards: view.hand_sizes[seat] ?? 0,
          points: view.totals[seat] ?? 0,
          turn: seat === view.turn && view.phase !== 'over',
          me: seat === state.seat,
          opened: Boolean(view.opened[seat]),
          tag,
        }),
      );
    }
    return h('ul', { class: 'seats', 'aria-label': 'Seats' }, chips);
  }

  /**
   * Who plays a person's seat now: they do, or a bot stands in (autopilot after timeouts,
   * or handed over). Bot seats say so in their name.
   * @param {View} view
   * @param {number} seat
   */
  function controllerTag(view, seat) {
    const controller = view.controllers?.[seat];
    if (!controller || controller.kind === 'bot') return null;
    if (controller.kind === 'human') return h('span', { class: 'seat-controller human', 'data-controller': 'human', text: 'human' });
    return h('span', { class: 'seat-controller autopilot', 'data-controller': 'autopilot', title: 'A bot plays this seat until its player is back', text: `autopilot · Bot · level ${controller.level ?? 2}` });
  }

  /** A bot plays this player's seat: say so, and offer it back. */
  function autopilotNotice(/** @type {View} */ view) {
    const seat = state.seat;
    if (seat === null || view.phase === 'over' || (view.resigned ?? []).includes(seat) || view.controllers?.[seat]?.kind !== 'autopilot') return null;
    return h(
      'p',
      { class: 'autopilot-notice', role: 'status', 'data-testid': 'autopilot' },
      `A bot (level ${view.controllers[seat].level ?? 2}) is playing for you. `,
      h('button', { type: 'button', class: 'primary', 'data-testid': 'take-back', onclick: takeBack, disabled: state.busy, text: 'Take my seat back' }),
    );
  }

  function takeBack() {
    return act(async () => {
      await api.takeSeatBack(gameId, /** @type {number} */ (state.seat), /** @type {string} */ (token()));
      await loadView();
    });
  }

  /** @param {View} view @param {api.GameSummary} summary */
  function pilesView(view, summary) {
    const moves = /** @type {Moves} */ (state.moves);
    const stockLabel = view.stock_count === 0 && moves.drawStock ? 'Turn the pile over' : `Stock: ${view.stock_count}`;
    const stock = h(
      'button',
      {
        type: 'button',
        class: `pile stock${view.stock_count === 0 ? ' empty' : ''}${isHint('stock') ? ' hinted' : ''}`,
        disabled: !moves.drawStock || state.busy,
        'aria-label': moves.drawStock ? (view.stock_count === 0 ? 'Turn the discard pile over and draw' : `Draw from the stock (${view.stock_count} cards)`) : `Stock, ${view.stock_count} cards`,
        onclick: () => moves.drawStock && play(moves.drawStock),
      },
      view.stock_count > 0 ? cardBack() : h('span', { class: 'card slot', 'aria-hidden': 'true', text: '↻' }),
      h('span', { class: 'pile-label', text: stockLabel }),
    );
    const pile = view.discard_pile;
    const any = summary.ruleset.discard_pickup === 'any';
    // Under `any` the whole pile is spread (top last); a card takes itself and everything above it.
    const shown = any ? pile : pile.slice(-1);
    const cards = shown.map((card, index) => {
      const depth = shown.length - index;
      const command = moves.drawPile.get(depth);
      const label = depth === 1 ? `Take ${shortName(card)} from the discard pile` : `Take ${shortName(card)} and the ${depth === 2 ? 'card' : `${depth - 1} cards`} above it`;
      return cardFace(card, {
        small: any,
        hinted: isHint('pile', depth),
        label,
        disabled: !command || state.busy,
        onclick: () => command && play(command),
      });
    });
    const discard = h(
      'div',
      { class: `pile discard${any ? ' spread' : ''}`, 'data-testid': 'discard-pile' },
      cards.length ? h('span', { class: 'pile-cards' }, cards) : h('span', { class: 'card slot', 'aria-hidden': 'true' }),
      h('span', { class: 'pile-label', text: `Discards: ${pile.length}` }),
    );
    return h('div', { class: 'piles' }, stock, discard);
  }

  /**
   * @param {'stock' | 'pile'} where
   * @param {number} [depth]
   */
  function isHint(where, depth = 1) {
    const hint = state.hint;
    if (!hint || hint.type !== 'draw') return false;
    if (where === 'stock') return (hint.source ?? 'stock') === 'stock';
    return hint.source === 'discard' && (hint.count ?? 1) === depth;
  }

  /** @param {View} view */
  function tableView(view) {
    const moves = /** @type {Moves} */ (state.moves);
    const picked = selectedCards();
    const card = picked.length === 1 ? picked[0] : null;
    const melds = view.table.map((meld) => {
      const options = card ? tableMoves(moves, card, meld.id) : [];
      const hinted = state.hint !== null && (state.hint.type === 'lay_off' || state.hint.type === 'swap_joker') && state.hint.meld_id === meld.id;
      const choices = state.chooserMeld === meld.id && options.length > 1 ? chooser(options) : null;
      return meldView(meld, {
        glow: options.length > 0,
        hinted,
        owner: name(meld.owner),
        onclick: options.length ? () => (options.length === 1 ? play(options[0]) : openChooser(meld.id)) : undefined,
        choices,
      });
    });
    return h('div', { class: 'melds', 'aria-label': 'Melds on the table' }, melds.length ? melds : h('p', { class: 'empty-table', text: 'No melds on the table yet.' }));
  }

  /** @param {number} meldId */
  function openChooser(meldId) {
    state.chooserMeld = meldId;
    render();
  }

  /** @param {(import('./moves.js').LayOff | import('./moves.js').SwapJoker)[]} options */
  function chooser(options) {
    return h(
      'div',
      { class: 'chooser', role: 'group', 'aria-label': 'Where to play the card' },
      options.map((command) =>
        h('button', {
          type: 'button',
          onclick: () => play(command),
          text: command.type === 'swap_joker' ? 'Swap for the joker' : command.end === 'low' ? 'Low end' : command.end === 'high' ? 'High end' : 'Lay off',
        }),
      ),
    );
  }

  /** @param {View} view @param {api.GameSummary} summary */
  function yourSide(view, summary) {
    if (state.seat === null) return h('p', { class: 'spectating', text: 'You are watching this table.' });
    const moves = /** @type {Moves} */ (state.moves);
    const hand = sortedHand();
    const picked = selectedCards();
    const match = matchLayDown(moves, state.staged, picked);
    // Covered (one screen, between turns): the hand is not drawn at all, only its backs.
    state.cursor = Math.min(state.cursor, Math.max(0, hand.length - 1));
    const cards = state.covered ? hand.map(() => cardBack()) : hand.map((card, index) => {
      const face = cardFace(card, {
        selected: state.selected.includes(index),
        meld: moves.meldCards.has(card),
        layOff: moves.onTable.has(card),
        hinted: state.hint !== null && hintHolds(state.hint, card),
        onclick: () => toggle(index),
      });
      face.tabIndex = index === state.cursor ? 0 : -1;
      face.dataset.index = String(index);
      return face;
    });
    const minimum = summary.ruleset.initial_meld_min ?? 0;
    const opening = minimum > 0 && !view.opened[state.seat] && view.phase !== 'over';
    // Counted in the order a legal lay-down lists the cards, not the order they were picked.
    const points = state.staged.reduce((sum, meld) => sum + meldPoints(meldOrder(moves, meld)), 0) + (match.partOf ? meldPoints(meldOrder(moves, picked)) : 0);
    const discard = picked.length === 1 && state.staged.length === 0 ? moves.discards.get(picked[0]) : undefined;
    const myPlay = view.turn === state.seat && view.phase === 'play' && !state.staged.length && !state.covered;
    const meant = myPlay ? meantCommand(picked, Boolean(discard) || match.exact.length > 0 || match.partOf) : null;
    const refused = whyNot.words(meant);
    const actions = [
      // The same cards laid two ways (a joker at either end of a run): the player picks.
      ...match.exact.map((command) =>
        h('button', { type: 'button', class: 'primary', onclick: () => play(command), disabled: state.busy, text: layDownLabel(command, state.staged.length > 0, match.exact.length > 1) }),
      ),
      !match.exact.length && match.partOf && picked.length > 0
        ? h('button', { type: 'button', onclick: holdMeld, text: 'Hold this meld', title: 'Keep it aside to lay with others in one go' })
        : null,
      discard ? h('button', { type: 'button', class: 'primary', onclick: () => play(discard), disabled: state.busy, text: `Discard ${shortName(picked[0])}` }) : null,
      moves.knock ? h('button', { type: 'button', class: 'primary', onclick: () => moves.knock && play(moves.knock), text: 'Knock' }) : null,
      state.staged.length ? h('button', { type: 'button', onclick: unstage, text: 'Take melds back' }) : null,
      state.selected.length ? h('button', { type: 'button', onclick: clearSelection, text: 'Clear' }) : null,
      moves.any ? h('button', { type: 'button', onclick: askHint, text: 'Hint' }) : null,
      h('button', { type: 'button', class: 'quiet', onclick: toggleSort, text: state.sortBy === 'suit' ? 'Sort by rank' : 'Sort by suit' }),
      view.phase !== 'over' && !(view.resigned ?? []).includes(state.seat) && !held.length
        ? h('button', { type: 'button', class: `quiet${state.confirmResign ? ' danger' : ''}`, onclick: resign, disabled: state.busy, text: state.confirmResign ? 'Really resign? A bot plays on' : 'Resign' })
        : null,
    ];
    return h(
      'div',
      { class: 'you' },
      autopilotNotice(view),
      h('p', { class: 'instruction', 'data-testid': 'instruction', text: instruction(view, moves) }),
      opening
        ? h('p', { class: `opening${points >= minimum ? ' reached' : ''}`, 'data-testid': 'opening' }, `First meld: ${points} of ${minimum} points`)
        : null,
      state.staged.length
        ? h('div', { class: 'staged', 'aria-label': 'Melds held for one lay-down' }, state.staged.map((meld) => h('span', { class: 'staged-meld' }, meld.map((card) => cardFace(card, { small: true })))))
        : null,
      handRow(cards),
      h('div', { class: 'actions' }, actions),
      state.hintText ? h('p', { class: 'hint-text', text: state.hintText }) : null,
      refused ? h('p', { class: 'why-not', role: 'status', 'data-testid': 'why-not', text: refused }) : null,
      state.message ? h('p', { class: 'problem', role: 'alert', 'data-testid': 'problem', text: state.message }) : null,
    );
  }

  /** @param {HTMLElement[]} cards */
  function handRow(cards) {
    const label = 'Your hand (arrow keys move along it, Alt with an arrow moves the card)';
    const row = h('div', { class: 'hand', role: 'group', 'aria-label': label, onkeydown: moveAlongHand }, cards);
    if (!state.covered) dragToReorder(row, moveCard, holdRedraws);
    return row;
  }

  /** @param {Command} hint @param {string} card */
  function hintHolds(hint, card) {
    if (hint.type === 'lay_melds') return hint.melds.some((meld) => meld.includes(card));
    if (hint.type === 'discard' || hint.type === 'lay_off' || hint.type === 'swap_joker') return hint.card === card;
    return false;
  }

  /** @param {View} view @param {Moves} moves */
  function instruction(view, moves) {
    if (view.phase === 'over') return 'The game is over.';
    if (view.turn !== state.seat) return moves.knock ? 'You may knock for the last discard.' : `Waiting for ${name(view.turn)}…`;
    if (view.phase === 'draw') return 'Draw a card: tap the stock or the discard pile.';
    if (moves.meldCards.size || moves.onTable.size) return 'Pick cards: green edges make a meld, blue ones fit a meld on the table (tap the glowing meld). Then discard one card.';
    return 'Pick a card to discard and end your turn.';
  }

  /**
   * Left and right (Home, End) move along the hand: one Tab stop for the whole hand.
   * @param {KeyboardEvent} event
   */
  function moveAlongHand(event) {
    const size = sortedHand().length;
    if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const to = state.cursor + (event.key === 'ArrowLeft' ? -1 : 1);
      moveCard(state.cursor, to);
      root.querySelector(`.hand [data-index="${state.cursor}"]`)?.closest('button')?.focus();
      return;
    }
    const steps = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    /** @type {number | null} */
    let next = null;
    if (event.key in steps) next = (state.cursor + steps[/** @type {keyof typeof steps} */ (event.key)] + size) % size;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = size - 1;
    if (next === null || !size) return;
    event.preventDefault();
    // Only the roving Tab stop moves (the cursor shows in nothing else): no re-render.
    const old = root.querySelector(`.hand [data-index="${state.cursor}"]`);
    const card = root.querySelector(`.hand [data-index="${next}"]`);
    state.cursor = next;
    if (old instanceof HTMLElement) old.tabIndex = -1;
    if (card instanceof HTMLElement) {
      card.tabIndex = 0;
      card.focus();
    }
  }

  /** @param {number} index */
  function toggle(index) {
    state.cursor = index;
    state.selected = state.selected.includes(index) ? state.selected.filter((at) => at !== index) : [...state.selected, index];
    state.chooserMeld = null;
    state.message = null;
    render();
  }

  function holdMeld() {
    state.staged = [...state.staged, selectedCards()];
    state.selected = [];
    render();
  }

  function unstage() {
    state.staged = [];
    render();
  }

  function clearSelection() {
    state.selected = [];
    state.chooserMeld = null;
    render();
  }

  function toggleSort() {
    state.sortBy = state.sortBy === 'suit' ? 'rank' : 'suit';
    state.order = null;
    setPreference('sort', state.sortBy);
    state.selected = [];
    render();
  }

  function logView() {
    return h('section', { class: 'log', 'aria-label': 'What happened' }, h('h2', { text: 'What happened' }), h('ol', { class: 'log-lines', tabindex: 0, 'aria-label': 'This hand, move by move' }, state.log.map((line) => h('li', { text: line }))));
  }

  /** @param {HandEnded} ended @param {View} view */
  function handEndView(ended, view) {
    const rows = ended.hands.map((cards, seat) =>
      h(
        'tr',
        { 'data-seat': seat },
        h('th', { scope: 'row', text: name(seat) + (ended.winner === seat ? ' ★' : '') }),
        h('td', { class: 'left-cards' }, cards.length ? cards.map((card) => cardFace(card, { small: true })) : '—'),
        h('td', { text: ended.hand_values[seat] ?? 0 }),
        h('td', { text: ended.scores[seat] ?? 0 }),
        h('td', { text: ended.totals[seat] ?? 0 }),
      ),
    );
    const over = state.gameEnd;
    const headline = ended.winner === null ? `Hand ${ended.hand_number}: no winner` : `Hand ${ended.hand_number}: ${name(ended.winner)} went out${ended.rummy ? ' — rummy!' : ''}`;
    return h(
      'div',
      { class: 'overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'hand-end-title' },
      h(
        'div',
        { class: 'sheet', 'data-testid': 'hand-end' },
        h('h2', { id: 'hand-end-title', text: headline }),
        scoresTable(['Seat', 'Cards left', 'Hand value', 'Score', 'Total'], rows, { class: 'hand-scores' }),
        over
          ? h('p', { class: 'game-over', 'data-testid': 'game-over', text: gameOverText(over) })
          : null,
        over ? (leagueBox ??= leagueResult(gameId, token(), invite, name, stop.signal)) : null,
        h(
          'div',
          { class: 'actions' },
          over
            ? [
                state.seat !== null && !held.length && !(view.resigned ?? []).includes(state.seat) ? h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', onclick: playRematch, disabled: state.busy, text: state.rematch ? 'Join the rematch' : 'Rematch' }) : null,
                state.seat === null && state.rematch ? h('a', { class: 'button primary', href: `#/game/${state.rematch}`, text: 'Watch the rematch' }) : null,
                h('button', { type: 'button', class: state.seat === null ? 'primary' : '', onclick: () => (location.hash = '#/'), text: 'New game' }),
                h('button', { type: 'button', onclick: () => (location.hash = `#/replay/${gameId}`), text: 'Replay this game' }),
                h('button', { type: 'button', onclick: closeHandEnd, text: 'Look at the table' }),
              ]
            : h('button', { type: 'button', class: 'primary', onclick: closeHandEnd, text: view.hand_number > ended.hand_number ? 'Next hand' : 'Continue' }),
        ),
      ),
    );
  }

  function closeHandEnd() {
    state.handEnd = null;
    // One screen: the summary went round the table; whoever plays next takes the device.
    if (mine.length > 1 && state.view?.phase !== 'over') state.covered = true;
    render();
  }

  function coverView() {
    return h(
      'div',
      { class: 'overlay cover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'cover-title' },
      h(
        'div',
        { class: 'sheet' },
        h('h2', { id: 'cover-title', text: `Pass the device to ${name(/** @type {number} */ (state.seat))}` }),
        h('p', { text: 'The hand stays hidden until its player is ready.' }),
        h('button', { type: 'button', class: 'primary', onclick: () => ((state.covered = false), render()), text: "I'm ready: show my hand" }),
      ),
    );
  }

  // ------------------------------------------------------------ start

  /** @type {AbortController | null} */
  let following = null;
  /** @type {HTMLElement | null} the league's word on the finished game, fetched once */
  let leagueBox = null;

  /** Follows the log from `after` (again, after the caller sat down: their own view of it). */
  function followFrom(/** @type {number} */ after) {
    following?.abort();
    following = new AbortController();
    const signal = AbortSignal.any([stop.signal, following.signal]);
    api
      .follow(gameId, { token: token(), invite, after, onEvents, onConnection, signal })
      .then((followed) => (followed.ended ? watchForRematch(followed.after, signal) : undefined))
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

  /**
   * The live channel ends with the game, but a finished game's log may still get its
   * rematch: looked for every few seconds while the page is in view, never in a loop.
   * @param {number} after
   * @param {AbortSignal} signal
   */
  async function watchForRematch(after, signal) {
    while (!signal.aborted && !state.rematch) {
      await api.pause(REMATCH_POLL_MS, signal);
      if (signal.aborted || document.visibilityState !== 'visible') continue;
      const page = await api.events(gameId, token(), after, { invite }).catch(() => null);
      if (!page?.events.length) continue;
      after = page.next_after;
      onEvents(page.events);
    }
  }

  // The server is reachable again: the "cannot be reached" goes, the table is read and followed anew.
  stop.signal.addEventListener('abort', whenBack(() => {
    if (state.message !== null && state.message === connectionMessage) state.message = null;
    connectionMessage = null;
    if (state.summary) followFrom(noted);
    refresh().catch(showError);
  }));

  async function start() {
    render();
    try {
      await refresh();
      const summary = /** @type {api.GameSummary} */ (state.summary);
      if (mine.length > 1 && summary.status !== 'waiting') state.covered = true;
      // The recent log seeds the history lines and the turn's deadline; then follow from its end.
      const recent = await api.events(gameId, token(), Math.max(0, summary.version - RECENT_EVENTS), { limit: RECENT_EVENTS, invite });
      for (const envelope of recent.events) note(envelope);
      // Back at a table (a reload, or from the list of tables): a hand's summary stays up
      // while nobody has played since it ended, and a finished game's for good.
      if (summary.status !== 'finished' && playedSinceHandEnd(recent.events)) state.handEnd = null;
      noted = Math.max(noted, recent.events.at(-1)?.version ?? summary.version);
      received = noted;
      // Read again: the view must be at least as new as the log followed from here on.
      await refresh();
      followFrom(recent.events.at(-1)?.version ?? summary.version);
    } catch (error) {
      replace(root, h('p', { class: 'problem', role: 'alert', text: problemText(error) }), h('p', {}, h('a', { href: '#/', text: 'Back to the start' })));
    }
  }

  // Claims and departures at a waiting table are not events: its seats are read again now and then.
  const waitingPoll = setInterval(() => {
    if (state.summary?.status === 'waiting' && !refreshing) {
      summaryStale = true;
      refresh().catch(showError);
    }
  }, 2000);

  const ticker = setInterval(() => {
    const timer = root.querySelector('[data-timer]');
    if (timer) timer.textContent = timerText();
  }, 1000);
  start();
  return () => {
    stop.abort();
    clearInterval(ticker);
    clearInterval(waitingPoll);
  };
}

/**
 * A modal sheet keeps the focus: Tab and Shift+Tab go round its controls; Escape closes it
 * when it can be closed.
 * @param {HTMLElement} sheet
 * @param {(() => void) | null} close
 */
function keepFocusIn(sheet, close) {
  sheet.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && close) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = [...sheet.querySelectorAll('button:not(:disabled), a[href]')].filter((element) => element instanceof HTMLElement);
    const first = controls[0];
    const last = controls.at(-1);
    if (!(first instanceof HTMLElement) || !(last instanceof HTMLElement)) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}

/**
 * A key that finds the same control again after a re-render.
 * @param {HTMLElement} element
 * @returns {string | null}
 */
function focusKey(element) {
  if (element.dataset.index) return `.hand [data-index="${element.dataset.index}"]`;
  if (element.dataset.card) return `[data-card="${element.dataset.card}"]`;
  if (element.dataset.meld) return `[data-meld="${element.dataset.meld}"]`;
  if (element.tagName === 'SELECT' && element.id) return `#${element.id}`;
  if (element.tagName === 'BUTTON' && element.textContent) return `button::${element.textContent}`;
  return null;
}

/**
 * Puts the focus back where it was before a re-render; when that control is gone (the
 * button that played the move), on the next thing to do, so a keyboard never starts over.
 * @param {string} key
 * @param {HTMLElement} root
 */
function restoreFocus(key, root) {
  /** @type {HTMLElement | null | undefined} */
  let element;
  if (key.startsWith('button::')) {
    const text = key.slice(8);
    element = [...root.querySelectorAll('button')].find((button) => button.textContent === text);
  } else {
    const found = root.querySelector(key);
    element = found instanceof HTMLElement ? found : null;
  }
  if (!(element instanceof HTMLElement) || element.hasAttribute('disabled')) element = nextControl(root);
  element?.focus();
}

/**
 * The control a turn goes on with: a pile to draw from, else the hand, else the first action.
 * @param {HTMLElement} root
 * @returns {HTMLElement | null}
 */
function nextControl(root) {
  for (const selector of ['.piles button:not(:disabled)', '.hand button[tabindex="0"]', '.you .actions button:not(:disabled)']) {
    const found = root.querySelector(selector);
    if (found instanceof HTMLElement) return found;
  }
  return null;
}
