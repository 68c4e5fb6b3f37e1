// A tiny element builder: the page renders by replacing small trees, with no framework.

/** @typedef {Node | string | number | null | undefined | false} Child */

/**
 * Each element's handlers, by event type: the listener `h` adds calls the one held here, so an
 * element kept by `redraw` answers with the handlers of the render that drew it last.
 * @type {WeakMap<Element, Record<string, (event: Event) => void>>}
 */
const handlers = new WeakMap();

/**
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes] `class`, `text`, `on<event>` handlers, other attributes
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      const type = name.slice(2);
      const own = handlers.get(element) ?? {};
      handlers.set(element, own);
      own[type] = /** @type {(event: Event) => void} */ (value);
      element.addEventListener(type, (event) => handlers.get(element)?.[type]?.(event));
    } else if (name === 'text') {
      element.textContent = String(value);
    } else if (name === 'value' && element instanceof HTMLInputElement) {
      element.value = String(value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'number' ? String(child) : child);
  }
  return element;
}

/**
 * @param {Element} parent
 * @param {...(Child | Child[])} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false).map((child) => (typeof child === 'number' ? String(child) : /** @type {Node | string} */ (child))));
}

/**
 * Draws `children` into `parent` like `replace`, but keeps each element that is drawn again
 * just as it was (the same tag, attributes and content, and handlers for the same events):
 * it stays the very element it was, with its box, its focus and a finger's tap in progress,
 * and takes the new render's handlers. Only what changed is swapped; an open `<details>` stays open.
 * A part is matched to the old part of its kind (tag and class), not to the old part at its
 * place: a banner that comes or goes above the hand leaves the hand's cards as they were.
 * @param {Element} parent
 * @param {...(Child | Child[])} children
 */
export function redraw(parent, ...children) {
  const before = [...parent.childNodes];
  const next = children.flat().filter((child) => child !== null && child !== undefined && child !== false);
  const nodes = next.map((child) => (typeof child === 'number' || typeof child === 'string' ? document.createTextNode(String(child)) : child));
  const matches = matched(before, nodes);
  const after = nodes.map((node, index) => {
    const old = matches[index];
    return old ? kept(old, node) : node;
  });
  // Nothing changed: the page is left alone (a node put back would lose its focus and a click in progress).
  if (after.length === before.length && after.every((node, index) => node === before[index])) return;
  parent.replaceChildren(...after);
}

/**
 * The old node when it is drawn again unchanged, else the new one with what it can keep of the old.
 * @param {Node} old
 * @param {Node} fresh
 * @returns {Node}
 */
function kept(old, fresh) {
  if (!(old instanceof Element) || !(fresh instanceof Element) || old.tagName !== fresh.tagName) return fresh;
  // Another kind of part at this place (the waiting room, then the table): nothing of it is kept.
  if (old.getAttribute('class') !== fresh.getAttribute('class')) return fresh;
  if (old instanceof HTMLDetailsElement && fresh instanceof HTMLDetailsElement) fresh.open = old.open;
  if (old.isEqualNode(fresh) && adopted(old, fresh)) return old;
  const children = [...fresh.childNodes];
  const matches = matched([...old.childNodes], children);
  for (const [index, child] of children.entries()) {
    const match = matches[index];
    const keep = match ? kept(match, child) : child;
    if (keep !== child) fresh.replaceChild(keep, child);
  }
  return fresh;
}

/**
 * For each fresh node, in order, the first old node of its kind after the last one matched
 * (null where there is none): parts keep their order, and one that came or went between
 * two others moves nothing else.
 * @param {Node[]} olds
 * @param {Node[]} freshes
 * @returns {(Node | null)[]}
 */
function matched(olds, freshes) {
  // Each old part's kind read once, and each search from the last match on: a long
  // history redraws in one pass, not one scan of every old line per new line.
  const kinds = olds.map(kindOf);
  let from = 0;
  return freshes.map((fresh) => {
    const at = kinds.indexOf(kindOf(fresh), from);
    if (at < 0) return null;
    from = at + 1;
    return olds[at];
  });
}

/** @param {Node} node */
function kindOf(node) {
  return node instanceof Element ? `${node.tagName}.${node.getAttribute('class') ?? ''}` : node.nodeName;
}

/**
 * Hands the fresh tree's handlers to the old one, element by element (the trees are equal):
 * false, and nothing handed, where the two do not handle the same events.
 * @param {Element} old
 * @param {Element} fresh
 */
function adopted(old, fresh) {
  const fresher = fresh.querySelectorAll('*');
  /** @type {[Element, Element][]} */
  const pairs = [[old, fresh], ...[...old.querySelectorAll('*')].map((element, index) => /** @type {[Element, Element]} */ ([element, fresher[index]]))];
  const same = pairs.every(([a, b]) => Object.keys(handlers.get(a) ?? {}).sort().join() === Object.keys(handlers.get(b) ?? {}).sort().join());
  if (!same) return false;
  for (const [a, b] of pairs) {
    const own = handlers.get(b);
    if (own) handlers.set(a, own);
  }
  return true;
}
