"""Rulesets: every knob of RULES.md as a typed field, and the four presets."""

from __future__ import annotations

import re
from typing import Any, Literal

import msgspec

from domain.cards import build_deck
from domain.errors import DomainError, InvalidRuleSet

Ace = Literal["low", "high_or_low", "cyclic"]
FirstPlayer = Literal["left_of_dealer", "alternate", "random"]
Scoring = Literal["winner_takes", "zero_sum", "casino", "penalty", "melded"]

_GAME_END = re.compile(r"^(hands|target):([1-9][0-9]{0,4})$")


class RuleSet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The knobs of one game. A preset is only a bundle of these values."""

    decks: int = 1
    jokers: int = 0
    players: tuple[int, ...] = (2, 3, 4, 5, 6)
    # Cards dealt by seat count (JSON object keys are the seat counts).
    hand_size: dict[int, int] = msgspec.field(
        default_factory=lambda: {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
    )
    first_player: FirstPlayer = "left_of_dealer"
    ace: Ace = "low"
    max_run: int = 13
    set_suits: bool = True
    melds_per_turn: Literal["any", "one"] = "any"
    lay_off: bool = True
    lay_off_needs_own_meld: bool = False
    initial_meld_min: int = 0
    discard_pickup: Literal["top", "any"] = "top"
    no_same_discard: bool = True
    go_out: Literal["any", "discard"] = "any"
    rummy_bonus: Literal["double", "plus10", "none"] = "double"
    stock_out: Literal["reuse", "end_no_winner"] = "reuse"
    reuse_limit: int = 1
    reuse_shuffle: bool = False
    # RULES.md "Turn": after the last allowed reuse, basic ends the hand once the
    # player who took the last card has discarded; duel and classic end it when
    # the next player wants the empty stock instead of the discard.
    final_exhaustion: Literal["after_discard", "next_declines"] = "after_discard"
    card_values: Literal["A1", "A11_JK20", "A15"] = "A1"
    scoring: Scoring = "winner_takes"
    game_end: str = "hands:3"
    tie_break: bool = True
    # Palace custom rules.
    short_deck: bool = False
    strict_jokers: bool = False
    strict_groups: bool = False
    knocking: bool = False
    rated: bool = True
    # Whether a finished hand's full log (every hand, the stock order) is
    # shown to everyone afterwards.
    reveal_after_hand: bool = True

    @property
    def end_kind(self) -> str:
        return self.game_end.split(":", 1)[0]

    @property
    def end_value(self) -> int:
        return int(self.game_end.split(":", 1)[1])

    @property
    def deck_size(self) -> int:
        return 52 * self.decks + self.jokers

    @property
    def needs_opening(self) -> bool:
        """Lay-offs and joker swaps wait for the seat's own (initial) meld."""
        return self.lay_off_needs_own_meld or self.initial_meld_min > 0

    def pack(self) -> tuple[str, ...]:
        return build_deck(self.decks, self.jokers)


_BASIC: dict[str, Any] = {}
PRESETS: dict[str, dict[str, Any]] = {
    "basic": _BASIC,
    "palace": {
        "decks": 2,
        "jokers": 6,
        "players": (2, 3, 4),
        "hand_size": {2: 13, 3: 13, 4: 13},
        "first_player": "random",
        "ace": "high_or_low",
        "lay_off_needs_own_meld": True,
        "initial_meld_min": 30,
        "go_out": "discard",
        "stock_out": "end_no_winner",
        "reuse_limit": 0,
        "card_values": "A11_JK20",
        "scoring": "zero_sum",
        "game_end": "hands:3",
        "tie_break": False,
    },
    "duel": {
        "players": (2,),
        "hand_size": {2: 10},
        "first_player": "alternate",
        "melds_per_turn": "one",
        "rummy_bonus": "none",
        "reuse_limit": 2,
        "final_exhaustion": "next_declines",
        "game_end": "hands:7",
        "tie_break": False,
    },
    "classic": {
        "ace": "high_or_low",
        "discard_pickup": "any",
        "go_out": "discard",
        "rummy_bonus": "none",
        "reuse_limit": 2,
        "reuse_shuffle": True,
        "final_exhaustion": "next_declines",
        "game_end": "target:100",
        "tie_break": True,
    },
}

