"""Domain errors: a stable machine code plus the facts that explain it."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """A command or ruleset the rules do not allow.

    `code` is stable and documented (clients switch on it); `facts` name the
    card, meld, seat or knob involved so a UI can point at it.
    """

    code: str = "rule_violation"

    def __init__(self, message: str, *, code: str | None = None, **facts: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.facts = facts

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, {self.facts!r})"


class InvalidRuleSet(DomainError):
    code = "invalid_ruleset"


class IllegalCommand(DomainError):
    """A well-formed command that the rules forbid in this state."""


# The stable codes, in one place so the service can document them.
ERROR_CODES: dict[str, str] = {
    "invalid_ruleset": "A knob value or knob combination is not allowed.",
    "unknown_preset": "No preset has that name.",
    "invalid_card": "A card code is not one of the 52 cards or JK.",
    "game_over": "The game has ended.",
    "hand_not_started": "No hand is being played; deal the next hand first.",
    "hand_in_progress": "A hand is being played; it cannot be dealt again.",
    "invalid_deck": "The deck order is not a permutation of this game's pack.",
    "not_your_turn": "It is another seat's turn.",
    "wrong_phase": "The command does not fit the turn phase (draw first, then play).",
    "invalid_seat": "No such seat at this table.",
    "stock_empty": "The stock is empty and may not be renewed.",
    "discard_pile_empty": "There is no card on the discard pile to take.",
    "invalid_pickup": "That many cards cannot be taken from the discard pile.",
    "card_not_in_hand": "The seat does not hold that card (or not that many copies).",
    "invalid_meld": "The cards do not form a set or run under this ruleset.",
    "too_many_melds": "Only one new meld may be laid down this turn.",
    "initial_meld_too_low": "The first meld(s) of the hand do not reach the minimum points.",
    "initial_meld_required": "Lay down the initial meld before laying off or swapping jokers.",
    "own_meld_required": "Lay down a meld of your own before laying off.",
    "lay_off_not_allowed": "Laying off is switched off in this ruleset.",
    "unknown_meld": "No meld on the table has that id.",
    "invalid_lay_off": "The card does not fit that meld.",
    "invalid_joker_swap": "That card cannot replace a joker in that meld.",
    "joker_must_be_played": "A joker taken by a swap must be played this turn.",
    "joker_discard_forbidden": "Jokers may not be discarded under strict_jokers.",
    "same_discard": "A card taken from the discard pile may not be discarded this turn.",
    "must_keep_discard": "The play would leave no card that may end the turn with a discard.",
    "knock_not_allowed": "Knocking is not possible now (rule off, own discard, window closed).",
    "invalid_shuffle": "The shuffle order given for the renewed stock is not a permutation.",
    "seat_resigned": "The seat has resigned: a bot plays it to the end of the game.",
    "game_not_over": "The game is still being played.",
}
