"""What the service keeps about a game beside its log, and the records it answers with."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Literal

import msgspec

from domain.state import GameState
from domain.views import SeatView
from service.app.envelope import Envelope
from service.app.errors import ServiceError
from service.app.projections import GameRecord

LobbyStatus = Literal["open", "active", "finished"]


class SeatSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat at creation: a human (optionally left `open` for anyone to claim) or a bot."""

    kind: Literal["human", "bot"]
    level: Annotated[int, msgspec.Meta(ge=1, le=4)] | None = None
    open: bool = False


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What the service keeps beside a game's log (the `info` field of its meta)."""

    preset: str
    seats: tuple[SeatSpec, ...]
    created_at: str
    created_ts: float
    turn_time_limit_s: float | None = None
    # A finished game's log and full states are served to its seats only.
    private_log: bool = False
    # Deck orders set at creation for hands 1, 2, … (tests of many hands); later hands shuffle.
    decks: tuple[tuple[str, ...], ...] = ()


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to a creation: the only time the human seats' tokens are shown."""

    game_id: str
    version: int
    tokens: dict[int, str]
    seats: tuple[SeatSpec, ...]


class CommandOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """A command's result as its seat sees it; recorded so a retry gets it again."""

    version: int
    view: SeatView
    events: tuple[Envelope, ...]


class LobbyEntry(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    status: LobbyStatus
    preset: str
    seats: tuple[SeatSpec, ...]
    open_seats: tuple[int, ...]
    version: int
    created_at: str


class Game(msgspec.Struct, frozen=True, kw_only=True):
    """A loaded game: its folded record, its info, and which seats are claimed."""

    game_id: str
    record: GameRecord
    info: GameInfo
    claimed: frozenset[int]
    seed: int
    # Hands dealt before this game owned its seed (an import or a fork): their
    # salts where known; a hand below `own_hands_from` without one is never revealed.
    own_hands_from: int = 0
    salts: dict[int, str] = msgspec.field(default_factory=dict)

    @property
    def open_seats(self) -> tuple[int, ...]:
        return open_seats_of(self.info, self.claimed)


def open_seats_of(info: GameInfo, claimed: frozenset[int]) -> tuple[int, ...]:
    """Human seats left open at creation that nobody has claimed yet."""
    return tuple(
        seat
        for seat, spec in enumerate(info.seats)
        if spec.kind == "human" and spec.open and seat not in claimed
    )


class MetaFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the service reads from a game's meta record. All is fixed once the game
    is registered but `claimed` and the token hashes, which a claim adds to."""

    info: GameInfo
    seed: int
    own_hands_from: int
    salts: dict[int, str]
    seats_by_token: dict[str, int]
    claimed: frozenset[int]


def facts_of(meta: Mapping[str, bytes]) -> MetaFacts:
    return MetaFacts(
        info=info_decoder.decode(meta["info"]),
        seed=int(meta.get("seed", b"0")),
        own_hands_from=int(meta.get("own_hands_from", b"0")),
        salts={
            int(field.removeprefix("salt:")): value.decode()
            for field, value in meta.items()
            if field.startswith("salt:")
        },
        seats_by_token={
            field.removeprefix("token:"): int(value)
            for field, value in meta.items()
            if field.startswith("token:")
        },
        claimed=frozenset(
            int(field.removeprefix("claimed:")) for field in meta if field.startswith("claimed:")
        ),
    )


def game_of(game_id: str, facts: MetaFacts, record: GameRecord) -> Game:
    return Game(
        game_id=game_id,
        record=record,
        info=facts.info,
        claimed=facts.claimed,
        seed=facts.seed,
        own_hands_from=facts.own_hands_from,
        salts=facts.salts,
    )


def lobby_status(game: Game) -> LobbyStatus:
    if game.record.state.phase == "over":
        return "finished"
    return "open" if game.open_seats else "active"


def lobby_entry(game_id: str, filed: LobbyStatus, facts: MetaFacts, version: int) -> LobbyEntry:
    """A lobby line from the meta alone: only a game that is over is filed as
    finished, and the meta says whether seats are still open."""
    open_seats = open_seats_of(facts.info, facts.claimed)
    status: LobbyStatus = "finished" if filed == "finished" else "open" if open_seats else "active"
    return LobbyEntry(
        game_id=game_id,
        status=status,
        preset=facts.info.preset,
        seats=facts.info.seats,
        open_seats=open_seats,
        version=version,
        created_at=facts.info.created_at,
    )


info_decoder = msgspec.json.Decoder(GameInfo)


class Appended(msgspec.Struct, frozen=True, kw_only=True):
    """What was just appended to a game, for whoever schedules the work it makes
    (bot turns, turn timers). `seat` and `command_id` name the command (None
    for a creation or a mere nudge); `envelopes` are the new events, unredacted;
    `meta` is the game's meta record as the append saw it (None: not read)."""

    game_id: str
    version: int
    before: GameState
    state: GameState
    info: GameInfo
    envelopes: tuple[Envelope, ...] = ()
    seat: int | None = None
    command_id: str | None = None
    meta: dict[str, bytes] | None = None


AppendHook = Callable[[Appended], Awaitable[None]]


_GAME_ID = re.compile(r"[0-9a-f]{32}")


def is_game_id(game_id: str) -> bool:
    """Whether this service could have made the id (32 hex digits)."""
    return _GAME_ID.fullmatch(game_id) is not None


def check_game_id(game_id: str) -> None:
    # Only ids this service made exist; anything else cannot name a game.
    if not is_game_id(game_id):
        raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
