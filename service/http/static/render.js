// Pieces every screen draws: cards, melds, seat names, the rules panel, problems.

import { ProblemError } from '@rummy/client';
import { isJoker, isRed, longName, rankLabel, shortName, suitSymbol } from './cards.js';
import { h } from './dom.js';
import { KNOBS, knobNames, sayValue } from './rules.js';

/** @typedef {import('./api.js').Meld} Meld */
/** @typedef {import('./api.js').GameSummary} GameSummary */
/** @typedef {import('./api.js').RuleSet} RuleSet */

/**
 * @typedef {object} CardLook
 * @property {boolean} [selected]
 * @property {boolean} [meld] part of a meld this seat could lay (green edge)
 * @property {boolean} [layOff] could be laid off or swapped onto the table (blue edge)
 * @property {boolean} [hinted]
 * @property {boolean} [drawn] drawn this turn (a tag on its top edge until the seat discards)
 * @property {boolean} [small]
 * @property {string} [standsFor] a joker's card on the table
 * @property {string} [label] the accessible name, when the card is a button
 * @property {(event: MouseEvent) => void} [onclick] makes the card a button
 * @property {boolean} [disabled]
 */

/**
 * A table of scores under its column titles, scrolled sideways on a narrow screen.
 * @param {string[]} columns
 * @param {HTMLElement[]} rows
 * @param {Record<string, unknown>} [attributes] the table's own, its `class` added to `scores`
 */
export function scoresTable(columns, rows, attributes = {}) {
  const classes = attributes.class ? `scores ${attributes.class}` : 'scores';
  return h(
    'div',
    { class: 'scroll-x' },
    h('table', { ...attributes, class: classes }, h('thead', {}, h('tr', {}, columns.map((title) => h('th', { scope: 'col', text: title })))), h('tbody', {}, rows)),
  );
}

/**
 * @param {string} card
 * @param {CardLook} [look]
 */
export function cardFace(card, look = {}) {
  const classes = ['card'];
  if (isRed(card)) classes.push('red');
  if (isJoker(card)) classes.push('joker');
  if (look.selected) classes.push('selected');
  if (look.meld) classes.push('can-meld');
  if (look.layOff) classes.push('can-lay-off');
  if (look.hinted) classes.push('hinted');
  if (look.small) classes.push('small');
  const inner = [
    h('span', { class: 'rank', text: rankLabel(card) }),
    h('span', { class: 'suit', text: isJoker(card) ? 'Joker' : suitSymbol(card) }),
    look.standsFor ? h('span', { class: 'stands', text: `= ${shortName(look.standsFor)}` }) : null,
    look.drawn ? h('span', { class: 'drawn-tag', 'aria-hidden': 'true', text: 'new' }) : null,
  ];
  const said = look.standsFor ? `joker standing for ${longName(look.standsFor)}` : longName(card);
  // What the green and blue edges and the hint's glow say, spoken too.
  const hints = [look.drawn ? 'just drawn' : null, look.meld ? 'can go in a meld' : null, look.layOff ? 'can be laid off on the table' : null, look.hinted ? 'suggested' : null];
  const name = [said, ...hints.filter((hint) => hint)].join(', ');
  if (!look.onclick) return h('span', { class: classes.join(' '), role: 'img', 'aria-label': name, 'data-card': card }, inner);
  return h(
    'button',
    {
      type: 'button',
      class: classes.join(' '),
      'aria-pressed': look.selected ? 'true' : 'false',
      'aria-label': look.label ?? name,
      'data-card': card,
      disabled: look.disabled,
      onclick: look.onclick,
    },
    inner,
  );
}

/** The back of a card, for the stock and opponents' hands. */
export const cardBack = () => h('span', { class: 'card back', 'aria-hidden': 'true' });

/**
 * A meld on the table; each joker shows the card it stands for.
 * @param {Meld} meld
 * @param {{glow?: boolean, hinted?: boolean, owner?: string, news?: import('./table-state.js').TableNews, onclick?: () => void, choices?: HTMLElement | null}} [look]
 */
