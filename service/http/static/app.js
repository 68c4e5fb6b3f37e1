// The page's entry: routes (`#/`, `#/lobby`, `#/new`, `#/game/ID`, `#/replay/ID`, `#/join/ID/CODE`,
// `#/leaderboard/LADDER`), each to its screen.

import { showCreateForm } from './create-form.js';
import { showHome } from './home.js';
import { showLeaderboard } from './league.js';
import { showLobby } from './lobby.js';
import { mountReplay } from './replay.js';
import { joinByCode } from './sitting.js';
import { mountTable } from './table.js';

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
/** @type {(() => void) | null} */
let unmount = null;

/**
 * A path segment of the hash as it was escaped; one that no escape makes (`%`, a cut
 * `%E0%A4%A`) as it stands: decodeURIComponent throws on it, and a router that throws
 * leaves a blank screen.
 * @param {string} segment
 */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function route() {
  unmount?.();
  unmount = null;
  const [, screen = '', id = ''] = location.hash.split('/');
  document.body.dataset.screen = screen || 'home';
  if (screen === 'game' && id) unmount = mountTable(main, id);
  else if (screen === 'replay' && id) unmount = mountReplay(main, id);
  else if (screen === 'join' && id) joinByCode(`${id}:${location.hash.split('/')[3] ?? ''}`, showHome(main));
  else if (screen === 'lobby') showLobby(main);
  else if (screen === 'new') showCreateForm(main);
  else if (screen === 'leaderboard') showLeaderboard(main, decoded(id || 'basic'));
  else showHome(main);
}

window.addEventListener('hashchange', route);
route();
