"""Wire schemas: request bodies, responses, and the player-command union without `shuffle`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from domain.rules import RuleSet
from domain.state import GameState
from domain.views import SeatView, TableView
from service.app.envelope import Envelope
from service.app.projections import encode_outcome, encode_view
from service.app.records import CommandOutcome, CreatedGame, GameInfo, LobbyEntry, SeatSpec

PresetName = Literal["basic", "palace", "duel", "classic"]

# Card codes are plain strings on the wire: an unknown code is a rules-level
# refusal (422 invalid_card) rather than a schema violation.
WireCard = Annotated[str, msgspec.Meta(description="A card code: `7H`, `TD`, `JK`.")]


def _at_least_zero(**constraints: Any) -> msgspec.Meta:
    """`ge=0` that survives into the document: Litestar drops a falsy bound of an
    optional field, so it is restated as schema extra."""
    return msgspec.Meta(ge=0, extra_json_schema={"extra": {"minimum": 0}}, **constraints)


_MAX_CARDS = 400
# Versions and meld ids fit 31 bits (the routes' path and query bounds say the same).
MAX_VERSION = 2**31
# The timers' scheduler counts whole seconds (a shorter limit cannot be kept);
# a day is the longest a correspondence game waits for a move.
MIN_TURN_TIME_S, MAX_TURN_TIME_S = 1, 86400


class CreateGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new game: a preset and knob overrides (see GET /rulesets), its seats, and
    optionally a `seed` (reproducible deals) or the first hand's `deck` order."""

    seats: Annotated[list[SeatSpec], msgspec.Meta(min_length=2, max_length=6)]
    preset: PresetName = "basic"
    rules: dict[str, Any] = msgspec.field(default_factory=dict)
    seed: Annotated[int, _at_least_zero(le=2**63 - 1)] | None = None
    deck: Annotated[list[WireCard], msgspec.Meta(min_length=1, max_length=_MAX_CARDS)] | None = None
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
    # One player may take several seats (a shared screen); off by default.
    hot_seat: bool = False


class CommandBase(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="type",
):
    """What every command may carry: the version it was decided on, and an id for safe retries."""

    expected_version: Annotated[int, _at_least_zero(le=MAX_VERSION)] | None = None
    command_id: Annotated[str, msgspec.Meta(min_length=1, max_length=128)] | None = None


class DrawCommand(CommandBase, frozen=True, kw_only=True, tag="draw"):
    """Take the stock's top card, or `count` cards off the top of the discard pile."""

    source: Literal["stock", "discard"] = "stock"
    count: Annotated[int, msgspec.Meta(ge=1, le=_MAX_CARDS)] = 1


class LayMeldsCommand(CommandBase, frozen=True, kw_only=True, tag="lay_melds"):
    """Lay down new melds from the hand; each lists its cards in table order."""

    melds: Annotated[
        list[Annotated[list[WireCard], msgspec.Meta(max_length=64)]],
        msgspec.Meta(max_length=32),
    ]


class LayOffCommand(CommandBase, frozen=True, kw_only=True, tag="lay_off"):
    """Add one card to a meld on the table; `end` picks a run's end for a joker."""

    card: WireCard
    meld_id: Annotated[int, msgspec.Meta(ge=0, le=2**31)]
    end: Literal["low", "high"] | None = None


class SwapJokerCommand(CommandBase, frozen=True, kw_only=True, tag="swap_joker"):
    """Put the natural card a joker stands for into the meld; take the joker."""

    card: WireCard
    meld_id: Annotated[int, msgspec.Meta(ge=0, le=2**31)]


class DiscardCommand(CommandBase, frozen=True, kw_only=True, tag="discard"):
    """Put one card on the discard pile, ending the turn."""

    card: WireCard


class KnockCommand(CommandBase, frozen=True, kw_only=True, tag="knock"):
    """Out of turn: claim the last discard and draw one from the stock."""


CommandBody = (
    DrawCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand | DiscardCommand | KnockCommand
)
COMMAND_TAGS = ("draw", "lay_melds", "lay_off", "swap_joker", "discard", "knock")


def to_domain(body: CommandBody) -> PlayerCommand:
    match body:
        case DrawCommand(source=source, count=count):
            return Draw(source=source, count=count)
        case LayMeldsCommand(melds=melds):
            return LayMelds(melds=tuple(tuple(meld) for meld in melds))
        case LayOffCommand(card=card, meld_id=meld_id, end=end):
            return LayOff(card=card, meld_id=meld_id, end=end)
        case SwapJokerCommand(card=card, meld_id=meld_id):
            return SwapJoker(card=card, meld_id=meld_id)
        case DiscardCommand(card=card):
            return Discard(card=card)
        case KnockCommand():
            return Knock()
    raise AssertionError(f"unhandled command {body!r}")


def from_domain(command: PlayerCommand) -> CommandBody:
    match command:
        case Draw(source=source, count=count):
            return DrawCommand(source=source, count=count)
        case LayMelds(melds=melds):
            return LayMeldsCommand(melds=[list(meld) for meld in melds])
        case LayOff(card=card, meld_id=meld_id, end=end):
            return LayOffCommand(card=card, meld_id=meld_id, end=end)
        case SwapJoker(card=card, meld_id=meld_id):
            return SwapJokerCommand(card=card, meld_id=meld_id)
        case Discard(card=card):
            return DiscardCommand(card=card)
        case Knock():
            return KnockCommand()
    raise AssertionError(f"unhandled command {command!r}")


