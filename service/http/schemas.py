"""Wire schemas of games: creating one, its summary, the lobby, events, rules, health,
forks and states. Commands are in `schemas_commands`, views in `schemas_views`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from domain.opening import SeatSpec
from domain.rules import RuleSet
from domain.state import GameState
from service.app.envelope import Envelope
from service.app.records import CreatedGame, LobbyEntry
from service.http.schemas_bounds import MAX_CARDS, WireCard, at_least_zero
from service.http.schemas_views import View

PresetName = Literal["basic", "palace", "duel", "classic"]
# What the lobby lists a game under: its preset, or `imported` (an imported log's rules).
LobbyPreset = Literal["basic", "palace", "duel", "classic", "imported"]
# The timers' scheduler counts whole seconds (a shorter limit cannot be kept);
# a day is the longest a correspondence game waits for a move.
MIN_TURN_TIME_S, MAX_TURN_TIME_S = 1, 86400
_MAX_STACKED_HANDS = 64
_DECK = (
    "The first hand's deck, top card first: the whole pack (every card of the "
    "ruleset's pack, each once). The first `seats × hand size` cards are dealt one at a "
    "time, starting with the dealer's left; the next card turns up as the discard "
    "pile; the rest is the stock, the card after the turned-up one on its top (drawn "
    "first). Without `deck` or `decks`, hands are shuffled (from `seed` if given)."
)


class CreateGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new game: a preset and knob overrides (see GET /rulesets), its seats, and
    optionally a `seed` (reproducible deals), or the first hand's `deck` order or the
    `decks` of the first hands."""

    seats: Annotated[list[SeatSpec], msgspec.Meta(min_length=2, max_length=6)]
    # A plain string, so an unknown preset is the rules' 422 `unknown_preset` (which
    # lists the presets); the document still lists them as an enum.
    preset: Annotated[str, msgspec.Meta(max_length=64)] = "basic"
    rules: dict[str, Any] = msgspec.field(default_factory=dict)
    seed: Annotated[int, at_least_zero(le=2**63 - 1)] | None = None
    deck: (
        Annotated[
            list[WireCard], msgspec.Meta(min_length=1, max_length=MAX_CARDS, description=_DECK)
        ]
        | None
    ) = None
    decks: (
        Annotated[
            # Each deck is bounded by the rules (a 422): the document cannot say so in a list.
            list[list[WireCard]],
            msgspec.Meta(
                max_length=_MAX_STACKED_HANDS,
                description="The decks of hands 1, 2, … in order, each as `deck` says; "
                "hands past the list are shuffled as usual. Give `deck` or `decks`.",
            ),
        ]
        | None
    ) = None
    turn_time_limit_s: (
        Annotated[
            float,
            msgspec.Meta(
                ge=MIN_TURN_TIME_S,
                le=MAX_TURN_TIME_S,
                description="Seconds a seat has for each turn, 1 to 86400 (a day).",
            ),
        ]
        | None
    ) = None
    private_log: bool = False
    # A private table is seen and joined with its invite code only (never listed).
    private: bool = False
    # One player may take several seats (a shared screen); off by default. Created with a
    # player token, that player holds every human seat that is not open, and only they
    # claim its seats (403 `hot_seat_table`).
    hot_seat: bool = False


class CreatedGameOut(msgspec.Struct, frozen=True, kw_only=True):
    """`tokens` maps each human seat that is not open to its secret token, shown once.
    A table with open seats is `waiting`: dealt once every seat is taken or its
    host starts it; an imported log of a whole game is `finished`. `invite_code` (a
    private table's, shown once) opens it to others."""

    game_id: str
    version: int
    tokens: dict[str, str]
    seats: tuple[SeatSpec, ...]
    status: Literal["waiting", "active", "finished"] = "active"
    invite_code: str | None = None

    @classmethod
    def of(cls, created: CreatedGame) -> CreatedGameOut:
        status: Literal["waiting", "active", "finished"] = (
            "finished"
            if created.finished
            else "waiting"
            if any(spec.open for spec in created.seats)
            else "active"
        )
        return cls(
            game_id=created.game_id,
            version=created.version,
            tokens={str(seat): token for seat, token in created.tokens.items()},
            seats=created.seats,
            status=status,
            invite_code=created.invite_code,
        )