# Palace's short deck: one pack and three jokers, 10 cards for two, 7 for
# more, and no minimum for the first meld. Explicit overrides still win.
SHORT_DECK: dict[str, Any] = {
    "decks": 1,
    "jokers": 3,
    "hand_size": {2: 10, 3: 7, 4: 7, 5: 7, 6: 7},
    "initial_meld_min": 0,
}


def build_ruleset(preset: str = "basic", overrides: dict[str, Any] | None = None) -> RuleSet:
    """The preset's knobs, then short_deck's implied values, then the overrides."""
    if preset not in PRESETS:
        raise DomainError(
            f"unknown preset {preset!r}: one of {', '.join(sorted(PRESETS))}",
            code="unknown_preset",
            preset=preset,
            presets=sorted(PRESETS),
        )
    overrides = dict(overrides or {})
    knobs: dict[str, Any] = dict(PRESETS[preset])
    if overrides.get("short_deck", knobs.get("short_deck", False)):
        knobs.update(SHORT_DECK)
    knobs.update(overrides)
    try:
        ruleset = msgspec.convert(knobs, RuleSet, strict=False)
    except msgspec.ValidationError as exc:
        knob = _knob_from_path(str(exc))
        raise InvalidRuleSet(f"invalid knob value: {exc}", knob=knob) from exc
    validate_ruleset(ruleset)
    return ruleset


def _knob_from_path(message: str) -> str | None:
    match = re.search(r"\$\.(\w+)", message)
    if match:
        return match.group(1)
    match = re.search(r"unknown field `(\w+)`", message)
    return match.group(1) if match else None


def _fail(knob: str, reason: str) -> InvalidRuleSet:
    return InvalidRuleSet(f"{knob}: {reason}", knob=knob)


def validate_ruleset(ruleset: RuleSet) -> None:
    """Reject values and combinations the engine cannot play, naming the knob."""
    if not 1 <= ruleset.decks <= 3:
        raise _fail("decks", "must be 1 to 3 packs")
    if not 0 <= ruleset.jokers <= 12:
        raise _fail("jokers", "must be 0 to 12")
    if not ruleset.players or any(not 2 <= n <= 6 for n in ruleset.players):
        raise _fail("players", "seat counts must be between 2 and 6")
    for seats in ruleset.players:
        cards = ruleset.hand_size.get(seats)
        if cards is None:
            raise _fail("hand_size", f"no hand size for {seats} seats")
        if cards < 1:
            raise _fail("hand_size", "must deal at least one card")
        # Every seat's hand, the up-card and at least one card of stock.
        if seats * cards + 2 > ruleset.deck_size:
            raise _fail(
                "hand_size",
                f"{seats} seats x {cards} cards cannot be dealt from {ruleset.deck_size} cards",
            )
    if not 3 <= ruleset.max_run <= 13:
        raise _fail("max_run", "must be 3 to 13")
    if ruleset.initial_meld_min < 0:
        raise _fail("initial_meld_min", "must not be negative")
    if ruleset.reuse_limit < 0:
        raise _fail("reuse_limit", "must not be negative")
    if not _GAME_END.match(ruleset.game_end):
        raise _fail("game_end", "must be 'hands:N' or 'target:P' with a positive whole number")
    if ruleset.strict_groups and not ruleset.set_suits:
        raise _fail("strict_groups", "needs set_suits (one card of each suit in a group)")
    if ruleset.knocking and max(ruleset.players) < 3:
        raise _fail("knocking", "needs three or more seats")
    if ruleset.scoring == "penalty" and ruleset.end_kind != "target":
        raise _fail("game_end", "penalty scoring ends at a target ('target:100')")


def validate_seats(ruleset: RuleSet, seats: int) -> None:
    if seats not in ruleset.players:
        raise _fail("players", f"{seats} seats is not allowed (allowed: {list(ruleset.players)})")
    if ruleset.knocking and seats < 3:
        raise _fail("knocking", "needs three or more seats")


def preset_catalog() -> dict[str, RuleSet]:
    return {name: build_ruleset(name) for name in PRESETS}
