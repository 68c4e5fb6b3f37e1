// One seat in the row of seats: who sits there, their cards and points, read out as one sentence.

import { h } from './dom.js';
import { cardBack } from './render.js';

/**
 * @param {{seat: number, name: string, ownName?: string | null, cards: number, points: number,
 *   turn: boolean, me: boolean, opened: boolean, tag: HTMLElement | null, last?: string | null}} chip
 *   `last`: the seat's latest turn in a few words ("took J♠ · discarded 10♦")
 * @returns {HTMLElement}
 */
export function seatChip(chip) {
  const who = chip.me && chip.ownName ? `${chip.name} · ${chip.ownName}` : chip.name;
  const said = [
    chip.me && chip.ownName ? `You, ${chip.ownName}` : chip.name,
    `${chip.cards} ${chip.cards === 1 ? 'card' : 'cards'} in hand`,
    `${chip.points} ${chip.points === 1 ? 'point' : 'points'}`,
    chip.opened ? 'has melded' : null,
    chip.tag?.textContent ?? null,
    chip.turn ? 'to play' : null,
    chip.last ? `last turn: ${chip.last}` : null,
  ];
  return h(
    'li',
    {
      class: `seat${chip.turn ? ' turn' : ''}${chip.me ? ' me' : ''}`,
      'data-seat': chip.seat,
      'aria-label': said.filter((part) => part).join(', '),
    },
    h('span', { class: 'seat-name', 'aria-hidden': 'true', text: who }),
    h('span', { class: 'seat-cards', 'aria-hidden': 'true' }, cardBack(), ` ${chip.cards}`),
    h('span', { class: 'seat-score', 'aria-hidden': 'true', text: `${chip.points} pts` }),
    chip.opened ? h('span', { class: 'seat-opened', 'aria-hidden': 'true', text: 'down' }) : null,
    chip.tag,
    chip.last ? h('span', { class: 'seat-last', 'aria-hidden': 'true', 'data-testid': 'seat-last', text: chip.last }) : null,
  );
}
