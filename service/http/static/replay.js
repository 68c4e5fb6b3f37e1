// Replay: step through a game version by version (`/states/{version}`), every hand shown once it is over.

import * as api from './api.js';
import { sortHand } from './cards.js';
import { h, replace } from './dom.js';
import { cardBack, cardFace, meldView, problemText, rulesPanel, seatName } from './render.js';
import { seatNow, stepText } from './replay-words.js';
import { gameNotes, gameToken, seatsHeld } from './session.js';

/** @typedef {import('./api.js').Envelope} Envelope */

/**
 * @param {HTMLElement} root
 * @param {string} gameId
 * @returns {() => void}
 */
export function mountReplay(root, gameId) {
  let stopped = false;
  const held = seatsHeld(gameId);
  const notes = gameNotes(gameId);
  const invite = notes?.invite ?? null;
  // A seat's token shows its own hand as it was; others watch (a player not seated here too).
  const token = held.length || notes?.seats?.length ? gameToken(gameId, held[0]?.seat ?? null) : null;
  const mine = held.length ? held.map((entry) => entry.seat) : [...(notes?.seats ?? [])];
  /** @type {api.GameSummary | null} */
  let summary = null;
  /** @type {Envelope[]} */
  let log = [];
  let version = 1;
  /** @type {api.StateAt | null} */
  let shown = null;
  /** @type {string | null} */
  let problem = null;

  async function load() {
    try {
      summary = await api.summary(gameId, token, invite);
      const events = [];
      let after = 0;
      // Bounded: a game of the longest rules is a few thousand events.
      for (let page = 0; page < 20; page += 1) {
        const batch = await api.events(gameId, token, after, { limit: 1000, invite });
        if (!batch.events.length) break;
        events.push(...batch.events);
        after = /** @type {Envelope} */ (batch.events.at(-1)).version;
        if (after >= batch.version) break;
      }
      log = events;
      await go(summary.version);
    } catch (error) {
      problem = problemText(error);
      draw();
    }
  }

  /** @param {number} target */
  async function go(target) {
    if (!summary) return;
    version = Math.min(Math.max(1, target), summary.version);
    try {
      shown = await api.stateAt(gameId, version, token);
      problem = null;
    } catch (error) {
      problem = problemText(error);
    }
    draw();
  }

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowLeft') go(version - 1);
    else if (event.key === 'ArrowRight') go(version + 1);
  }

  function eventText() {
    const envelope = log.find((entry) => entry.version === version);
    return envelope ? stepText(envelope, (seat) => nameAt(seat, envelope.version)) : '';
  }

  /**
   * A seat's name at a step, numbered as at that step: before a start that removed
   * seats, as created (the summary's are closed up).
   * @param {number} seat
   * @param {number} at the step's version
   */
  function nameAt(seat, at) {
    const now = seatNow(log, at, seat);
    return now === null ? `Seat ${seat + 1} (removed at the start)` : seatName(summary, now, mine);
  }

  function draw() {
    if (stopped) return;
    if (!summary || !shown) {
      replace(root, problem ? h('p', { class: 'problem', role: 'alert', text: problem }) : h('p', { class: 'loading', text: 'Loading the game…' }));
      return;
    }
    const view = shown.view;
    const hands = shown.state?.hands ?? null;
    const slider = /** @type {HTMLInputElement} */ (h('input', { type: 'range', min: 1, max: summary.version, value: version, 'aria-label': 'Step', id: 'replay-version' }));
    slider.addEventListener('change', () => go(Number(slider.value)));
    const seats = [];
    for (let seat = 0; seat < view.seats; seat += 1) {
      const cards = hands?.[seat] ?? (seat === view.seat ? view.hand : null);
      seats.push(
        h(
          'li',
          { class: `replay-seat${seat === view.turn ? ' turn' : ''}` },
          h('strong', { text: `${nameAt(seat, version)} · ${view.totals[seat] ?? 0} pts` }),
          h('span', { class: 'replay-hand' }, cards ? sortHand(cards, 'suit').map((card) => cardFace(card, { small: true })) : Array.from({ length: Math.min(view.hand_sizes[seat] ?? 0, 20) }, cardBack)),
        ),
      );
    }
    const top = view.discard_pile.at(-1);
    replace(
      root,
      h(
        'section',
        { class: 'replay' },
        h('h1', { text: `Replay · ${summary.preset}` }),
        h(
          'div',
          { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the game' },
          h('button', { type: 'button', onclick: () => go(1), text: 'First' }),
          h('button', { type: 'button', onclick: () => go(version - 1), text: '◀ Back' }),
          slider,
          h('button', { type: 'button', onclick: () => go(version + 1), text: 'Next ▶' }),
          h('button', { type: 'button', onclick: () => go(summary ? summary.version : 1), text: 'Last' }),
        ),
        h('p', { class: 'replay-at', 'data-testid': 'replay-at', text: `Step ${version} of ${summary.version} · hand ${view.hand_number} · ${eventText()}` }),
        shown.visibility === 'full' ? null : h('p', { class: 'explain', text: 'Hidden hands are shown once the game is over (or the hand, where the rules reveal it).' }),
        h('ul', { class: 'replay-seats' }, seats),
        h('div', { class: 'felt' }, h('div', { class: 'piles' }, h('span', { class: 'pile' }, cardBack(), h('span', { class: 'pile-label', text: `Stock: ${view.stock_count}` })), h('span', { class: 'pile' }, top ? cardFace(top) : h('span', { class: 'card slot' }), h('span', { class: 'pile-label', text: `Discards: ${view.discard_pile.length}` }))), h('div', { class: 'melds' }, view.table.map((meld) => meldView(meld)))),
        problem ? h('p', { class: 'problem', role: 'alert', text: problem }) : null,
        rulesPanel(summary.ruleset),
        h('p', {}, h('a', { href: `#/game/${gameId}`, text: 'Back to the table' })),
      ),
    );
  }

  document.addEventListener('keydown', onKey);
  draw();
  load();
  return () => {
    stopped = true;
    document.removeEventListener('keydown', onKey);
  };
}