class SeatOut(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    kind: Literal["human", "bot"]
    level: int | None
    open: bool
    claimed: bool
    # The player's name; null for a bot, an open seat, or a bare seat token.
    name: str | None = None
    # Resigned: a bot plays the seat to the end of the game.
    resigned: bool = False
    # Open, and kept for the player who held it in the table's last game (a
    # rematch's): only they can claim it (409 `seat_reserved` for anyone else).
    reserved: bool = False


class GameSummary(msgspec.Struct, frozen=True, kw_only=True):
    """Public facts of a game and its spectator view. `stacked`: created with a
    seed or a deck (its creator knows every hand). `rematch`: the next game at
    this table, once a seat asked for it (a table made from this game: an imported
    copy's log names its source's, which is not). `expired`: a waiting table nobody
    joined in time. `your_seat`: asked with a token, the seat it opens here
    (null without a token, or when it opens none: the caller watches).
    `hosting`: asked with a token at a waiting table, whether the caller is its
    host (may start it and remove its players). `kept_for_you`: asked with a
    player's token at a waiting rematch, the seat kept for them (they sit there,
    or decline it by leaving it), else null."""

    game_id: str
    status: Literal["waiting", "active", "finished"]
    preset: str
    ruleset: RuleSet
    seats: tuple[SeatOut, ...]
    version: int
    created_at: str
    turn_time_limit_s: float | None
    view: View
    stacked: bool = False
    private: bool = False
    rated: bool = False
    hot_seat: bool = False
    expired: bool = False
    rematch: str | None = None
    rematch_of: str | None = None
    your_seat: int | None = None
    hosting: bool = False
    kept_for_you: int | None = None


class Lobby(msgspec.Struct, frozen=True, kw_only=True):
    games: tuple[LobbyEntry, ...]
    limit: int
    offset: int


class ClaimedSeat(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    seat: int
    token: str


class EventPage(msgspec.Struct, frozen=True, kw_only=True):
    """Events after the requested version. Resume with `after=next_after` (the last
    event's version, or the one asked after when there is none); `has_more` says
    another page is waiting now; `ended` that the game is over and this page holds
    its last event. `version` is the game's current version."""

    version: int
    events: tuple[Envelope, ...]
    next_after: int
    has_more: bool
    ended: bool


class Ticket(msgspec.Struct, frozen=True, kw_only=True):
    """A single-use stand-in for a seat's token on a live channel (`?ticket=`)."""

    ticket: str
    expires_in_s: int


class Rulesets(msgspec.Struct, frozen=True, kw_only=True):
    """Every preset's knobs, and the default of every knob (the `basic` preset is the defaults)."""

    presets: dict[str, RuleSet]
    defaults: RuleSet


class Health(msgspec.Struct, frozen=True, kw_only=True):
    """Ready: the store answers and, where bots and timers run on workers, one is alive
    and a worker's scheduler ticks (else 503 `worker_unavailable`, `facts.down` naming
    `worker` or `scheduler`)."""

    status: Literal["ok"]
    store: str
    # Workers that beat within the last seconds; absent where none are expected.
    workers: int | None = None
    # Schedulers (a worker's, moving due timers onto the queue) that ticked lately:
    # one at a time holds the lock. Absent where no worker is counted.
    schedulers: int | None = None
    # A worker's steps set aside on one game after failing again and again
    # ("<step>:<game id>": reconcile, archive, league): that game is looked at
    # again with a growing back-off; every other game goes on. A private table's are
    # left out (its id is for its seats and code holders); /metrics counts them.
    set_aside: tuple[str, ...] = ()


class ForkGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fork a finished game at `version`: `keep` plays on with the same stock,
    `reshuffle` (at a hand boundary) deals the next hand afresh, from `seed` if given."""

    version: Annotated[int, msgspec.Meta(ge=1, le=2**31)]
    deck: Literal["keep", "reshuffle"] = "keep"
    seed: Annotated[int, at_least_zero(le=2**63 - 1)] | None = None


class StateAt(msgspec.Struct, frozen=True, kw_only=True):
    """The game at one version of its log. `view` is as the caller sees it (a seat
    with a token, else a spectator); `state` is the full state (every hand, the
    stock) when `visibility` is `full`, else null. A caller holding several seats
    (a hot-seat player) is shown what their live channels show: `held_hands` has
    the hand of each seat they hold and still played then, by seat, and `view` is
    the seat of theirs whose turn it was then; null for anyone else."""

    game_id: str
    version: int
    visibility: Literal["full", "seat", "spectator"]
    view: View
    state: GameState | None
    held_hands: dict[int, tuple[str, ...]] | None = msgspec.field(default=None)
