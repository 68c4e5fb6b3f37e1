"""Who may sit where: the meta fields that seat a player, keep a seat for one,
reopen a seat, and the server's policy for tables (expiry, stacked decks)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping, Sequence

import msgspec

from service.app.errors import ServiceError
from service.app.players import Player
from service.app.records import GameInfo, MetaFacts, open_seats_of

__all__ = [
    "TablePolicy",
    "check_can_claim",
    "check_invite",
    "creator_fields",
    "expired",
    "new_invite_code",
    "seat_fields",
    "holder_fields",
    "table_fields",
    "vacated_fields",
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


def holder_fields(player: Player | None, digest: str) -> dict[str, bytes]:
    """The fields that seat a player at the seat its claim (token hash `digest`)
    wins; cleared (`None`) when the claim lost."""
    value = b"" if player is None else f"{player.player_id}\n{player.name}".encode()
    return {f"holder:{digest}": value}


def creator_fields(player: Player | None, seats: Sequence[int]) -> dict[str, bytes]:
    if player is None:
        return {}
    fields = {"host": player.player_id.encode()}
    if seats:
        fields |= seat_fields(player, seats[0])
    return fields


def table_fields(
    *,
    waiting: bool,
    invite_code: str | None,
    deck: Sequence[str] | None,
    reserved: Mapping[int, str],
) -> dict[str, bytes]:
    fields: dict[str, bytes] = {}
    if waiting:
        fields["waiting"] = b"1"
        if deck is not None:
            # The first deal waits for the start: the creator's deck waits with it.
            fields["first_deck"] = msgspec.json.encode(list(deck))
    if invite_code is not None:
        fields["invite"] = _invite_hash(invite_code).encode()
    fields |= {f"reserved:{seat}": player_id.encode() for seat, player_id in reserved.items()}
    return fields


def vacated_fields(facts: MetaFacts, seat: int) -> dict[str, bytes]:
    """The fields that give a claimed seat back (left, or removed by the host): its
    player, name and tokens cleared, and its claim moved on to a fresh field (the
    old claim, with its token's hash, no longer counts)."""
    fields = {f"player:{seat}": b"", f"name:{seat}": b""}
    fields |= {
        f"token:{digest}": b"" for digest, held in facts.seats_by_token.items() if held == seat
    }
    fields[f"reopened:{seat}"] = str(facts.reopened.get(seat, 0) + 1).encode()
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


def check_can_claim(facts: MetaFacts, seat: int, player: Player | None) -> None:
    """Refusals of a claim that the seat's state alone decides (before the claim's mutex)."""
    if expired(facts):
        raise ServiceError("table_expired", "nobody joined this table in time: it has expired")
    spec = facts.info.seats[seat]
    if spec.kind != "human" or not spec.open:
        raise ServiceError("seat_not_open", f"seat {seat} cannot be claimed", seat=seat)
    # A seat a bot filled at the start was claimed for it (`take_seat`).
    if seat not in open_seats_of(facts.info, facts.claimed):
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
