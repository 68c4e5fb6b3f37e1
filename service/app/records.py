"""A loaded game: the facts kept beside its log (its meta record, read field by
field: what was fixed at creation, the deal's seed, and the secrets kept out of
the log: token and invite-code hashes, the deal's salts, who made each claim, whom
each reservation's mark stands for, who hosts a table whose log names no host),
seated as the log says (`Seating`, copied into the `seating` field by the write
that changes it), and the records the service answers with. Games of earlier
releases kept more in the meta: `rummy upgrade` turns that into events and
today's fields (`service/app/upgrade.py`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal, TypeVar

import msgspec

from domain.opening import Opening, SeatSpec, TableOptions
from service.app.envelope import timestamp_of
from service.app.errors import ServiceError
from service.app.game_record import (
    FILLED,
    GIVEN_BACK,
    SEATING_FIELD,
    UNCLAIMED,
    GameRecord,
    Seating,
    bot_levels,
    untimed,
    with_bots,
)
from service.store.base import is_token_digest

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


class MetaFacts(msgspec.Struct, frozen=True):
    """What the service reads from a game's meta record, seated as its log says
    (`seating`): who holds each seat and by which token, under the seats' numbers
    now. All else is fixed once the game is registered, but the names, which a
    rename changes (`facts_of` reads the record). Not keyword-only: `game_of`
    hands its fields to a Game by position, the cheaper way on every command."""

    info: GameInfo
    seed: int
    claimed: frozenset[int]
    # Hands dealt before this game owned its seed (an import or a fork): their
    # salts where known; a hand below `own_hands_from` without one is never revealed.
    own_hands_from: int = 0
    salts: dict[int, str] = msgspec.field(default_factory=dict)
    seats_by_token: dict[str, int] = msgspec.field(default_factory=dict)
    # Seat -> the player holding it, and that player's name (seats taken with a
    # player token; a bare seat token leaves no trace here).
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


class Game(MetaFacts, frozen=True, kw_only=True):
    """A loaded game: its table's facts, seated as its record's log says, and that
    record (the log folded up to a version)."""

    game_id: str
    record: GameRecord

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


# ------------------------------------------------------------ the meta record, field by field

_V = TypeVar("_V")

# A token field's value for a claim's token: this prefix, then the claim's id.
CLAIM_TOKEN = "@"
# The secret field naming the player who opened and hosts the table (their id).
HOST_PLAYER_FIELD = "host_player"

_deck_decoder = msgspec.json.Decoder(tuple[str, ...])
_seating_decoder = msgspec.json.Decoder(Seating)


def claimant_field(claim: str) -> str:
    """The secret field naming the player who made a claim (`<player id>\\n<name>`)."""
    return f"claimant:{claim}"


def dealt_tokens(meta: Mapping[str, bytes]) -> list[str]:
    """The hashes of every token dealt for the game, given back or not: each
    `token:<hash>` field stays in the meta for good. The tokens whose owners go
    when the game does."""
    fields = (field.removeprefix("token:") for field in meta if field.startswith("token:"))
    return sorted({digest for digest in fields if is_token_digest(digest)})


def reservation_field(mark: str) -> str:
    """The secret field naming the player a reservation's mark stands for."""
    return f"reservation:{mark}"


def renamed_field(player_id: str) -> str:
    """The field holding a player's name at this table since they renamed themselves."""
    return f"renamed:{player_id}"


def _per_seat(meta: Mapping[str, bytes], prefix: str) -> dict[int, str]:
    # An empty value is a field cleared (the meta record only merges fields); a seat
    # that is no number, or a value that is no text (no release writes either: a
    # record edited by hand), names nobody rather than failing every read of the game.
    seats: dict[int, str] = {}
    for field, value in meta.items():
        seat = field.removeprefix(prefix)
        if seat != field and seat.isascii() and seat.isdigit() and value:
            text = _decoded(value)
            if text is not None:
                seats[int(seat)] = text
    return seats


def _text_of(meta: Mapping[str, bytes], field: str) -> str | None:
    value = meta.get(field)
    return _decoded(value) if value else None


def _decoded(value: bytes) -> str | None:
    try:
        return value.decode()
    except UnicodeDecodeError:
        return None


