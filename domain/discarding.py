"""What may end a turn: which cards may be discarded, and the jokers a seat still owes."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import JOKER, Card, remove_cards
from domain.errors import IllegalCommand
from domain.layoffs import lay_off_options
from domain.meld_search import possible_melds
from domain.melds import Meld
from domain.state import GameState


def discardable(state: GameState, hand: Sequence[Card], jokers_to_play: int = 0) -> list[Card]:
    """The cards of `hand` that may end this turn as a discard."""
    if jokers_to_play:
        return []
    ruleset = state.ruleset
    # Each card once; a pack without copies (one deck, at most one joker)
    # spares building the dict on every discard.
    held = hand if ruleset.decks == 1 and ruleset.jokers < 2 else dict.fromkeys(hand)
    if not (ruleset.no_same_discard and state.taken_from_pile):
        cards = list(held)
    else:
        taken = state.taken_from_pile
        cards = [card for card in held if card not in taken or hand.count(card) > taken.count(card)]
    if ruleset.strict_jokers and JOKER in cards:
        # strict_jokers forbids joker discards, but a hand of nothing but
        # jokers must still be able to end its turn: then a joker may go.
        naturals = [card for card in cards if card != JOKER]
        return naturals or cards
    return cards


def may_discard(state: GameState, hand: Sequence[Card], card: Card) -> bool:
    """Whether `card`, held in `hand`, may be discarded now (no_same_discard aside
    from jokers, which the caller checks)."""
    taken = state.taken_from_pile
    if not state.ruleset.no_same_discard or card not in taken:
        return True
    return hand.count(card) > taken.count(card)


def leaves_discard(
    state: GameState,
    hand: Sequence[Card],
    jokers_to_play: int,
    table: Sequence[Meld] | None = None,
) -> bool:
    """After a play the seat must still be able to end its turn: go out now
    (when `go_out: any`), keep a card it may discard, still owe a joker, or
    (`go_out: any`, given the `table` after the play) lay off what is left."""
    if not hand:
        return state.ruleset.go_out == "any"
    if jokers_to_play > 0:
        # The owed jokers leave the hand before the turn can end (and may need
        # the places a lay-off search would count on, so it is not made).
        rest = remove_cards(hand, [JOKER] * jokers_to_play)
        if rest is None:
            return False
        # Or (go_out: any) lay-offs still empty the hand, the owed jokers with it.
        return leaves_discard(state, rest, 0) or (
            table is not None and _lays_out(state, hand, table)
        )
    # Fast path: more cards than were taken from the pile leaves one to discard.
    if not state.ruleset.strict_jokers and len(hand) > len(state.taken_from_pile):
        return True
    cards = discardable(state, hand)
    if state.ruleset.strict_jokers and not any(card != JOKER for card in cards):
        # No joker discards: a play that leaves only jokers to discard would end
        # the turn on one, unless (go_out: any) lay-offs can still empty the hand.
        # (A hand of only jokers it did not play down to may discard one.)
        return table is not None and _lays_out(state, hand, table)
    return bool(cards) or (table is not None and _lays_out(state, hand, table))


# Cards taken from the pile that a seat may keep, to lay off later and go out;
# the search is exhaustive, so it is bounded (one card under `discard_pickup: top`).
MAX_LAY_OUT_CARDS = 3


def _lays_out(state: GameState, hand: Sequence[Card], table: Sequence[Meld]) -> bool:
    """`go_out: any`: can lay-offs alone still empty `hand` (cards the seat may
    not discard) onto `table`? Then the play before them may keep them."""
    ruleset, seat = state.ruleset, state.turn
    if ruleset.go_out != "any" or not ruleset.lay_off or len(hand) > MAX_LAY_OUT_CARDS:
        return False
    # A meld of the seat's on the table means it has laid its own (initial) meld.
    if ruleset.needs_opening and not any(meld.owner == seat for meld in table):
        return False
    return _lay_off_all(tuple(hand), tuple(table), state)


def _lay_off_all(hand: tuple[Card, ...], table: tuple[Meld, ...], state: GameState) -> bool:
    if not hand:
        return True
    for card in dict.fromkeys(hand):
        rest = remove_cards(hand, [card])
        assert rest is not None
        for index, meld in enumerate(table):
            for _, laid in lay_off_options(meld, card, state.ruleset):
                if _lay_off_all(rest, (*table[:index], laid, *table[index + 1 :]), state):
                    return True
    return False


def check_leaves_discard(
    state: GameState,
    hand: Sequence[Card],
    jokers_to_play: int,
    table: Sequence[Meld] | None = None,
) -> None:
    if not leaves_discard(state, hand, jokers_to_play, table):
        reason = (
            "keep a card to discard: going out needs a final discard"
            if not hand
            else "the play would leave no card you may discard"
        )
        raise IllegalCommand(reason, code="must_keep_discard")


def jokers_after_melds(state: GameState, melds: Sequence[Sequence[Card]]) -> int:
    """The swapped jokers still owed once `melds` are laid (strict_jokers)."""
    laid = sum(card == JOKER for meld in melds for card in meld)
    return max(0, state.jokers_to_play - laid)


def joker_playable(state: GameState, hand: Sequence[Card], swapped: Meld) -> bool:
    """Under strict_jokers a swapped joker must be played this turn: is that possible?"""
    table = [swapped if m.id == swapped.id else m for m in state.table]
    if state.ruleset.lay_off and any(lay_off_options(m, JOKER, state.ruleset) for m in table):
        return True
    can_meld = state.ruleset.melds_per_turn == "any" or state.melds_this_turn == 0
    return can_meld and any(JOKER in meld for meld in possible_melds(hand, state.ruleset))


def owed_jokers_playable(state: GameState, seat: int) -> bool:
    """strict_jokers: can the seat still play a joker it owes and then end its turn?"""
    owed = state.jokers_to_play
    if not owed or state.phase != "play":
        return True
    ruleset, hand = state.ruleset, state.hands[seat]
    rest = remove_cards(hand, [JOKER])
    if rest is None:
        return False
    if ruleset.lay_off and _joker_laid_off_leaves_discard(state, rest, owed - 1):
        return True
    if ruleset.melds_per_turn == "one" and state.melds_this_turn:
        return False
    for meld in possible_melds(hand, ruleset):
        left = remove_cards(hand, meld) if JOKER in meld else None
        if left is not None and leaves_discard(state, left, max(0, owed - meld.count(JOKER))):
            return True
    return False


def _joker_laid_off_leaves_discard(state: GameState, rest: Sequence[Card], owed: int) -> bool:
    """A joker laid off somewhere on the table, does `rest` still end the turn (under
    go_out: any, by lay-offs onto the table with that joker on it)?"""
    tables = [
        (*state.table[:index], laid, *state.table[index + 1 :])
        for index, meld in enumerate(state.table)
        for _, laid in lay_off_options(meld, JOKER, state.ruleset)
    ]
    if not tables:
        return False
    if leaves_discard(state, rest, owed):
        return True
    return any(leaves_discard(state, rest, owed, table) for table in tables)


def owed_jokers_block_discard(state: GameState, seat: int) -> bool:
    """strict_jokers: a swapped joker must be played this turn, so it blocks
    the discard, but only while it can still be played; a seat whose owed
    joker has no place left may end its turn rather than be stuck."""
    return bool(state.jokers_to_play) and owed_jokers_playable(state, seat)