export function meldView(meld, look = {}) {
  const cards = meld.cards.map((placed) =>
    cardFace(placed.card, { small: true, standsFor: isJoker(placed.card) ? placed.as : undefined }),
  );
  // Another seat's doing since this screen's last discard: "new", or the cards it added.
  const news = look.news ? (look.news.laid ? 'new' : `+${look.news.added.map(shortName).join(' ')}`) : null;
  const newsSaid = look.news ? (look.news.laid ? ', new since your last turn' : `, ${look.news.added.map(longName).join(', ')} added since your last turn`) : '';
  const title = `Meld ${meld.id}: ${meld.kind}${look.owner ? ` by ${look.owner}` : ''}${newsSaid}`;
  const classes = `meld${look.glow ? ' glow' : ''}${look.hinted ? ' hinted' : ''}${news ? ' fresh' : ''}`;
  const label = h('span', { class: 'meld-label' }, `#${meld.id}${look.owner ? ` · ${look.owner}` : ''}`, news ? h('span', { class: 'meld-news', 'data-testid': 'meld-news', text: news }) : null);
  const body = [label, h('span', { class: 'meld-cards' }, cards)];
  const box = look.onclick
    ? h('button', { type: 'button', class: classes, 'data-meld': meld.id, 'aria-label': `${title}: play the selected card here`, onclick: look.onclick }, body)
    : h('div', { class: classes, 'data-meld': meld.id, role: 'group', 'aria-label': title }, body);
  return look.choices ? h('div', { class: 'meld-wrap' }, box, look.choices) : box;
}

/**
 * A bot as people call it, "Bot · level 2"; its seat is added where another bot has its level.
 * @param {GameSummary | null} summary
 * @param {{seat: number, level?: number | null}} spec
 */
function botName(summary, spec) {
  const level = spec.level ?? 1;
  const twins = (summary?.seats ?? []).filter((other) => other.kind === 'bot' && (other.level ?? 1) === level).length;
  return `Bot · level ${level}${twins > 1 ? ` (seat ${spec.seat + 1})` : ''}`;
}

/**
 * A seat's name as this page shows it.
 * @param {GameSummary | null} summary
 * @param {number} seat
 * @param {number[]} mine the seats this browser plays
 * @param {ReadonlySet<number>} [resigned] seats the log says were resigned (the summary may lag)
 */
export function seatName(summary, seat, mine, resigned = new Set()) {
  const spec = summary?.seats.find((entry) => entry.seat === seat);
  const base = `Seat ${seat + 1}`;
  if (mine.includes(seat)) {
    // After resigning, the seat's moves are its bot's: "You discarded" would mislead.
    if (resigned.has(seat) || spec?.resigned) return mine.length > 1 ? `${base} (here) · bot` : 'Your bot';
    return mine.length > 1 ? `${base} (here)` : 'You';
  }
  if (!spec) return base;
  if (spec.resigned) return `${spec.name ?? base} · resigned, Bot · level ${spec.level ?? 2}`;
  if (spec.kind === 'bot') return botName(summary, spec);
  if (spec.open && !spec.claimed) return `${base} · ${spec.reserved ? 'kept for its player' : 'open'}`;
  return spec.name ? `${spec.name}` : `${base} · player`;
}

/**
 * The table's rules in plain words.
 * @param {RuleSet} ruleset
 */
export function rulesPanel(ruleset) {
  const rows = knobNames().map((name) =>
    h('div', { class: 'rule' }, h('dt', {}, KNOBS[name].label), h('dd', {}, h('strong', { text: sayValue(name, ruleset[name]) }), ' — ', KNOBS[name].explain)),
  );
  return h('details', { class: 'rules-panel' }, h('summary', { text: 'Rules of this table' }), h('dl', {}, rows));
}

/**
 * A refused request's message: the problem's detail as the server wrote it.
 * @param {unknown} error
 */
export function problemText(error) {
  if (error instanceof ProblemError) return error.detail || error.title || error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A count and its noun, singular for one: "1 bot", "2 bots".
 * @param {number} count
 * @param {string} noun
 */
export const plural = (count, noun) => `${count} ${noun}${count === 1 ? '' : 's'}`;