class SeatLabel(msgspec.Struct, frozen=True, kw_only=True):
    """Who sits at a seat: a player's name (null for an open seat or one taken
    with a bare seat token), or a bot and its level."""

    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    level: int | None
    resigned: bool = False


def seat_labels(
    info: GameInfo,
    names: Mapping[int, str],
    filled: Mapping[int, int] | None = None,
    resigned: frozenset[int] = frozenset(),
) -> tuple[SeatLabel, ...]:
    """Who sits where: a seat a bot took at the start is a bot of its level; a
    resigned seat keeps its player's name, marked resigned (a bot plays it)."""
    filled = filled or {}
    return tuple(
        SeatLabel(
            seat=seat,
            kind="bot" if seat in filled else spec.kind,
            name=names.get(seat),
            level=filled.get(seat, spec.level),
            resigned=seat in resigned,
        )
        for seat, spec in enumerate(info.seats)
    )


class View(TableView, frozen=True, kw_only=True):
    """The table as one seat (or a spectator, `seat: null`) sees it. `hand` is the
    viewer's own hand only; `legal_commands` can be posted as they are.
    `seat_labels` (who sits where) is filled in the served view and the summary,
    empty in a command's answer."""

    legal_commands: tuple[CommandBody, ...]
    seat_labels: tuple[SeatLabel, ...] = ()


_labels_encoder = msgspec.json.Encoder()


def with_labels(view: bytes, labels: tuple[SeatLabel, ...]) -> bytes:
    """A View's bytes with its seat labels: spliced in, as the cached view has none."""
    assert view.endswith(b"}")
    return view[:-1] + b',"seat_labels":' + _labels_encoder.encode(labels) + b"}"


_view_decoder = msgspec.json.Decoder(View)


def view_out(view: SeatView) -> View:
    # Through the wire form the hot routes send as bytes: one conversion to keep right.
    return _view_decoder.decode(encode_view(view))


class CommandResult(msgspec.Struct, frozen=True, kw_only=True):
    """The game's new version, the caller's view, and the new events as the caller may see them."""

    version: int
    view: View
    events: tuple[Envelope, ...]


_result_decoder = msgspec.json.Decoder(CommandResult)


def result_out(outcome: CommandOutcome) -> CommandResult:
    body = encode_outcome(outcome.version, encode_view(outcome.view), outcome.events)
    return _result_decoder.decode(body)


class CreatedGameOut(msgspec.Struct, frozen=True, kw_only=True):
    """`tokens` maps each human seat that is not open to its secret token, shown once.
    A table with open seats is `waiting`: dealt once every seat is taken or its
    host starts it. `invite_code` (a private table's, shown once) opens it to others."""

    game_id: str
    version: int
    tokens: dict[str, str]
    seats: tuple[SeatSpec, ...]
    status: Literal["waiting", "active"] = "active"
    invite_code: str | None = None

    @classmethod
    def of(cls, created: CreatedGame) -> CreatedGameOut:
        return cls(
            game_id=created.game_id,
            version=created.version,
            tokens={str(seat): token for seat, token in created.tokens.items()},
            seats=created.seats,
            status="waiting" if any(spec.open for spec in created.seats) else "active",
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


class GameSummary(msgspec.Struct, frozen=True, kw_only=True):
    """Public facts of a game and its spectator view. `stacked`: created with a
    seed or a deck (its creator knows every hand). `rematch`: the next game at
    this table, once a seat asked for it. `expired`: a waiting table nobody
    joined in time."""

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


class Lobby(msgspec.Struct, frozen=True, kw_only=True):
    games: tuple[LobbyEntry, ...]
    limit: int
    offset: int


class ClaimedSeat(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    seat: int
    token: str


class EventPage(msgspec.Struct, frozen=True, kw_only=True):
    """Events after the requested version; `version` is the game's current version."""

    version: int
    events: tuple[Envelope, ...]


class Rulesets(msgspec.Struct, frozen=True, kw_only=True):
    """Every preset's knobs, and the default of every knob (the `basic` preset is the defaults)."""

    presets: dict[str, RuleSet]
    defaults: RuleSet


class Health(msgspec.Struct, frozen=True, kw_only=True):
    status: Literal["ok"]
    store: str


class ForkGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fork a finished game at `version`: `keep` plays on with the same stock,
    `reshuffle` (at a hand boundary) deals the next hand afresh, from `seed` if given."""

    version: Annotated[int, msgspec.Meta(ge=1, le=2**31)]
    deck: Literal["keep", "reshuffle"] = "keep"
    seed: Annotated[int, _at_least_zero(le=2**63 - 1)] | None = None


class StateAt(msgspec.Struct, frozen=True, kw_only=True):
    """The game at one version of its log. `view` is as the caller sees it (a seat
    with a token, else a spectator); `state` is the full state (every hand, the
    stock) when `visibility` is `full`, else null."""

    game_id: str
    version: int
    visibility: Literal["full", "seat", "spectator"]
    view: View
    state: GameState | None
