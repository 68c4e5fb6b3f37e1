"""What the service keeps about a game beside its log, and the records it answers with."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

import msgspec

from domain.opening import Opening, SeatSpec, TableOptions
from service.app.envelope import timestamp_of
from service.app.errors import ServiceError
from service.app.game_record import Seating, bot_levels
from service.app.projections import GameRecord

LobbyStatus = Literal["waiting", "active", "finished"]
# The store's lobby index files waiting tables under "open", its name from
# before tables waited: the keys stay, so no index needs moving.
LOBBY_KEYS: dict[str, str] = {"waiting": "open", "active": "active", "finished": "finished"}


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """How a game's table was opened (its log's first event says so: the `info`
    field of its meta is a copy, `rummy games rebuild` makes it again) with the
    decks stacked for it, a secret kept beside the log (`decks_field`).
    Games of earlier releases have no opening in their log: their copy is all."""

    preset: str
    seats: tuple[SeatSpec, ...]
    created_at: str
    created_ts: float
    turn_time_limit_s: float | None = None
    # A finished game's log and full states are served to its seats only.
    private_log: bool = False
    table: TableOptions = msgspec.field(default_factory=TableOptions)
    # Created with a `seed` or a `deck`: whoever created it knows every hand.
    stacked: bool = False
    # Deck orders set at creation for hands 1, 2, … (tests of many hands); later hands shuffle.
    decks: tuple[tuple[str, ...], ...] = ()


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to a creation: the only time the human seats' tokens are shown."""

    game_id: str
    version: int
    tokens: dict[int, str]
    seats: tuple[SeatSpec, ...]
    # A private table's invite code, shown once: needed to see and join the table.
    invite_code: str | None = None
    # An imported log may hold a whole game: it arrives over.
    finished: bool = False


