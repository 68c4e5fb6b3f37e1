"""A finished (or abandoned) game's result as the league reads it, and the places it gives."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Literal

import msgspec

from domain.rules import RuleSet, Scoring
from domain.state import GameState

SeatKind = Literal["human", "bot"]
Ending = Literal["ended", "abandoned"]
# Instants carry their zone (decoding refuses a naive time): days are UTC days.
Instant = Annotated[datetime, msgspec.Meta(tz=True)]

BOT_PREFIX = "bot:"


def bot_id(level: int) -> str:
    """A bot level's player id on every ladder: `bot:3` for level 3."""
    return f"{BOT_PREFIX}{level}"


def is_bot_id(player: str) -> bool:
    return player.startswith(BOT_PREFIX)


class RuleFacts(msgspec.Struct, frozen=True, kw_only=True):
    """The knobs the league reads: `rated` (training tables), the scoring
    mode (its direction decides the places) and those that pick the ladder."""

    rated: bool = True
    scoring: Scoring = "winner_takes"
    decks: int = 1
    jokers: int = 0
    short_deck: bool = False
    knocking: bool = False


def rule_facts(ruleset: RuleSet) -> RuleFacts:
    return RuleFacts(
        rated=ruleset.rated,
        scoring=ruleset.scoring,
        decks=ruleset.decks,
        jokers=ruleset.jokers,
        short_deck=ruleset.short_deck,
        knocking=ruleset.knocking,
    )


class SeatResult(msgspec.Struct, frozen=True, kw_only=True):
    """One seat at the end: who held it, and what they scored.

    A seat that resigned keeps its player (the bot that finished the game for
    it plays no part in the league). `handed_over`: a bot played some of the
    seat's moves at its owner's request. `hands` counts the hands the seat's
    player finished; `created_at` is when the player's account was made
    (guest or named; None for bots and players the directory does not know:
    the abuse policy reads every human's account age). `seat` is the
    table's seat number when the result leaves some seats out (seats held by
    nobody the league knows); None: the seat's index in the result.
    """

    player: str
    seat: int | None = None
    kind: SeatKind = "human"
    guest: bool = False
    created_at: Instant | None = None
    resigned: bool = False
    handed_over: bool = False
    total: int = 0
    hands: int = 0
    # Results recorded before every account's age was kept name a guest's alone
    # here; they still fold to the figures they were applied with.
    guest_created_at: Instant | None = None

    @property
    def account_created_at(self) -> Instant | None:
        return self.created_at or self.guest_created_at


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """What the league folds: one per game, applied at most once by `game_id`.

    `seeding` marks a bot-versus-bot game played by the ladder to seed the
    bots' ratings; only `seed_bot_ratings` sets it. `left_out` counts the human
    seats held by nobody the league knows (a bare seat token), which `seats`
    leaves out: a game of such seats and bots is not a bot-versus-bot game.
    """

    game_id: str
    preset: str
    rules: RuleFacts
    ending: Ending
    ended_at: Instant
    seats: tuple[SeatResult, ...]
    stacked: bool = False
    seeding: bool = False
    left_out: int = 0


def lowest_wins(scoring: Scoring) -> bool:
    """The scoring direction, as `domain.scoring.game_winners` reads it."""
    return scoring == "penalty"


def gave_up(seat: SeatResult) -> bool:
    """Whether the seat's player let the game go: resigned, or handed the seat
    to a bot (whatever the bot then scored is not the player's)."""
    return seat.resigned or seat.handed_over


def places(result: GameResult) -> tuple[int, ...]:
    """Each seat's place, 1 best: by final total under the scoring direction,
    tied totals sharing a place (1, 1, 3), every seat that resigned or was
    handed to a bot last (shared)."""
    sign = 1 if lowest_wins(result.rules.scoring) else -1
    playing = [seat for seat in result.seats if not gave_up(seat)]
    keys = sorted(sign * seat.total for seat in playing)
    last = len(playing) + 1
    return tuple(
        last if gave_up(seat) else 1 + keys.index(sign * seat.total) for seat in result.seats
    )


class Sitter(msgspec.Struct, frozen=True, kw_only=True):
    """Who held a seat, as the players' directory and the seat records know it.
    `hands`: the hands a resigned seat's player finished (None: all of them)."""

    player: str
    kind: SeatKind = "human"
    guest: bool = False
    created_at: Instant | None = None
    resigned: bool = False
    handed_over: bool = False
    hands: int | None = None


def result_of_game(
    game_id: str,
    preset: str,
    state: GameState,
    sitters: Sequence[Sitter | None],
    ended_at: datetime,
    stacked: bool = False,
    abandoned: bool = False,
) -> GameResult:
    """The league's result of a game's final state (over: ended; else, or when the
    service recorded `game_abandoned`, which ends it too: abandoned).

    A sitter None is a seat held by nobody the league knows (a human seat
    taken with a bare seat token): it is left out, and the other seats keep
    their table numbers. Ratings read only the order of the seats left, so
    leaving one out rates the others as they finished among themselves."""
    played = len(state.results)
    partial = any(sitter is None for sitter in sitters)
    return GameResult(
        game_id=game_id,
        preset=preset,
        rules=rule_facts(state.ruleset),
        ending="ended" if state.phase == "over" and not abandoned else "abandoned",
        ended_at=ended_at,
        stacked=stacked,
        left_out=sum(1 for sitter in sitters if sitter is None),
        seats=tuple(
            SeatResult(
                player=sitter.player,
                seat=seat if partial else None,
                kind=sitter.kind,
                guest=sitter.guest,
                created_at=sitter.created_at,
                resigned=sitter.resigned,
                handed_over=sitter.handed_over,
                total=total,
                hands=played if sitter.hands is None else sitter.hands,
            )
            for seat, (sitter, total) in enumerate(zip(sitters, state.totals, strict=True))
            if sitter is not None
        ),
    )
