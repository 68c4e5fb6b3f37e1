"""legal_commands(state, seat): the single source of what a seat may do now.

Bounds on meld enumeration (everything else is listed in full):
- a joker only stands for a card the hand lacks, never for a natural it
  holds, and identical copies of a card (two decks) count as one choice;
- an initial meld that must reach `initial_meld_min` is listed as every
  single meld that reaches it, then combinations of two to four disjoint
  melds that reach it together, up to MAX_INITIAL_COMBINATIONS in all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from domain.cards import JOKER, VALID_CARDS, Card, remove_card, remove_cards
from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from domain.discarding import (
    MAX_LAY_OUT_CARDS,
    discardable,
    joker_playable,
    jokers_after_melds,
    leaves_discard,
    owed_jokers_block_discard,
)
from domain.drawing import may_knock
from domain.errors import DomainError
from domain.game import decide
from domain.layoffs import accepting_cards, lay_off_options, swapped_meld
from domain.meld_search import may_hold_meld, possible_melds
from domain.melds import Meld, form_meld, meld_points
from domain.rules import Ace, RuleSet
from domain.state import GameState

MAX_INITIAL_COMBINATIONS = 64


PLAY_KINDS = ("lay_melds", "lay_off", "swap_joker", "discard")


def legal_commands(state: GameState, seat: int) -> list[PlayerCommand]:
    """Every command `seat` may issue now (out of turn: only a knock)."""
    if state.phase in ("deal", "over") or not 0 <= seat < state.seats:
        return []
    if seat != state.turn:
        return [Knock()] if may_knock(state, seat) else []
    if state.phase == "draw":
        return _draws(state)
    commands: list[PlayerCommand] = []
    for kind in PLAY_KINDS:
        commands.extend(legal_of_kind(state, seat, kind))
    return commands


def legal_of_kind(state: GameState, seat: int, kind: str) -> list[PlayerCommand]:
    """The legal play-phase commands of one kind, for the seat whose turn it is.

    Lets a player that picks a kind first skip enumerating the others.
    """
    if state.phase != "play" or seat != state.turn:
        return []
    commands = _LISTERS[kind](state, seat)
    if (
        commands
        and state.ruleset.strict_jokers
        and kind != "discard"
        and (state.jokers_to_play or kind == "swap_joker")
    ):
        # Whether a swapped joker stays playable depends on the whole play: ask decide.
        commands = [c for c in commands if _accepted(state, seat, c)]
    return commands


def _accepted(state: GameState, seat: int, command: PlayerCommand) -> bool:
    try:
        decide(state, seat, command)
    except DomainError:
        return False
    return True


def _may_touch_table(state: GameState, seat: int) -> bool:
    return not state.ruleset.needs_opening or state.opened[seat]


def _discards(state: GameState, seat: int) -> list[PlayerCommand]:
    if state.jokers_to_play and owed_jokers_block_discard(state, seat):
        return []
    return list(map(_DISCARDS.__getitem__, discardable(state, state.hands[seat])))


# Commands are frozen, so one instance per card can be handed out every time.
_DISCARDS = {card: Discard(card) for card in VALID_CARDS}
_STOCK_DRAW = Draw("stock")
_TOP_DRAW = Draw("discard", 1)


def _draws(state: GameState) -> list[PlayerCommand]:
    if not state.discard_pile:
        return [_STOCK_DRAW]
    if state.ruleset.discard_pickup == "top":
        return [_STOCK_DRAW, _TOP_DRAW]
    depths = range(1, len(state.discard_pile) + 1)
    return [_STOCK_DRAW, *(Draw("discard", count) for count in depths)]


def melds_in(hand: Sequence[Card], ruleset: RuleSet) -> list[tuple[Card, ...]]:
    """possible_melds, remembered per hand: hands change by a card or two a turn."""
    if not may_hold_meld(hand, ruleset):
        return []
    return list(_cached_melds(tuple(sorted(hand)), meld_knobs(ruleset)))


# The knobs that shape melds: the key of the caches below, since a RuleSet
# (its hand_size is a dict) cannot be hashed.
MeldKnobs = tuple[Ace, int, bool, bool, bool, int]


def meld_knobs(ruleset: RuleSet) -> MeldKnobs:
    return (
        ruleset.ace,
        ruleset.max_run,
        ruleset.set_suits,
        ruleset.strict_groups,
        ruleset.strict_jokers,
        ruleset.decks,
    )


@lru_cache(maxsize=64)
def _knob_ruleset(knobs: MeldKnobs) -> RuleSet:
    ace, max_run, set_suits, strict_groups, strict_jokers, decks = knobs
    return RuleSet(
        ace=ace,
        max_run=max_run,
        set_suits=set_suits,
        strict_groups=strict_groups,
        strict_jokers=strict_jokers,
        decks=decks,
    )


# Sizes: every entry is walked by each full garbage collection, and hands
# recur within a few turns. In the bot ladder (palace, 1,000 hands) 8,192
# hands and 2,048 melds below hit as often as 65,536 and 16,384 did, and its
# longest collection pauses went from 37 to 15 ms.
@lru_cache(maxsize=8192)
def _cached_melds(hand: tuple[Card, ...], knobs: MeldKnobs) -> tuple[tuple[Card, ...], ...]:
    return tuple(possible_melds(hand, _knob_ruleset(knobs)))


def _meld_commands(state: GameState, seat: int) -> list[PlayerCommand]:
    ruleset = state.ruleset
    if ruleset.melds_per_turn == "one" and state.melds_this_turn:
        return []
    hand = state.hands[seat]
    melds = melds_in(hand, ruleset)
    if not melds:
        return []
    if ruleset.initial_meld_min and not state.opened[seat]:
        groups = _initial_melds(melds, hand, ruleset)
    else:
        groups = [(meld,) for meld in melds]
    commands: list[PlayerCommand] = []
    for group in groups:
        rest = remove_cards(hand, [c for meld in group for c in meld])
        if rest is None:
            continue
        if leaves_discard(state, rest, jokers_after_melds(state, group)):
            commands.append(LayMelds(group))
        elif _may_lay_out(state, rest):
            commands.extend(c for c in [LayMelds(group)] if _accepted(state, seat, c))
    return commands


def _may_lay_out(state: GameState, rest: Sequence[Card]) -> bool:
    """`go_out: any`: cards the seat may not discard may still be laid off; decide knows."""
    return state.ruleset.go_out == "any" and 0 < len(rest) <= MAX_LAY_OUT_CARDS


def _initial_melds(
    melds: list[tuple[Card, ...]], hand: tuple[Card, ...], ruleset: RuleSet
) -> list[tuple[tuple[Card, ...], ...]]:
    minimum = ruleset.initial_meld_min
    points = [meld_points(form_meld(meld, ruleset)) for meld in melds]
    singles: list[tuple[tuple[Card, ...], ...]] = [
        (meld,) for meld, p in zip(melds, points, strict=True) if p >= minimum
    ]
    if ruleset.melds_per_turn == "one":
        return singles
    found: list[tuple[tuple[Card, ...], ...]] = list(singles)
    held = Counter(hand)

    def extend(start: int, chosen: list[int], used: Counter[Card], total: int) -> None:
        for index in range(start, len(melds)):
            if len(found) >= MAX_INITIAL_COMBINATIONS:
                return
            need = Counter(melds[index])
            if any(used[c] + n > held[c] for c, n in need.items()):
                continue
            reached = total + points[index]
            group = [*chosen, index]
            if reached >= minimum:
                found.append(tuple(melds[i] for i in group))
            elif len(group) < 4:
                extend(index + 1, group, used + need, reached)

    for first, first_points in enumerate(points):
        if first_points < minimum:
            extend(first + 1, [first], Counter(melds[first]), first_points)
    return found


def _lay_offs(state: GameState, seat: int) -> list[PlayerCommand]:
    ruleset = state.ruleset
    if not ruleset.lay_off or not state.table or not _may_touch_table(state, seat):
        return []
    hand = state.hands[seat]
    fits = _table_fits(state.table, ruleset)
    commands: list[PlayerCommand] = []
    for card in sorted(fits.keys() & hand):
        owed = max(0, state.jokers_to_play - (card == JOKER))
        rest = remove_card(hand, card)
        if leaves_discard(state, rest, owed):
            commands.extend(fits[card])
        elif _may_lay_out(state, rest):
            commands.extend(c for c in fits[card] if _accepted(state, seat, c))
    return commands


# The table's lay-offs by card, remembered by the identity of
# the table tuple and of the ruleset: states share both until a meld changes,
# and hashing every meld on each ask would cost more than the answer. The
# entry keeps both alive, so their ids cannot be reused while it is cached.
_TABLE_FITS: dict[int, tuple[tuple[Meld, ...], RuleSet, dict[Card, list[LayOff]]]] = {}


def _table_fits(table: tuple[Meld, ...], ruleset: RuleSet) -> dict[Card, list[LayOff]]:
    entry = _TABLE_FITS.get(id(table))
    if entry is not None and entry[0] is table and entry[1] is ruleset:
        return entry[2]
    knobs = meld_knobs(ruleset)
    fits: dict[Card, list[LayOff]] = {}
    for meld in table:
        for card, lay_offs in _meld_fits(meld, knobs):
            fits.setdefault(card, []).extend(lay_offs)
    if len(_TABLE_FITS) >= 1024:
        _TABLE_FITS.clear()
    _TABLE_FITS[id(table)] = (table, ruleset, fits)
    return fits


# Sized as `_cached_melds` explains.
@lru_cache(maxsize=2048)
def _meld_fits(meld: Meld, knobs: MeldKnobs) -> tuple[tuple[Card, tuple[LayOff, ...]], ...]:
    """Every card `meld` takes, with the lay-offs it allows. Remembered: a
    meld changes far less often than a seat asks what it may lay off."""
    ruleset = _knob_ruleset(knobs)
    fits = []
    for card in sorted(set(accepting_cards(meld, ruleset))):
        options = lay_off_options(meld, card, ruleset)
        if options:
            ends = [end if len(options) > 1 else None for end, _ in options]
            fits.append((card, tuple(LayOff(card, meld.id, end) for end in ends)))
    return tuple(fits)


def _swaps(state: GameState, seat: int) -> list[PlayerCommand]:
    ruleset = state.ruleset
    if not ruleset.jokers or not state.table or not _may_touch_table(state, seat):
        return []
    hand = state.hands[seat]
    naturals: list[Card] | None = None
    commands: list[PlayerCommand] = []
    for index, meld in enumerate(state.table):
        if not meld.jokers:
            continue
        if naturals is None:
            naturals = sorted(set(hand) - {JOKER})
        for card in naturals:
            swapped = swapped_meld(meld, card, ruleset)
            if swapped is None:
                continue
            new_hand = (*remove_card(hand, card), JOKER)
            owed = state.jokers_to_play + ruleset.strict_jokers
            # The table after the swap: go_out: any may lay off what is left onto it.
            table = (*state.table[:index], swapped, *state.table[index + 1 :])
            if not leaves_discard(state, new_hand, owed, table):
                continue
            if ruleset.strict_jokers and not joker_playable(state, new_hand, swapped):
                continue
            commands.append(SwapJoker(card, meld.id))
    return commands


_LISTERS: dict[str, Callable[[GameState, int], list[PlayerCommand]]] = {
    "lay_melds": _meld_commands,
    "lay_off": _lay_offs,
    "swap_joker": _swaps,
    "discard": _discards,
}
