"""`rummy upgrade`: the games an earlier release stored, put in today's form once.

That release kept a table's seating in fields of the meta record (`claimed:<seat>`
per generation `reopened:`, `holder:<token hash>`, `reserved:<seat>`, `waiting`,
`host`, its bookkeeping `seated:`, `leaving:`, `left:`, and from releases before
it `filled:`, `resigned:`, `rematch`) and each seat token's game in the meta of a
pseudo game `t_<62 hex digits>`. The upgrade turns what the log can say into
events appended through the one write path (`seat_claimed` and `seat_reserved`
while a table waits; a start's fill the log left out),
keeps the secrets under today's fields (a claim's token and player, a seat's
token and player once the table was dealt, the host), moves the token keys,
writes the seating copy, drops the cached projections and then the old fields.

Each step can run again: the events are decided on the log as it stands (what it
says already is not said twice, and a claim's id is drawn from its token's hash),
the fields it writes are the same each time, and the old ones go last. A game
with no old field (a new one, or one upgraded) is left alone."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Mapping, Sequence

import msgspec

from domain.commands import ClaimSeat, ReserveSeat
from domain.events import AnyEvent, SeatFilled
from domain.game import decide
from domain.tables import BOT_LEVELS
from service.app.envelope import Envelope, decode_envelope, service_envelopes
from service.app.game_record import (
    SEATING_FIELD,
    UNCLAIMED,
    GameRecord,
    Seating,
    advance,
    controllers_with_bots,
)
from service.app.games import GameService
from service.app.records import (
    CLAIM_TOKEN,
    HOST_PLAYER_FIELD,
    Game,
    bots_as_created,
    claimant_field,
    info_decoder,
    is_game_id,
    reservation_field,
)
from service.app.seating import player_mark
from service.app.writes import Write
from service.store import EventStore
from service.store.base import ArchivedGame, is_token_digest
from service.store.ports import GameArchive

__all__ = ["Conversion", "Upgraded", "conversion", "legacy_fields", "needs_upgrade", "upgrade"]

_log = logging.getLogger(__name__)

# The fields of an earlier release's meta that today's model keeps in the log (or
# derives from it): every field with one of these prefixes, and these whole.
LEGACY_PREFIXES = (
    "claimed:",
    "holder:",
    "reopened:",
    "seated:",
    "leaving:",
    "left:",
    "filled:",
    "resigned:",
    "reserved:",
)
LEGACY_FIELDS = frozenset({"waiting", "host", "rematch"})
# An earlier release's token key: the meta of this pseudo game id, field `game`.
_TOKEN_ID_PREFIX = "t_"
_seating_encoder = msgspec.json.Encoder()
# A seat, a generation or a bot level as those releases wrote them: ASCII digits
# (`int()` also reads `-1`, which is the last seat to a list, and other scripts' digits).
_NUMBER = re.compile(r"[0-9]+")
# A player's id as every release made it (uuid4's hex).
_PLAYER_ID = re.compile(r"[0-9a-f]{32}")


def legacy_fields(meta: Mapping[str, bytes]) -> list[str]:
    """The fields of `meta` an earlier release wrote and today's model does not read."""
    return sorted(
        field for field in meta if field in LEGACY_FIELDS or field.startswith(LEGACY_PREFIXES)
    )


class Conversion(msgspec.Struct, frozen=True, kw_only=True):
    """A game's upgrade: the events its log lacks, the meta fields to write (before
    the events: they hold the secrets the events' claims name) and those to delete
    (after them)."""

    events: tuple[AnyEvent, ...] = ()
    put: dict[str, bytes] = msgspec.field(default_factory=dict)
    remove: tuple[str, ...] = ()


class Upgraded(msgspec.Struct, kw_only=True):
    """What one run changed (zero everywhere: there was nothing to upgrade)."""

    games: int = 0
    archived: int = 0
    events: int = 0
    tokens: int = 0
    # Games left as they were: their upgrade failed (logged); a run again tries them again.
    failed: list[str] = msgspec.field(default_factory=list)


