"""Who may sit where: the meta fields that seat a table's creator and keep seats
for players, the refusals of a claim, and the server's policy for tables (expiry,
stacked decks). Claims and leaves themselves are the log's (`seat_claimed`,
`seat_left`)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping, Sequence

import msgspec

from service.app.errors import ServiceError
from service.app.game_record import FILLED, GameRecord
from service.app.players import Player
from service.app.records import (
    HOST_PLAYER_FIELD,
    GameInfo,
    MetaFacts,
    info_decoder,
    open_seats_of,
    reservation_field,
)

__all__ = [
    "HOST_PLAYER_FIELD",
    "TablePolicy",
    "among_players_games",
    "players_at",
    "check_can_claim",
    "check_hot_seat_claim",
    "check_invite",
    "check_one_seat_each",
    "check_seat",
    "new_claim",
    "creator_fields",
    "expired",
    "host_mark",
    "hosts",
    "new_invite_code",
    "player_mark",
    "reservations",
    "seat_fields",
    "table_fields",
    "waited_too_long",
]


class TablePolicy(msgspec.Struct, frozen=True, kw_only=True):
    """The server's settings for tables."""

    # A table still waiting this long after its creation expires (None: never).
    waiting_expires_after_s: float | None = 24 * 3600.0
    # Refuse `seed` and `deck` on public tables: a stacked deck's creator knows every hand.
    refuse_stacked_public: bool = False


def new_invite_code() -> str:
    # 48 bits: a code is typed or pasted once, and guessing one needs the game id too.
    return secrets.token_urlsafe(6)


def _invite_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def check_invite(facts: MetaFacts, code: str | None) -> bool:
    """Whether `code` opens a private table (a public one needs none)."""
    if not facts.info.table.private:
        return True
    if code is None or facts.invite_hash is None:
        return False
    return hmac.compare_digest(_invite_hash(code), facts.invite_hash)


def outsider_refusal(facts: MetaFacts, game_id: str, code: str, message: str) -> ServiceError:
    """The refusal for a caller who is not at this table (`code`, a 403), but a 404
    at a private table, which does not exist for them (as for a stranger with no token)."""
    if facts.info.table.private:
        return ServiceError("game_not_found", f"no game {game_id}", game_id=game_id)
    return ServiceError(code, message)


def not_seated(facts: MetaFacts, game_id: str) -> ServiceError:
    return outsider_refusal(facts, game_id, "not_seated", "this player holds no seat in this game")


def seat_fields(player: Player, seat: int) -> dict[str, bytes]:
    """The meta fields that seat a player: their id (the token acts for the seat) and name."""
    return {f"player:{seat}": player.player_id.encode(), f"name:{seat}": player.name.encode()}


def creator_fields(player: Player | None, seats: Sequence[int]) -> dict[str, bytes]:
    """The meta fields seating a creating player at their first seat given a token,
    and naming them as the player their host's mark in the log's `game_started`
    stands for (a secret, as a claim's player is: it files the table among their
    games again when that index is rebuilt, with or without a seat of theirs)."""
    if player is None:
        return {}
    named = {HOST_PLAYER_FIELD: player.player_id.encode()}
    return named | (seat_fields(player, seats[0]) if seats else {})


def table_fields(
    *,
    waiting: bool,
    invite_code: str | None,
    deck: Sequence[str] | None,
    reserved: Mapping[str, str],
) -> dict[str, bytes]:
    """The meta fields of a new table: its first deck while it waits, its invite
    code's hash, and who each reservation's mark stands for (`reserved`: mark ->
    player id, a secret as a claim's player is)."""
    fields: dict[str, bytes] = {}
    if waiting and deck is not None:
        # The first deal waits for the start: the creator's deck waits with it.
        fields["first_deck"] = msgspec.json.encode(list(deck))
    if invite_code is not None:
        fields["invite"] = _invite_hash(invite_code).encode()
    fields |= {reservation_field(mark): player_id.encode() for mark, player_id in reserved.items()}
    return fields


def expired(facts: MetaFacts, now_ts: float | None = None) -> bool:
    """Whether a table that still waits has waited past its expiry."""
    return facts.waiting and waited_too_long(facts.info, now_ts)


def waited_too_long(info: GameInfo, now_ts: float | None = None) -> bool:
    """Whether a table waiting since its creation would have expired by now."""
    limit = info.table.expires_after_s
    if limit is None:
        return False
    return (time.time() if now_ts is None else now_ts) > info.created_ts + limit


def new_claim(game_id: str, facts: MetaFacts, player: Player | None) -> str:
    """A fresh claim id. A player's starts with a mark of theirs at this table (a
    keyed hash: the log names no player), so that the log itself shows a player
    holding a seat here already, whatever the meta read says."""
    drawn = secrets.token_hex(4)
    if player is None:
        return drawn
    return f"{player_mark(game_id, facts.seed, player.player_id)}.{drawn}"


def reservations(game_id: str, seed: int, reserved: Mapping[int, str]) -> dict[int, str]:
    """The mark of the player each seat of `reserved` (seat -> player id) is kept for."""
    return {seat: player_mark(game_id, seed, player_id) for seat, player_id in reserved.items()}


