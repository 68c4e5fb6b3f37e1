// The first visit's question: what the table should call this player (skippable).

import * as players from './players-api.js';
import { h } from './dom.js';
import { problemText } from './render.js';
import { ensurePlayer, keepPlayerName, preference, setPreference } from './session.js';

const ASKED = 'name-asked';
const LONGEST = 40;

/**
 * A small form asking for a name, or null once answered or skipped in this browser.
 * The name goes to `PATCH /players/me`; seats, melds, history and results show it.
 * @returns {HTMLElement | null}
 */
export function nameQuestion() {
  if (preference(ASKED, '') === '1') return null;
  const input = /** @type {HTMLInputElement} */ (h('input', { id: 'your-name', type: 'text', autocomplete: 'nickname', maxlength: LONGEST, placeholder: 'a name others will see' }));
  const problem = h('p', { class: 'problem', role: 'alert' });
  const done = () => {
    setPreference(ASKED, '1');
    form.remove();
  };
  /** @param {SubmitEvent} event */
  const save = async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) {
      problem.textContent = 'Type a name, or skip: you stay a guest with a made-up name.';
      return;
    }
    try {
      const player = await ensurePlayer();
      const renamed = await players.renameMe(player.token, name);
      keepPlayerName(renamed.name);
      done();
    } catch (error) {
      problem.textContent = problemText(error);
    }
  };
  const form = h(
    'form',
    { class: 'name-ask', 'data-testid': 'name-ask', onsubmit: save },
    h('label', { for: 'your-name', text: 'What should the table call you?' }),
    h('span', { class: 'inline' }, input, h('button', { type: 'submit', class: 'primary', text: 'Save' }), h('button', { type: 'button', onclick: done, text: 'Skip' })),
    problem,
  );
  return form;
}
