"""A game's meta record read field by field into its facts (`MetaFacts`): what was
fixed at creation (the rules, the creator's seat, the deal's seed), and the secrets
kept beside the log (token and invite-code hashes, the deal's salts, who made each
claim, whom each reservation's mark stands for, who hosts a table whose log names no
host), seated as the log says (`Seating`, copied into the `seating` field by the
write that changes it). Games of earlier releases kept more here: `rummy upgrade`
turns that into events and today's fields (`service/app/upgrade.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import msgspec

from service.app.game_record import (
    FILLED,
    GIVEN_BACK,
    SEATING_FIELD,
    UNCLAIMED,
    GameRecord,
    Seating,
    untimed,
    with_bots,
)
from service.app.records import Game, GameInfo, MetaFacts, info_decoder
from service.store.base import is_token_digest

__all__ = [
    "CLAIM_TOKEN",
    "HOST_PLAYER_FIELD",
    "bots_as_created",
    "claimant_field",
    "dealt_tokens",
    "facts_of",
    "game_of",
    "renamed_field",
    "reservation_field",
    "seated_by",
    "seating_copy",
]

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
    return {
        field.removeprefix("token:"): int(value)
        for field, value in meta.items()
        if field.startswith("token:") and value and not value.startswith(CLAIM_TOKEN.encode())
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


def game_of(game_id: str, facts: MetaFacts, record: GameRecord) -> Game:
    """The game at `record`, its facts seated as that record's log says."""
    facts = seated_by(facts, record)
    if facts.info.turn_time_limit_s is None:
        # A fork or an import stored before its writes left out its source's deadline.
        record = untimed(record)
    return Game(
        game_id=game_id,
        record=_with_created_bots(record, facts),
        info=facts.info,
        claimed=facts.claimed,
        seed=facts.seed,
        own_hands_from=facts.own_hands_from,
        salts=facts.salts,
        players=facts.players,
        names=facts.names,
    )


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
            held = seats_of_claims.get(value[len(CLAIM_TOKEN) :].decode())
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