def player_mark(game_id: str, seed: int, player_id: str) -> str:
    """A player's mark at one table: their claims' ids start with it, and a seat kept
    for them names it."""
    # Keyed by the table too: a seed a stacked table's creator chose is no secret, and
    # one player's marks at two tables must not match.
    key = f"{game_id}:{seed}".encode()
    return hmac.new(key, player_id.encode(), hashlib.sha256).hexdigest()[:16]


def host_mark(facts: MetaFacts) -> str:
    """The mark of the player hosting the table, as its log's `game_started` names
    them; "" if no player does. An imported log's mark names no one here (marks are
    keyed by the table): such a table is hosted as one no player opened."""
    if facts.seating is None or facts.own_hands_from:
        return ""
    return facts.seating.host


def players_at(facts: MetaFacts) -> set[str]:
    """Every player the table may be filed under: those seated, those a seat is kept
    for, and its host (named by the secret beside the log)."""
    host = facts.host
    return {*facts.players.values(), *facts.reserved.values(), *([host] if host else [])}


def among_players_games(facts: MetaFacts, game_id: str, player_id: str) -> bool:
    """Whether the table is among the player's games: they sit there, a seat is kept
    for them (a rematch), or they host it and it has not expired."""
    return bool(
        facts.seats_of(player_id)
        or player_id in facts.reserved.values()
        or (not expired(facts) and hosts(facts, game_id, player_id))
    )


def hosts(facts: MetaFacts, game_id: str, player_id: str) -> bool:
    """Whether the player hosts the table (from a seat of theirs or none)."""
    mark = host_mark(facts)
    if mark:
        return player_mark(game_id, facts.seed, player_id) == mark
    # A table an earlier release opened: its log names no host, the secret beside it does.
    return player_id == facts.host


def check_one_seat_each(record: GameRecord, claim: str) -> None:
    """already_seated when the log holds a seat under another claim of the same
    player as `claim` (a table that is not hot-seat seats a player once)."""
    mark, dot, _ = claim.partition(".")
    seating = record.seating
    if not dot or seating is None:
        return
    for seat, held in enumerate(seating.claims):
        if held.partition(".")[0] == mark and held != claim:
            raise ServiceError("already_seated", f"this player holds seat {seat}", seat=seat)


def check_hot_seat_claim(facts: MetaFacts, game_id: str, seat: int, player: Player | None) -> None:
    """hot_seat_table for a claim at a hot-seat table by anyone but its host (or the
    player a rematch keeps the seat for): its seats are for friends on the host's
    screen, whatever an older release's lobby showed open there. A table no player
    opened (created without a player token: no host player holds its seats) is
    claimed as any table is: else nobody could ever take its open seats."""
    if not facts.info.table.hot_seat or not (host_mark(facts) or facts.host):
        return
    if player is not None and (
        hosts(facts, game_id, player.player_id) or facts.reserved.get(seat) == player.player_id
    ):
        return
    raise ServiceError(
        "hot_seat_table",
        "this is a hot-seat table: only its host (the player who created it) takes its seats",
        seat=seat,
    )


def check_seat(facts: MetaFacts, seat: int) -> None:
    """seat_not_found for a seat the table does not have; table_started for one it
    had until a start removed it (the lobby showed it open a moment ago)."""
    if 0 <= seat < len(facts.info.seats):
        return
    if 0 <= seat < _seats_at_creation(facts) and facts.seating is not None and facts.seating.dealt:
        raise ServiceError("table_started", "the table has started without that seat", seat=seat)
    raise ServiceError("seat_not_found", f"no seat {seat}", seat=seat)


def _seats_at_creation(facts: MetaFacts) -> int:
    # The meta keeps the table as created; `facts.info` has its seats closed up.
    created = facts.meta.get("info")
    return len(info_decoder.decode(created).seats) if created else len(facts.info.seats)


def check_can_claim(facts: MetaFacts, seat: int, player: Player | None) -> None:
    """Refusals of a claim that the seat's state decides, checked before anything is
    written and again on the game at the version the claim is appended to."""
    if expired(facts):
        raise ServiceError("table_expired", "nobody joined this table in time: it has expired")
    spec = facts.info.seats[seat]
    if spec.kind != "human" or not spec.open:
        raise ServiceError("seat_not_open", f"seat {seat} cannot be claimed", seat=seat)
    if seat not in open_seats_of(facts.info, facts.claimed):
        if facts.seating is not None and facts.seating.claim_of(seat) == FILLED:
            # A bot the start seated: the table started (the lobby showed it open).
            raise ServiceError("table_started", "the table has started", seat=seat)
        raise ServiceError("seat_taken", f"seat {seat} is already taken", seat=seat)
    kept_for = facts.reserved.get(seat)
    if kept_for is not None and (player is None or player.player_id != kept_for):
        raise ServiceError(
            "seat_reserved", f"seat {seat} is kept for the player who sat there", seat=seat
        )
    if player is not None and not facts.info.table.hot_seat:
        held = facts.seats_of(player.player_id)
        if held:
            raise ServiceError("already_seated", f"this player holds seat {held[0]}", seat=held[0])
