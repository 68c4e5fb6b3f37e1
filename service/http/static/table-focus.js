// Where the keyboard's focus goes on the table: kept in a sheet, back after a redraw, on to what comes next.

/** @type {WeakMap<HTMLElement, (() => void) | null>} each sheet's way to close, as last drawn */
const closers = new WeakMap();

/**
 * A modal sheet keeps the focus: Tab and Shift+Tab go round its controls; Escape closes it
 * when it can be closed.
 * @param {HTMLElement} sheet
 * @param {(() => void) | null} close
 */
export function keepFocusIn(sheet, close) {
  // A sheet drawn again unchanged is the same element: its one listener asks the latest `close`.
  const first = !closers.has(sheet);
  closers.set(sheet, close);
  if (!first) return;
  sheet.addEventListener('keydown', (event) => {
    const close = closers.get(sheet);
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
export function focusKey(element) {
  if (element.dataset.index) return `.hand [data-index="${element.dataset.index}"]`;
  if (element.dataset.card) return `[data-card="${element.dataset.card}"]`;
  if (element.dataset.meld) return `[data-meld="${element.dataset.meld}"]`;
  if ((element.tagName === 'SELECT' || element.tagName === 'INPUT') && element.id) return `#${element.id}`;
  if (element.tagName === 'BUTTON' && element.textContent) return `button::${element.textContent}`;
  return null;
}

/**
 * Puts the focus back where it was before a re-render; when that control is gone (the
 * button that played the move), on the next thing to do, so a keyboard never starts over.
 * @param {string} key
 * @param {HTMLElement} root
 */
export function restoreFocus(key, root) {
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
export function nextControl(root) {
  for (const selector of ['.piles button:not(:disabled)', '.hand button[tabindex="0"]', '.you .actions button:not(:disabled)']) {
    const found = root.querySelector(selector);
    if (found instanceof HTMLElement) return found;
  }
  return null;
}
