"""The bounds of the knobs: each numeric knob's range, game_end's forms, and refusals
that name the knob."""

from __future__ import annotations

import re

from domain.errors import InvalidRuleSet

__all__ = [
    "GAME_END",
    "GAME_END_PATTERN",
    "GAME_END_RANGES",
    "KNOB_RANGES",
    "RANGE_TEXT",
    "check_range",
    "refuse",
]

GAME_END = re.compile(r"^(hands|target):([1-9][0-9]{0,4})$")

# The range of every numeric knob, checked at creation, on a log's import and
# in the schema (GET /rulesets shows them as minimum/maximum). Why each bound:
KNOB_RANGES: dict[str, tuple[int, int]] = {
    # RULES.md plays 1 or 2 packs; 3 is the most a table has room for.
    "decks": (1, 3),
    # Palace's 6 jokers, doubled.
    "jokers": (0, 12),
    # The seat counts the table supports; a seat count may be listed once.
    "players": (2, 6),
    # Cards a hand: 83 is the most two seats can be dealt from 3 packs and
    # 12 jokers with an up-card and one card of stock (the pack decides the rest).
    "hand_size": (1, 83),
    # A run of a suit has 13 ranks; shorter than 3 is no meld.
    "max_run": (3, 13),
    # More than any hand can lay (83 cards x 11 points = 913); tables play 30 or 40.
    "initial_meld_min": (0, 1000),
    # Each reuse turns the whole pile into the stock: 20 is hundreds of turns in
    # one hand, and a hand that has not ended by then will not end by playing on.
    "reuse_limit": (0, 20),
}
# game_end: `hands:N` with N up to 100 (an evening is 3 to 20 hands; a game
# nobody attends plays itself out on timeouts, so its length must be bounded),
# `target:P` with P up to 10,000 (100 times classic's 100).
GAME_END_RANGES: dict[str, tuple[int, int]] = {"hands": (1, 100), "target": (1, 10_000)}
# The same, as the schema states it.
GAME_END_PATTERN = r"^(hands:([1-9][0-9]?|100)|target:([1-9][0-9]{0,3}|10000))$"


def refuse(knob: str, reason: str) -> InvalidRuleSet:
    return InvalidRuleSet(f"{knob}: {reason}", knob=knob)


RANGE_TEXT = {
    **{knob: f"must be {low} to {high}" for knob, (low, high) in KNOB_RANGES.items()},
    "players": "seat counts must be 2 to 6, each listed once",
    "hand_size": "seat counts 2 to 6, each dealing 1 to 83 cards",
    "game_end": "must be 'hands:N' (N 1 to 100) or 'target:P' (P 1 to 10000)",
}


def check_range(knob: str, value: int) -> None:
    low, high = KNOB_RANGES[knob]
    if not low <= value <= high:
        raise InvalidRuleSet(
            f"{knob}: must be {low} to {high}, not {value}",
            knob=knob,
            minimum=low,
            maximum=high,
        )
