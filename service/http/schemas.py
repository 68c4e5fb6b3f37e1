"""Wire schemas: request bodies, responses, and the player-command union without `shuffle`.

A command is defined once, in the domain (`domain.commands`); its request body
here is generated from it, adding only the wire's bounds and what every
command may carry (`expected_version`, `command_id`)."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec

from domain.commands import PlayerCommand
from domain.rules import RuleSet
from domain.state import GameState
from domain.views import SeatView, TableView
from service.app.envelope import Envelope
from service.app.projections import Controller, GameRecord, encode_outcome, encode_view
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
    seed: Annotated[int, _at_least_zero(le=2**63 - 1)] | None = None
    deck: (
        Annotated[
            list[WireCard], msgspec.Meta(min_length=1, max_length=_MAX_CARDS, description=_DECK)
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


# The wire's bounds on the domain's command fields (the domain types them, the API caps them).
_MeldId = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
_WIRE_TYPES: dict[tuple[str, str], Any] = {
    ("draw", "count"): Annotated[int, msgspec.Meta(ge=1, le=_MAX_CARDS)],
    ("lay_melds", "melds"): Annotated[
        list[Annotated[list[WireCard], msgspec.Meta(max_length=64)]],
        msgspec.Meta(max_length=32),
    ],
    ("lay_off", "card"): WireCard,
    ("lay_off", "meld_id"): _MeldId,
    ("swap_joker", "card"): WireCard,
    ("swap_joker", "meld_id"): _MeldId,
    ("discard", "card"): WireCard,
}
# Filled in by the service, never sent by a client (Draw.shuffle).
_SERVICE_FIELDS = frozenset({"shuffle"})


def _summary(doc: str | None) -> str:
    """A docstring's first sentence: the rest speaks of the service's side."""
    text = " ".join((doc or "").split())
    head, dot, _ = text.partition(". ")
    return head + "." if dot else text


def _wire_struct(command: type[PlayerCommand]) -> type[CommandBase]:
    """The request body of one domain command: its fields (less the service's), the
    wire's bounds on them, and CommandBase's `expected_version` and `command_id`."""
    tag = str(command.__struct_config__.tag)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for field in msgspec.structs.fields(command):
        if field.name in _SERVICE_FIELDS:
            continue
        kind = _WIRE_TYPES.get((tag, field.name), field.type)
        if field.default is msgspec.NODEFAULT:
            fields.append((field.name, kind))
        else:
            fields.append((field.name, kind, field.default))
    wire = msgspec.defstruct(
        f"{command.__name__}Command",
        fields,
        bases=(CommandBase,),
        tag=tag,
        frozen=True,
        kw_only=True,
        module=__name__,
    )
    wire.__doc__ = _summary(command.__doc__)
    return typing.cast(type[CommandBase], wire)


_DOMAIN_COMMANDS: tuple[type[PlayerCommand], ...] = typing.get_args(PlayerCommand)
# Each domain command and its request body, both ways.
WIRE_OF: dict[type[PlayerCommand], type[CommandBase]] = {
    command: _wire_struct(command) for command in _DOMAIN_COMMANDS
}
DOMAIN_OF: dict[type[CommandBase], type[PlayerCommand]] = {
    wire: command for command, wire in WIRE_OF.items()
}
_FIELDS_OF = {
    wire: tuple(field.name for field in msgspec.structs.fields(command))
    for command, wire in WIRE_OF.items()
}

if typing.TYPE_CHECKING:
    CommandBody = CommandBase
else:
    CommandBody = typing.Union[tuple(WIRE_OF.values())]  # noqa: UP007 (built at run time)
COMMAND_TAGS = tuple(str(command.__struct_config__.tag) for command in _DOMAIN_COMMANDS)


def to_domain(body: CommandBody) -> PlayerCommand:
    """The domain command a request body stands for (the service fields at their defaults)."""
    wire = type(body)
    return DOMAIN_OF[wire](
        **{name: _frozen(getattr(body, name)) for name in _FIELDS_OF[wire] if hasattr(body, name)}
    )


def _frozen(value: Any) -> Any:
    # The wire reads arrays as lists; domain commands are hashable (tuples all the way).
    return tuple(map(_frozen, value)) if isinstance(value, list) else value


def from_domain(command: PlayerCommand) -> CommandBody:
    """The request body that posts this domain command."""
    wire = WIRE_OF[type(command)]
    return wire(
        **{name: getattr(command, name) for name in _FIELDS_OF[wire] if name not in _SERVICE_FIELDS}
    )


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
    # The game's version this view was built at: send it as `expected_version`.
    version: int | None = None
    # The current turn's deadline (ISO 8601 UTC) in a game with a turn time limit.
    turn_deadline: str | None = None
    # Who plays each seat now, by seat: its owner, its bot, or a bot standing in.
    controllers: tuple[Controller, ...] | None = None
    # Last, as with_labels splices it in at the end of a served view's bytes.
    seat_labels: tuple[SeatLabel, ...] = ()


_labels_encoder = msgspec.json.Encoder()


def with_labels(view: bytes, labels: tuple[SeatLabel, ...]) -> bytes:
    """A View's bytes with its seat labels: spliced in, as the cached view has none."""
    assert view.endswith(b"}")
    return view[:-1] + b',"seat_labels":' + _labels_encoder.encode(labels) + b"}"


_view_decoder = msgspec.json.Decoder(View)


def view_out(view: SeatView, record: GameRecord | None = None) -> View:
    # Through the wire form the hot routes send as bytes: one conversion to keep right.
    return _view_decoder.decode(encode_view(view, record))


class CommandResult(msgspec.Struct, frozen=True, kw_only=True):
    """The game's new version, the caller's view, and the new events as the caller may see them."""

    version: int
    view: View
    events: tuple[Envelope, ...]


_result_decoder = msgspec.json.Decoder(CommandResult)


def result_out(outcome: CommandOutcome) -> CommandResult:
    body = encode_outcome(
        outcome.version, encode_view(outcome.view, version=outcome.version), outcome.events
    )
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
    """Ready: the store answers and, where bots and timers run on workers, one is alive."""

    status: Literal["ok"]
    store: str
    # Workers that beat within the last seconds; absent where none are expected.
    workers: int | None = None


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