def _text(meta: Mapping[str, bytes], field: str) -> str | None:
    value = meta.get(field)
    return value.decode() if value else None


def _number(text: str) -> int:
    """A number as an earlier release wrote it; ValueError for anything else (the
    game's upgrade fails: nothing out of range is written in its log or meta)."""
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"not a number an earlier release wrote: {text!r}")
    return int(text)


def _per_seat(meta: Mapping[str, bytes], prefix: str) -> dict[int, str]:
    return {
        _number(field.removeprefix(prefix)): value.decode()
        for field, value in meta.items()
        if field.startswith(prefix) and value
    }


def _claims(meta: Mapping[str, bytes]) -> tuple[dict[int, bytes], set[str]]:
    """Each seat's claim of its current generation (a token's hash, `1` beside a
    `token:` field, or `bot`: its start's mark), and the hashes of the claims given
    back since (a field once set stayed set)."""
    reopened = {seat: _number(count) for seat, count in _per_seat(meta, "reopened:").items()}
    current: dict[int, bytes] = {}
    former: set[str] = set()
    for field, value in meta.items():
        if not field.startswith("claimed:") or not value:
            continue
        seat_text, _, generation = field.removeprefix("claimed:").partition("@")
        seat = _number(seat_text)
        if (_number(generation) if generation else 0) == reopened.get(seat, 0):
            current[seat] = value
        elif is_token_digest(value.decode(errors="replace")):
            former.add(value.decode())
    return current, former


def _claim_id(
    game_id: str, seed: int, seat: int, digests: Sequence[str], player: str | None
) -> str:
    """The claim id an upgraded claim is logged under: drawn from its token's hash,
    so a run again draws the same; a player's starts with their mark, as a claim's does."""
    source = f"{game_id}:{seat}:{','.join(sorted(digests))}".encode()
    drawn = hashlib.sha256(source).hexdigest()[:8]
    return drawn if player is None else f"{player_mark(game_id, seed, player)}.{drawn}"


def conversion(game_id: str, meta: Mapping[str, bytes], record: GameRecord) -> Conversion:
    """The upgrade of a game whose meta is `meta` and whose log folds to `record`."""
    state = record.state
    seating = record.seating or Seating(
        claims=(UNCLAIMED,) * state.seats,
        origin=tuple(range(state.seats)),
        dealt=state.hand_number > 0,
    )
    info = info_decoder.decode(meta["info"])
    seed = int(meta.get("seed", b"0"))
    events: list[AnyEvent] = []
    put: dict[str, bytes] = {}
    remove = set(legacy_fields(meta))

    def keep(field: str, value: bytes) -> None:
        if meta.get(field) != value:
            put[field] = value

    current, former = _claims(meta)
    for digest in sorted(former):
        # A token given back: it opens nothing, and goes with its game.
        if f"token:{digest}" not in meta:
            put[f"token:{digest}"] = b""
    by_seat: dict[int, list[str]] = {}
    for field, value in meta.items():
        if field.startswith("token:") and value.isdigit():
            by_seat.setdefault(int(value), []).append(field.removeprefix("token:"))
    for seat, value in sorted(current.items()):
        if value == b"bot" or seat >= state.seats:
            # Its start's mark (the log's seat_filled says the rest, or it failed), or
            # a seat its start removed.
            continue
        claimed_by = value.decode()
        digests = [claimed_by] if is_token_digest(claimed_by) else by_seat.get(seat, [])
        holder = next((meta[f"holder:{d}"] for d in digests if meta.get(f"holder:{d}")), None)
        if holder is not None:
            player, _, name = holder.decode().partition("\n")
        else:
            player, name = _text(meta, f"player:{seat}") or "", ""
        # A rename at that release wrote `name:<seat>`: it won over the claim's name.
        name = _text(meta, f"name:{seat}") or name
        if seating.dealt:
            # The log cannot hold a claim after its deal: the seat's token and player
            # are kept by seat, as the creator's are.
            for digest in digests:
                keep(f"token:{digest}", str(seat).encode())
            if player:
                keep(f"player:{seat}", player.encode())
                keep(f"name:{seat}", name.encode())
            continue
        claim = _claim_id(game_id, seed, seat, digests, player or None)
        held = seating.claim_of(seat)
        if held == UNCLAIMED:
            events.extend(decide(state, None, ClaimSeat(seat=seat, claim=claim)))
        elif held != claim:
            continue  # the log holds the seat otherwise
        for digest in digests:
            keep(f"token:{digest}", (CLAIM_TOKEN + claim).encode())
        if player:
            keep(claimant_field(claim), f"{player}\n{name}".encode())
        remove |= {field for field in (f"player:{seat}", f"name:{seat}") if field in meta}
    if not seating.dealt:
        for seat, kept_for in sorted(_per_seat(meta, "reserved:").items()):
            mark_or_claim = current.get(seat, b"bot")
            if seat >= state.seats or mark_or_claim != b"bot":
                continue
            if seating.claim_of(seat) != UNCLAIMED:
                continue  # claimed since: the reservation is over
            mark = player_mark(game_id, seed, kept_for)
            keep(reservation_field(mark), kept_for.encode())
            if seating.reserved_for(seat) != mark:
                events.extend(decide(state, None, ReserveSeat(seat=seat, mark=mark)))
    elif state.seats == len(info.seats):
        events.extend(_bots(meta, record, bots_as_created(info)))
    host = meta.get("host")
    if host and HOST_PLAYER_FIELD not in meta:
        if not _PLAYER_ID.fullmatch(host.decode()):
            raise ValueError(f"the host is no player's id: {host!r}")
        put[HOST_PLAYER_FIELD] = host
    if SEATING_FIELD not in meta:
        put[SEATING_FIELD] = _seating_encoder.encode(seating)
    return Conversion(events=tuple(events), put=put, remove=tuple(sorted(remove - set(put))))