def seating_copy(meta: Mapping[str, bytes]) -> Seating | None:
    """The meta's copy of the log's seating; None when it has none, or none it can
    read (written wrong: it is a projection, and the log's seating is read instead)."""
    copy = meta.get(SEATING_FIELD)
    if not copy:
        return None
    try:
        return _seating_decoder.decode(copy)
    except msgspec.DecodeError:
        return None


def _seats_by_token(meta: Mapping[str, bytes]) -> dict[str, int]:
    """Token hashes of the seats dealt a token by seat (`token:<hash>` = seat: at
    creation, or a seat held when its table was dealt under an earlier release). A
    claim's token (`@<claim>`) is the log's to place; an empty one opens nothing."""
    # A value that is no seat number (no release writes one: a record edited by hand)
    # is a token that opens nothing, not a game nobody can read.
    return {
        field.removeprefix("token:"): int(value)
        for field, value in meta.items()
        if field.startswith("token:") and value.isdigit() and value.isascii()
    }


def facts_of(meta: Mapping[str, bytes], seating: Seating | None = None) -> MetaFacts:
    """The facts of a meta record, seated as `seating` says (the log's, when the
    caller holds the game's record), else as the record's own copy says."""
    if seating is None:
        seating = seating_copy(meta)
    info = info_decoder.decode(meta["info"])
    facts = MetaFacts(
        info=info,
        seed=int(meta.get("seed", b"0")),
        own_hands_from=int(meta.get("own_hands_from", b"0")),
        salts={
            int(field.removeprefix("salt:")): value.decode()
            for field, value in meta.items()
            if field.startswith("salt:")
        },
        seats_by_token=_seats_by_token(meta),
        claimed=frozenset(),
        players=_per_seat(meta, "player:"),
        names=_per_seat(meta, "name:"),
        host=_text_of(meta, HOST_PLAYER_FIELD),
        meta_bots=bots_as_created(info),
        invite_hash=_text_of(meta, "invite"),
        first_deck=_deck_decoder.decode(meta["first_deck"]) if meta.get("first_deck") else None,
        importing=meta.get("importing") == b"1",
        meta=meta,
    )
    if seating is None:
        return facts
    return _renamed(meta, _seated(meta, _closed_up(facts, seating), seating))


def seated_by(facts: MetaFacts, record: GameRecord) -> MetaFacts:
    """The facts as the record's log seats them (they may have been read before it)."""
    seating = record.seating
    if seating is None or seating is facts.seating or seating == facts.seating or not facts.meta:
        return facts
    return facts_of(facts.meta, seating)


# A Game's first fields are its facts', in their order (the facts handed over may
# be a Game's: its own id and record are left out).
_FACTS = len(MetaFacts.__struct_fields__)


def game_of(game_id: str, facts: MetaFacts, record: GameRecord) -> Game:
    """The game at `record`, its facts seated as that record's log says."""
    facts = seated_by(facts, record)
    if facts.info.turn_time_limit_s is None:
        # A fork or an import stored before its writes left out its source's deadline.
        record = untimed(record)
    if facts.meta_bots:
        record = _with_created_bots(record, facts)
    return Game(*msgspec.structs.astuple(facts)[:_FACTS], game_id=game_id, record=record)


def _with_created_bots(record: GameRecord, facts: MetaFacts) -> GameRecord:
    # A log whose game_started names no bots (an earlier release's, or an import of
    # one) seats them as its table was opened. Seats are numbered as in the record
    # once seated by it: never applied across a renumbering.
    if len(record.controllers) != len(facts.info.seats):
        return record
    return with_bots(record, facts.meta_bots)


def _closed_up(facts: MetaFacts, seating: Seating) -> MetaFacts:
    """The facts with each seat under its number now: a start that removed seats
    closed the others up (`origin`), and the meta keeps them under their numbers
    at creation. (Tables an earlier release started renumbered the meta itself:
    its seats are as many as the log's.)"""
    origin = seating.origin
    if len(facts.info.seats) == len(origin):
        return facts
    now = {created: seat for seat, created in enumerate(origin)}

    def moved(values: Mapping[int, _V]) -> dict[int, _V]:
        return {now[seat]: value for seat, value in values.items() if seat in now}

    info = msgspec.structs.replace(
        facts.info, seats=tuple(facts.info.seats[created] for created in origin)
    )
    return msgspec.structs.replace(
        facts,
        info=info,
        seats_by_token={
            digest: now[seat] for digest, seat in facts.seats_by_token.items() if seat in now
        },
        players=moved(facts.players),
        names=moved(facts.names),
        meta_bots=moved(facts.meta_bots),
    )