class LobbyEntry(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    status: LobbyStatus
    preset: str
    seats: tuple[SeatSpec, ...]
    open_seats: tuple[int, ...]
    version: int
    created_at: str
    # Per seat: the name of the player sitting there (null: a bot, an open seat,
    # or a seat claimed with a bare seat token).
    names: tuple[str | None, ...] = ()
    stacked: bool = False
    rated: bool = False


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
    # Seat -> the player holding it, and that player's name (seats taken with a
    # player token; a bare seat token leaves no trace here).
    players: dict[int, str] = msgspec.field(default_factory=dict)
    names: dict[int, str] = msgspec.field(default_factory=dict)

    @property
    def rematch(self) -> str | None:
        """The table's next game, once a seat asked for it."""
        return self.record.rematch

    @property
    def open_seats(self) -> tuple[int, ...]:
        return open_seats_of(self.info, self.claimed)

    @property
    def bot_levels(self) -> dict[int, int]:
        """The level of the bot playing each seat that a bot plays now (the log's say)."""
        return bot_levels(self.record.controllers)

    @property
    def filled(self) -> dict[int, int]:
        """Open seats a bot took when the table started, with its level."""
        return filled_seats(self.info, self.record)

    @property
    def resigned(self) -> frozenset[int]:
        return frozenset(self.record.state.resigned)


def filled_seats(info: GameInfo, record: GameRecord) -> dict[int, int]:
    """Human seats a bot plays for the whole game but not resigned: filled at the start."""
    resigned = record.state.resigned
    return {
        seat: controller.level or 1
        for seat, (spec, controller) in enumerate(zip(info.seats, record.controllers, strict=False))
        if spec.kind == "human" and controller.kind == "bot" and seat not in resigned
    }


def open_seats_of(info: GameInfo, claimed: frozenset[int]) -> tuple[int, ...]:
    """Human seats left open at creation that nobody has claimed yet."""
    return tuple(
        seat
        for seat, spec in enumerate(info.seats)
        if spec.kind == "human" and spec.open and seat not in claimed
    )


class MetaFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the service reads from a game's meta record, seated as its log says
    (`seating`): who holds each seat and by which token, under the seats' numbers
    now. All else is fixed once the game is registered, but the names, which a
    rename changes (`service/app/meta_fields.py` reads the record)."""

    info: GameInfo
    seed: int
    own_hands_from: int
    salts: dict[int, str]
    seats_by_token: dict[str, int]
    claimed: frozenset[int]
    players: dict[int, str] = msgspec.field(default_factory=dict)
    names: dict[int, str] = msgspec.field(default_factory=dict)
    # Not dealt yet (a table with open seats waits for players or its host).
    waiting: bool = False
    # The player hosting the table (`host_player`: a secret beside the log), read
    # where the log's game_started names no host (a table an earlier release opened).
    host: str | None = None
    # Seat -> level: the bot seats of the creation, for logs whose game_started
    # does not say so itself (an earlier release's, or an import of one).
    meta_bots: dict[int, int] = msgspec.field(default_factory=dict)
    # Seat -> the player a rematch keeps it for.
    reserved: dict[int, str] = msgspec.field(default_factory=dict)
    invite_hash: str | None = None
    # A waiting table's first deck, when its creator gave one.
    first_deck: tuple[str, ...] | None = None
    # An import whose chunks are still being appended: no one else reads or writes it.
    importing: bool = False
    # The log's seating these facts were seated by (None: a game of a release that
    # kept it in the meta alone, as the meta says).
    seating: Seating | None = None
    # The meta record read: seated again by a newer seating (`seated_by`).
    meta: Mapping[str, bytes] = msgspec.field(default_factory=dict)

    def seats_of(self, player_id: str) -> tuple[int, ...]:
        return tuple(seat for seat, held_by in sorted(self.players.items()) if held_by == player_id)


def lobby_status(game: Game) -> LobbyStatus:
    """Finished once over; waiting until the first deal; else active."""
    state = game.record.state
    if state.phase == "over":
        return "finished"
    return "waiting" if state.hand_number == 0 else "active"


def lobby_entry(game_id: str, filed: LobbyStatus, facts: MetaFacts, version: int) -> LobbyEntry:
    """A lobby line from the meta alone: only a game that is over is filed as
    finished, and the meta says whether it has been dealt. A seat kept for a
    player (a rematch's) is open to them alone: not to the lobby."""
    open_seats = tuple(
        seat for seat in open_seats_of(facts.info, facts.claimed) if seat not in facts.reserved
    )
    status: LobbyStatus = (
        "finished" if filed == "finished" else "waiting" if facts.waiting else "active"
    )
    return LobbyEntry(
        game_id=game_id,
        status=status,
        preset=facts.info.preset,
        seats=facts.info.seats,
        open_seats=open_seats,
        version=version,
        created_at=facts.info.created_at,
        names=tuple(facts.names.get(seat) for seat in range(len(facts.info.seats))),
        stacked=facts.info.stacked,
        rated=facts.info.table.rated,
    )


info_decoder = msgspec.json.Decoder(GameInfo)
_decks_decoder = msgspec.json.Decoder(tuple[tuple[str, ...], ...])
# The secret meta field of the decks a creator stacked for hands 1, 2, …
DECKS = "decks"


def opening_of(info: GameInfo) -> Opening:
    """The table's opening as its log's first event records it (no secret in it)."""
    return Opening(**{field: getattr(info, field) for field in Opening.__struct_fields__})


def info_of(opening: Opening, decks: tuple[tuple[str, ...], ...] = ()) -> GameInfo:
    """A game's info from its log's opening and the decks kept secret beside it."""
    created_ts = timestamp_of(opening.created_at)
    return GameInfo(**msgspec.structs.asdict(opening), created_ts=created_ts, decks=decks)


def decks_field(decks: tuple[tuple[str, ...], ...]) -> dict[str, bytes]:
    """The meta field keeping a creation's stacked decks (none when it stacked none)."""
    return {DECKS: msgspec.json.encode(decks)} if decks else {}


def stacked_decks(meta: Mapping[str, bytes]) -> tuple[tuple[str, ...], ...]:
    return _decks_decoder.decode(meta[DECKS]) if meta.get(DECKS) else ()


_GAME_ID = re.compile(r"[0-9a-f]{32}")


def is_game_id(game_id: str) -> bool:
    """Whether this service could have made the id (32 hex digits)."""
    return _GAME_ID.fullmatch(game_id) is not None


def check_game_id(game_id: str) -> None:
    # Only ids this service made exist; anything else cannot name a game.
    if not is_game_id(game_id):
        raise ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
