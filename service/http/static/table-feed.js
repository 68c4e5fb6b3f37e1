// The followed log as the table takes it: each event noted (the history, a hand's end) and
// another seat's move played out on its own, for a moment, before the next.

import { announce, liveRegion } from './announcer.js';
import { fly, startOf } from './card-flight.js';
import { historyLine } from './history-lines.js';
import { movesOf } from './moves.js';
import { pacedQueue } from './paced-queue.js';
import { paceMs } from './pace.js';
import { cueOf } from './sound-cues.js';
import { sound } from './sound.js';
import { noteDrawn, noteSeatTurn, noteTableNews } from './table-state.js';
import { stepView } from './view-steps.js';

/** @typedef {import('./api.js').Envelope} Envelope */

// The history keeps the whole hand (scrollable), bounded for a hand that never ends.
const LOG_LINES = 400;
// The lines kept to find the others' latest move: more than any one seat's turn makes.
const RECENT_LINES = 60;

// A tab out of sight shows nothing and its timers are slowed to a tick a second or a
// minute: its moves go at once, so it is never behind when the player comes back.
const momentNow = () => (document.hidden ? 0 : paceMs());

// The moves of a hand: once one follows a hand's end, its summary is old news.
const PLAYS = new Set(['cards_drawn', 'meld_laid', 'card_laid_off', 'joker_swapped', 'card_discarded', 'knocked', 'turn_timed_out']);

/** @param {Envelope[]} events */
export function playedSinceHandEnd(events) {
  const ended = events.map((envelope) => envelope.event.type).lastIndexOf('hand_ended');
  return events.slice(ended + 1).some((envelope) => PLAYS.has(envelope.event.type));
}

// Events after which the summary (status, seats, names) is read again: a waiting
// table's seats taken and given back among them, so its waiting room is up to date.
const SUMMARY_EVENTS = new Set(['seat_claimed', 'seat_left', 'hand_dealt', 'seats_removed', 'seat_resigned', 'game_ended', 'rematch_offered']);

// Events after which the drawn table is read again before the next move is shown.
const REDRAWN = new Set(['game_started', 'seat_claimed', 'seat_left', 'hand_dealt', 'stock_renewed', 'seats_removed', 'seat_resigned']);

/**
 * @param {import('./table-state.js').TableContext} table
 * @param {() => Promise<void>} refresh reads the server's view and draws it
 * @param {(error: unknown) => void} showError
 * @param {() => void} summaryChanged the summary (seats, status, names) is to be read again
 */
export function tableFeed(table, refresh, showError, summaryChanged) {
  const { root, state, mine, signal, name, render } = table;
  liveRegion();

  /** @param {Envelope[]} batch */
  function onEvents(batch) {
    // A channel opened again hands on what is queued already.
    const fresh = batch.filter((envelope) => envelope.version > received);
    received = Math.max(received, ...fresh.map((envelope) => envelope.version));
    if (fresh.some((envelope) => SUMMARY_EVENTS.has(envelope.event.type))) summaryChanged();
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
   * @param {boolean} hurried the player's turn or move: noted only, the server's view follows
   * @returns {Promise<boolean>} whether it was drawn, to stay a moment in view
   */
  async function playOut(envelope, hurried) {
    note(envelope);
    const view = state.view;
    const moment = momentNow();
    if (!view || envelope.version <= (view.version ?? 0) || moment === 0 || hurried || signal.aborted) return false;
    const stepped = othersMove(envelope) ? stepView(view, envelope) : null;
    if (!stepped) {
      if (REDRAWN.has(envelope.event.type)) await refresh();
      return false;
    }
    const start = startOf(root, envelope);
    // Handed to this screen, or a discard it may knock for (a window of seconds): the
    // server's view, with the moves it offers, at once.
    if ((mine.includes(stepped.turn) && stepped.phase === 'draw') || knockable(envelope)) await refresh();
    else {
      state.view = stepped;
      state.moves = movesOf(stepped);
      render();
    }
    fly(root, envelope, start, moment);
    // Heard as it is seen: one sentence per move shown, with its pause before the next.
    const words = historyLine(envelope.event, name);
    if (words) announce(words);
    return true;
  }

  /**
   * Another seat's discard at a table that knocks: this screen may want it at once.
   * @param {Envelope} envelope
   */
  function knockable(envelope) {
    return envelope.event.type === 'card_discarded' && mine.length > 0 && state.summary?.ruleset.knocking === true;
  }

  /** The last version queued to be shown. */
  let received = 0;
  const paced = pacedQueue(playOut, momentNow, () => refresh().catch(showError), showError, signal);

  // The last version noted: a command's own events and the followed log may carry the same ones.
  let noted = 0;

  /**
   * @param {Envelope} envelope
   * @param {boolean} [quiet] read back from before the table was opened: no sound
   */
  function note(envelope, quiet = false) {
    if (envelope.version <= noted) return;
    noted = envelope.version;
    noteDrawn(state, [envelope]);
    const event = envelope.event;
    noteTableNews(state, event, mine);
    noteSeatTurn(state, event);
    const cue = quiet ? null : cueOf(event, mine);
    if (cue) sound(cue);
    switch (event.type) {
      case 'hand_dealt':
        state.log = [];
        break;
      case 'hand_ended':
        // A bot that plays first may go out while the last hand's summary is still read:
        // that one stays up, and this one follows it (read back on opening: the last only).
        // One waits at most: a table played on by bots meanwhile skips to its latest.
        if (state.handEnd && !quiet && !state.gameEnd) state.handEndWaiting = event;
        else state.handEnd = event;
        state.lastHandEnd = event;
        break;
      case 'game_ended':
        // The game's end is summed up with its last hand.
        state.gameEnd = event;
        state.handEnd = state.lastHandEnd ?? state.handEnd;
        state.handEndWaiting = null;
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
    // Friends on one screen: the card a seat drew from the stock is its secret, and the
    // history is read by the friend handed the device next.
    const told = mine.length > 1 && event.type === 'cards_drawn' && event.source === 'stock' ? { ...event, cards: null } : event;
    const line = historyLine(told, name);
    if (line) state.log = [...state.log, line].slice(-LOG_LINES);
    // The latest of the others' moves (or the table's: a deal) is shown on the felt by the
    // piles; friends on one screen each read the last that was not their own.
    if (line) state.recentLines = [...state.recentLines, { seat: 'seat' in event ? event.seat : null, line }].slice(-RECENT_LINES);
    // The seat is named as its bot's after this line ("You resigned" stays the player's):
    // the bot's moves come before the summary is read again.
    if (event.type === 'seat_resigned') state.resigned.add(event.seat);
  }

  return {
    onEvents,
    note,
    /** Plays the moves still queued at once (the player's turn, or their own move). */
    hurry: () => paced.hurry(),
    /** The last version noted. */
    noted: () => noted,
    /**
     * The log read up to `version` (a table opened): noted, and nothing older to queue.
     * @param {number} version
     */
    caughtUp(version) {
      noted = Math.max(noted, version);
      received = noted;
    },
  };
}