def _seated(meta: Mapping[str, bytes], facts: MetaFacts, seating: Seating) -> MetaFacts:
    """The facts with the log's claims: a seat claimed in the log is held by its
    claim's player (if a player made it) and token; a seat a bot filled at the
    start is taken, by no one; a seat given back is open. Once the table is dealt,
    none of its open seats is (each was held, filled or removed at its start; an
    earlier release's claims are upgraded into tokens by seat then). A reservation
    (`seat_reserved`) holds until the seat's first claim, and not while its player
    sits at another seat; one whose mark names no player here (an import's) keeps
    the seat for no one. (An imported log's claims were made on another server:
    they name no one here.)"""
    players = dict(facts.players)
    names = dict(facts.names)
    reserved: dict[int, str] = {}
    claimed: set[int] = set()
    if seating.dealt:
        claimed = {
            seat for seat, spec in enumerate(facts.info.seats) if spec.kind == "human" and spec.open
        }
    # A token by seat holds a seat the log never saw claimed (dealt one at creation, or
    # held when an earlier release dealt the table). A seat not open here was dealt its
    # token at creation (an import deals one to every human seat): a fork or an import
    # of a log that gave it back before its deal still plays it by that token.
    seats_by_token = {
        digest: seat
        for digest, seat in facts.seats_by_token.items()
        if seating.claim_of(seat) == UNCLAIMED
        or (seat < len(facts.info.seats) and not facts.info.seats[seat].open)
    }
    seats_of_claims = {
        claim: seat
        for seat, claim in enumerate(seating.claims)
        if claim not in (UNCLAIMED, GIVEN_BACK, FILLED)
    }
    for seat, mark in enumerate(seating.reserved):
        kept_for = _decoded(meta.get(reservation_field(mark), b"")) if mark else None
        if kept_for:
            reserved[seat] = kept_for
    for seat, claim in enumerate(seating.claims):
        if claim == UNCLAIMED:
            continue
        reserved.pop(seat, None)
        players.pop(seat, None)
        names.pop(seat, None)
        claimed.discard(seat)
        if claim == GIVEN_BACK:
            continue
        claimed.add(seat)  # a bot's (FILLED), or a claim's
        if claim == FILLED:
            continue
        claimant = _decoded(meta.get(claimant_field(claim), b""))
        if claimant:
            player_id, _, name = claimant.partition("\n")
            players[seat], names[seat] = player_id, name
    if not facts.info.table.hot_seat:
        # Such a table seats a player once: a player kept a seat who sat down at
        # another keeps it no more (it would stay kept for nobody until the start).
        seated = set(players.values())
        reserved = {seat: kept for seat, kept in reserved.items() if kept not in seated}
    for field, value in meta.items():
        if field.startswith("token:") and value.startswith(CLAIM_TOKEN.encode()):
            # A claim that is no text (edited by hand) is nobody's: its token opens nothing.
            its_claim = _decoded(value[len(CLAIM_TOKEN) :])
            held = seats_of_claims.get(its_claim) if its_claim is not None else None
            if held is not None:
                seats_by_token[field.removeprefix("token:")] = held
    return msgspec.structs.replace(
        facts,
        claimed=frozenset(claimed),
        players=players,
        names=names,
        reserved=reserved,
        seats_by_token=seats_by_token,
        waiting=not seating.dealt,
        seating=seating,
    )


def _renamed(meta: Mapping[str, bytes], facts: MetaFacts) -> MetaFacts:
    """Names players gave themselves since they sat down here (kept per player)."""
    names = dict(facts.names)
    for seat, player_id in facts.players.items():
        name = _decoded(meta.get(renamed_field(player_id), b""))
        if name:
            names[seat] = name
    return msgspec.structs.replace(facts, names=names)


def bots_as_created(info: GameInfo) -> dict[int, int]:
    """The bot seats of the table as it was opened (numbered as `info` numbers them),
    with their levels."""
    return {seat: spec.level or 1 for seat, spec in enumerate(info.seats) if spec.kind == "bot"}