def _bots(
    meta: Mapping[str, bytes], record: GameRecord, created: Mapping[int, int]
) -> list[AnyEvent]:
    """A start's fill that releases before the log said it kept in the meta alone
    (`filled:`): a `seat_filled` after the deal (replay takes it as the service's word
    on who plays the seat). A resigned seat's bot level those releases kept there
    (`resigned:`) has no event to say it (the log's `seat_resigned` says the level it
    was logged with): it is dropped, and that seat's bot plays at the log's level."""
    controllers = controllers_with_bots(record.controllers, created)
    filled = {seat: _number(level) for seat, level in _per_seat(meta, "filled:").items()}
    for seat, level in filled.items():
        if level not in BOT_LEVELS:
            raise ValueError(f"seat {seat} filled by a bot of no level: {level}")
    return [
        SeatFilled(seat=seat, level=level)
        for seat, level in sorted(filled.items())
        if seat < len(controllers) and controllers[seat].kind == "human"
    ]


def needs_upgrade(meta: Mapping[str, bytes]) -> bool:
    """Whether a game's meta is an earlier release's: a field of its, or no seating copy."""
    return "info" in meta and (bool(legacy_fields(meta)) or SEATING_FIELD not in meta)


async def upgrade(store: EventStore, archive: GameArchive | None = None) -> Upgraded:
    """Upgrade every game in `store` (and, with `archive`, every archived one) and move
    every token key of an earlier release; what was changed."""
    games = GameService(store)
    done = Upgraded()
    live: set[str] = set()
    token_ids: list[str] = []
    async for game_id in store.meta_ids():
        if game_id.startswith(_TOKEN_ID_PREFIX):
            token_ids.append(game_id)
        elif is_game_id(game_id):
            live.add(game_id)
            try:
                upgraded = await _upgrade_live(games, store, game_id)
            except Exception:
                # One game's unexpected record costs that game its upgrade, not the others.
                _log.exception("game %s: its upgrade failed", game_id)
                done.failed.append(game_id)
                continue
            if upgraded is not None:
                done.games += 1
                done.events += upgraded
    if archive is not None:
        for game_id in await asyncio.to_thread(archive.game_ids):
            if game_id in live:
                continue
            try:
                done.archived += await _upgrade_archived(archive, game_id)
            except Exception:
                _log.exception("archived game %s: its upgrade failed", game_id)
                done.failed.append(game_id)
    for token_id in token_ids:
        try:
            done.tokens += await _move_token(store, archive, token_id)
        except Exception:
            # An unreadable token key opens nothing: it costs its own move, not the run.
            _log.exception("token key %s: its move failed", token_id)
            done.failed.append(token_id)
    return done


