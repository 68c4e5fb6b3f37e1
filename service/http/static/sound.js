// Short, quiet sounds of the table, made with the Web Audio API (no files): the player's turn,
// a card drawn, a meld laid, a discard, a hand won or lost. On unless the player turns them off
// (kept in this browser), and silent until the page has had the player's first click or key.

import { h } from './dom.js';
import { preference, setPreference } from './session.js';

/** @typedef {'turn' | 'draw' | 'meld' | 'discard' | 'won' | 'lost'} Cue */

/** The loudest a note gets (of 1): a quiet chime under whatever else plays. */
const VOLUME = 0.07;

/** A cue this soon (ms) after another is dropped: a burst of moves shown at once is one sound. */
const GAP_MS = 90;

/**
 * Each cue's notes: frequency (Hz), start and length (s), waveform.
 * @type {Record<Cue, [number, number, number, OscillatorType][]>}
 */
const NOTES = {
  turn: [[659, 0, 0.1, 'sine'], [880, 0.1, 0.16, 'sine']],
  draw: [[520, 0, 0.05, 'triangle']],
  meld: [[523, 0, 0.07, 'sine'], [659, 0.06, 0.07, 'sine'], [784, 0.12, 0.12, 'sine']],
  discard: [[330, 0, 0.08, 'triangle']],
  won: [[523, 0, 0.12, 'sine'], [659, 0.12, 0.12, 'sine'], [784, 0.24, 0.12, 'sine'], [1047, 0.36, 0.3, 'sine']],
  lost: [[392, 0, 0.18, 'sine'], [330, 0.18, 0.18, 'sine'], [262, 0.36, 0.32, 'sine']],
};

/** Cues that sound even right after another: they say something the others do not. */
const ALWAYS = new Set(['turn', 'won', 'lost']);

/** @type {AudioContext | null} made at the first cue the page may play */
let context = null;
let lastAt = -Infinity;

// Browsers without `navigator.userActivation`: the first click, tap or key is noted here.
let interacted = false;
for (const type of ['pointerdown', 'keydown', 'touchend']) {
  window.addEventListener(type, () => (interacted = true), { capture: true, once: true, passive: true });
}

/** Whether the player has clicked, tapped or typed on the page yet (the browser's autoplay rule). */
function mayPlay() {
  const activation = /** @type {{ hasBeenActive?: boolean } | undefined} */ (navigator.userActivation);
  return activation?.hasBeenActive ?? interacted;
}

/** Whether the sounds are on (the default). */
export function soundOn() {
  return preference('sound', 'on') !== 'off';
}

/**
 * Plays `cue`, if the sounds are on and the player has touched the page.
 * @param {Cue} cue
 */
export function sound(cue) {
  if (!soundOn() || !mayPlay() || typeof AudioContext === 'undefined') return;
  const now = performance.now();
  if (now - lastAt < GAP_MS && !ALWAYS.has(cue)) return;
  lastAt = now;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    for (const [frequency, at, length, wave] of NOTES[cue]) note(context, frequency, start + at, length, wave);
  } catch {
    // No sound to be had (no audio device): the game goes on without it.
  }
}

/**
 * One note: a quick rise and a soft fall, so nothing clicks.
 * @param {AudioContext} audio
 * @param {number} frequency
 * @param {number} start
 * @param {number} length
 * @param {OscillatorType} wave
 */
function note(audio, frequency, start, length, wave) {
  const oscillator = audio.createOscillator();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(VOLUME, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

/** The switch as the table shows it: a checkbox "Sound", kept in this browser. */
export function soundSetting() {
  const box = h('input', {
    type: 'checkbox',
    id: 'sound',
    'data-testid': 'sound',
    checked: soundOn(),
    // Read from the event's own box: a switch drawn again unchanged is the one kept in the page.
    onchange: (/** @type {Event} */ event) => {
      const on = /** @type {HTMLInputElement} */ (event.currentTarget).checked;
      setPreference('sound', on ? 'on' : 'off');
      // Heard as it is turned on: the player knows how loud the table is.
      if (on) sound('draw');
    },
  });
  return h('span', { class: 'sound' }, box, h('label', { for: 'sound', text: 'Sound' }));
}
