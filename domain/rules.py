"""Rulesets: every knob of RULES.md as a typed field, and the four presets."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import msgspec

from domain.cards import build_deck
from domain.errors import DomainError, InvalidRuleSet
from domain.knob_ranges import (
    GAME_END,
    GAME_END_PATTERN,
    GAME_END_RANGES,
    KNOB_RANGES,
    RANGE_TEXT,
    check_range,
    refuse,
)

Ace = Literal["low", "high_or_low", "cyclic"]
FirstPlayer = Literal["left_of_dealer", "alternate", "random"]
Scoring = Literal["winner_takes", "zero_sum", "casino", "penalty", "melded"]


def _bounded(knob: str, description: str) -> msgspec.Meta:
    low, high = KNOB_RANGES[knob]
    return msgspec.Meta(ge=low, le=high, description=f"{description} ({low} to {high}).")


SeatCount = Annotated[int, msgspec.Meta(ge=2, le=6)]


class RuleSet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The knobs of one game. A preset is only a bundle of these values."""

    decks: Annotated[int, _bounded("decks", "52-card packs")] = 1
    jokers: Annotated[int, _bounded("jokers", "Jokers added to the packs")] = 0
    players: Annotated[
        tuple[SeatCount, ...],
        msgspec.Meta(
            min_length=1,
            max_length=5,
            description="The allowed seat counts, each 2 to 6 and listed once.",
        ),
    ] = (2, 3, 4, 5, 6)
    # Cards dealt by seat count (JSON object keys are the seat counts).
    hand_size: Annotated[
        dict[SeatCount, Annotated[int, _bounded("hand_size", "Cards dealt")]],
        msgspec.Meta(
            max_length=5,
            description="Cards dealt to each seat, by seat count (2 to 6); each count "
            "1 to 83, and the pack must hold every hand, the up-card and one card of stock.",
        ),
    ] = msgspec.field(default_factory=lambda: {2: 10, 3: 7, 4: 7, 5: 6, 6: 6})
    first_player: FirstPlayer = "left_of_dealer"
    ace: Ace = "low"
    max_run: Annotated[int, _bounded("max_run", "The longest run")] = 13
    set_suits: bool = True
    melds_per_turn: Literal["any", "one"] = "any"
    lay_off: bool = True
    lay_off_needs_own_meld: bool = False
    initial_meld_min: Annotated[
        int,
        _bounded("initial_meld_min", "Points the first meld(s) of a hand must reach in one turn"),
    ] = 0
    discard_pickup: Literal["top", "any"] = "top"
    no_same_discard: bool = True
    go_out: Literal["any", "discard"] = "any"
    rummy_bonus: Literal["double", "plus10", "none"] = "double"
    stock_out: Literal["reuse", "end_no_winner"] = "reuse"
    reuse_limit: Annotated[
        int,
        _bounded(
            "reuse_limit",
            "How often the discard pile becomes the stock; the next exhaustion ends the hand",
        ),
    ] = 1
    reuse_shuffle: bool = False
    # RULES.md "Turn": after the last allowed reuse, basic ends the hand once the
    # player who took the last card has discarded; duel and classic end it when
    # the next player wants the empty stock instead of the discard.
    final_exhaustion: Literal["after_discard", "next_declines"] = "after_discard"
    card_values: Literal["A1", "A11_JK20", "A15"] = "A1"
    scoring: Scoring = "winner_takes"
    game_end: Annotated[
        str,
        msgspec.Meta(
            pattern=GAME_END_PATTERN,
            description="`hands:N` (N 1 to 100) or `target:P` (P 1 to 10000 points).",
        ),
    ] = "hands:3"
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
# A hand size for every seat count, not just the preset's: `players` is a knob
# of its own, and palace deals "13 always" (duel 10; the pack still decides).
_ALL_SEATS = range(2, 7)
PRESETS: dict[str, dict[str, Any]] = {
    "basic": _BASIC,
    "palace": {
        "decks": 2,
        "jokers": 6,
        "players": (2, 3, 4),
        "hand_size": dict.fromkeys(_ALL_SEATS, 13),
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
        "hand_size": dict.fromkeys(_ALL_SEATS, 10),
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


# Where a scoring's own rule says when the game ends (RULES.md: penalty "at 100
# the game ends", melded "the game ends at 500"): its game_end, unless given too.
SCORING_GAME_END: dict[str, str] = {"penalty": "target:100", "melded": "target:500"}


def build_ruleset(preset: str = "basic", overrides: dict[str, Any] | None = None) -> RuleSet:
    """The preset's knobs, then short_deck's implied values, then the overrides (a
    scoring that ends its games at a target brings that target, unless `game_end`
    is given as well)."""
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
    scoring = overrides.get("scoring")
    # Any JSON may come as the knob's value: only a scoring's name brings its end.
    if isinstance(scoring, str) and scoring in SCORING_GAME_END and "game_end" not in overrides:
        knobs["game_end"] = SCORING_GAME_END[scoring]
    try:
        # Strict: a knob is written as its type (12.0 is no int, 0 no bool); JSON's
        # string keys of hand_size still read as the seat counts they name.
        ruleset = msgspec.convert(knobs, RuleSet, strict=True, str_keys=True)
    except msgspec.ValidationError as exc:
        knob = _knob_from_path(str(exc))
        if knob in RANGE_TEXT:
            bounds: dict[str, Any] = {}
            if knob in KNOB_RANGES:
                bounds = dict(zip(("minimum", "maximum"), KNOB_RANGES[knob], strict=True))
            raise InvalidRuleSet(
                f"{knob}: {RANGE_TEXT[knob]} ({exc})", knob=knob, **bounds
            ) from exc
        raise InvalidRuleSet(f"invalid knob value: {exc}", knob=knob) from exc
    validate_ruleset(ruleset)
    return ruleset


def _knob_from_path(message: str) -> str | None:
    match = re.search(r"\$\.(\w+)", message)
    if match:
        return match.group(1)
    match = re.search(r"unknown field `(\w+)`", message)
    return match.group(1) if match else None


def validate_ruleset(ruleset: RuleSet) -> None:
    """Reject values and combinations the engine cannot play, naming the knob."""
    for knob in ("decks", "jokers", "max_run", "initial_meld_min", "reuse_limit"):
        check_range(knob, getattr(ruleset, knob))
    players = ruleset.players
    if not players or any(not 2 <= n <= 6 for n in players) or len(set(players)) != len(players):
        raise refuse("players", RANGE_TEXT["players"])
    low, high = KNOB_RANGES["hand_size"]
    if any(not 2 <= n <= 6 or not low <= cards <= high for n, cards in ruleset.hand_size.items()):
        raise refuse("hand_size", RANGE_TEXT["hand_size"])
    for seats in ruleset.players:
        cards = ruleset.hand_size.get(seats)
        if cards is None:
            raise refuse("hand_size", f"no hand size for {seats} seats")
        if cards < 1:
            raise refuse("hand_size", "must deal at least one card")
        # Every seat's hand, the up-card and at least one card of stock.
        if seats * cards + 2 > ruleset.deck_size:
            raise refuse(
                "hand_size",
                f"{seats} seats x {cards} cards cannot be dealt from {ruleset.deck_size} cards",
            )
    # fullmatch: `$` alone also takes "hands:3\n" (as the schema's pattern does in msgspec).
    if not GAME_END.fullmatch(ruleset.game_end):
        raise refuse("game_end", RANGE_TEXT["game_end"])
    low, high = GAME_END_RANGES[ruleset.end_kind]
    if not low <= ruleset.end_value <= high:
        raise InvalidRuleSet(
            f"game_end: {ruleset.end_kind} must be {low} to {high}, not {ruleset.end_value}",
            knob="game_end",
            minimum=low,
            maximum=high,
        )
    if ruleset.strict_groups and not ruleset.set_suits:
        raise refuse("strict_groups", "needs set_suits (one card of each suit in a group)")
    if ruleset.knocking and max(ruleset.players) < 3:
        raise refuse("knocking", "needs three or more seats")
    if ruleset.scoring == "penalty" and ruleset.end_kind != "target":
        raise refuse("game_end", "penalty scoring ends at a target ('target:100')")


def validate_seats(ruleset: RuleSet, seats: int) -> None:
    if seats not in ruleset.players:
        raise refuse("players", f"{seats} seats is not allowed (allowed: {list(ruleset.players)})")
    if ruleset.knocking and seats < 3:
        raise refuse("knocking", "needs three or more seats")


def preset_catalog() -> dict[str, RuleSet]:
    return {name: build_ruleset(name) for name in PRESETS}