async def _fold(store: EventStore, game_id: str) -> GameRecord | None:
    """The game's record folded from its log, not from a cache an earlier release wrote."""
    record: GameRecord | None = None
    for stored in await store.read(game_id):
        record = advance(record, decode_envelope(stored.data))
    return record


async def _upgrade_live(games: GameService, store: EventStore, game_id: str) -> int | None:
    """Upgrade one game in the store: the events appended, None if it needed none."""
    meta = await store.get_meta(game_id)
    if not needs_upgrade(meta) or meta.get("importing") == b"1":
        return None
    record = await _fold(store, game_id)
    if record is None:
        return None  # a creation that stopped before its first event: nothing to seat
    planned = conversion(game_id, meta, record)
    # Cached records and views an earlier release wrote may lack the seating: gone,
    # they are built again from the log.
    await store.drop_views(game_id)
    await store.put_meta(game_id, planned.put)
    appended = 0
    if planned.events:

        def upgrading(game: Game | None) -> list[Envelope]:
            assert game is not None
            # Decided again on the log as it stands: what it says already is not said twice.
            events = conversion(game_id, meta, game.record).events
            return service_envelopes(game.record.version, events)

        executed = await games.execute(game_id, Write(actor="service", decide=upgrading))
        appended = len(executed.envelopes)
    await store.remove_meta_fields(game_id, planned.remove)
    _log.info(
        "game %s upgraded: %d events, %d fields dropped", game_id, appended, len(planned.remove)
    )
    return appended


async def _upgrade_archived(archive: GameArchive, game_id: str) -> bool:
    """An archived game's meta in today's form, written to its file. A finished game
    was dealt: its seats' tokens and players are kept by seat, and its log takes
    nothing (the bots of releases before the previous one, `filled:` and
    `resigned:`, are not written into a finished log: its seats show as that log says)."""
    archived = await asyncio.to_thread(archive.get, game_id)
    if archived is None or not legacy_fields(archived.meta):
        return False
    record: GameRecord | None = None
    for data in archived.events:
        record = advance(record, decode_envelope(data))
    if record is None:
        return False
    planned = conversion(game_id, archived.meta, record)
    meta = {
        field: value
        for field, value in (archived.meta | planned.put).items()
        if field not in planned.remove
    }
    upgraded = ArchivedGame(game_id=game_id, events=archived.events, meta=meta)
    await asyncio.to_thread(archive.put, upgraded)
    return True


async def _move_token(store: EventStore, archive: GameArchive | None, token_id: str) -> int:
    """An earlier release's token key moved to today's: its game's meta names the
    token's whole hash (the key kept 62 of its 64 digits). A hash the game never kept
    (a claim that lost its race) is dropped: that token opens nothing anywhere."""
    owner = (await store.get_meta(token_id)).get("game")
    moved = 0
    if owner:
        # An owner that is no text names no game: the key goes, as a lost claim's does.
        game_id = owner.decode(errors="replace")
        meta = await store.get_meta(game_id) if is_game_id(game_id) else {}
        if not meta and archive is not None and is_game_id(game_id):
            archived = await asyncio.to_thread(archive.get, game_id)
            meta = dict(archived.meta) if archived is not None else {}
        prefix = token_id.removeprefix(_TOKEN_ID_PREFIX)
        for field in meta:
            digest = field.removeprefix("token:")
            if digest != field and is_token_digest(digest) and digest.startswith(prefix):
                if await store.token_owner(digest) is None:
                    await store.put_token_owner(digest, game_id)
                moved += 1
    await store.remove_meta_fields(token_id, ["game"])
    return moved
