"""A game's meta record read field by field: the facts (`MetaFacts`) of its flat hash,
and the field a seat's claim is compare-and-set on."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from service.app.records import GameInfo, MetaFacts, info_decoder

__all__ = ["claim_field", "facts_of"]

_deck_decoder = msgspec.json.Decoder(tuple[str, ...])


def _per_seat(meta: Mapping[str, bytes], prefix: str) -> dict[int, str]:
    # An empty value is a field cleared (the meta record only merges fields).
    return {
        int(field.removeprefix(prefix)): value.decode()
        for field, value in meta.items()
        if field.startswith(prefix) and value
    }


def _text_of(meta: Mapping[str, bytes], field: str) -> str | None:
    value = meta.get(field)
    return value.decode() if value else None


def facts_of(meta: Mapping[str, bytes]) -> MetaFacts:
    claims = _claims(meta)
    seats_by_token = _seats_by_token(meta, claims)
    holders = _holders(meta, seats_by_token)
    info = info_decoder.decode(meta["info"])
    return MetaFacts(
        info=info,
        seed=int(meta.get("seed", b"0")),
        own_hands_from=int(meta.get("own_hands_from", b"0")),
        salts={
            int(field.removeprefix("salt:")): value.decode()
            for field, value in meta.items()
            if field.startswith("salt:")
        },
        seats_by_token=seats_by_token,
        claimed=frozenset(claims),
        taken_for_start=frozenset(seat for seat, claim in claims.items() if claim == b"bot"),
        players=_per_seat(meta, "player:") | {seat: held[0] for seat, held in holders.items()},
        # A rename writes `name:<seat>`: it wins over the name the claim was made under.
        names={seat: held[1] for seat, held in holders.items()} | _per_seat(meta, "name:"),
        waiting=meta.get("waiting") == b"1",
        host=_text_of(meta, "host"),
        meta_bots=_meta_bots(meta, info),
        resigned_levels={seat: int(level) for seat, level in _per_seat(meta, "resigned:").items()},
        reserved=_per_seat(meta, "reserved:"),
        invite_hash=_text_of(meta, "invite"),
        reopened=_reopened(meta),
        first_deck=_deck_decoder.decode(meta["first_deck"]) if meta.get("first_deck") else None,
        importing=meta.get("importing") == b"1",
        left={
            field.removeprefix("left:"): int(value)
            for field, value in meta.items()
            if field.startswith("left:") and value
        },
    )


def _holders(
    meta: Mapping[str, bytes], seats_by_token: Mapping[str, int]
) -> dict[int, tuple[str, str]]:
    """The player (id, name) of each seat claimed by one: written under the claim's
    token hash before its compare-and-set, so whoever reads the claim reads its
    player too, under whatever number the seat has now (a start may renumber)."""
    holders: dict[int, tuple[str, str]] = {}
    for field, value in meta.items():
        digest = field.removeprefix("holder:")
        if digest != field and value and digest in seats_by_token:
            player_id, _, name = value.decode().partition("\n")
            holders[seats_by_token[digest]] = (player_id, name)
    return holders


def _meta_bots(meta: Mapping[str, bytes], info: GameInfo) -> dict[int, int]:
    """Bot seats by creation, and fills written by releases before `seat_filled`."""
    bots = {seat: spec.level or 1 for seat, spec in enumerate(info.seats) if spec.kind == "bot"}
    return bots | {seat: int(level) for seat, level in _per_seat(meta, "filled:").items()}


def claim_field(seat: int, generation: int = 0) -> str:
    """The meta field whose compare-and-set claims the seat. A seat given back (left,
    removed) is claimed under a fresh field: a field once set stays set."""
    return f"claimed:{seat}" if generation == 0 else f"claimed:{seat}@{generation}"


def _reopened(meta: Mapping[str, bytes]) -> dict[int, int]:
    return {seat: int(count) for seat, count in _per_seat(meta, "reopened:").items()}


def _claims(meta: Mapping[str, bytes]) -> dict[int, bytes]:
    """Each claimed seat's current claim: the token's hash, `1` (releases before the
    compare-and-set, beside a token field), or `bot` (a bot seated at the start).
    Claims of a seat's earlier generations (given back since) do not count."""
    reopened = _reopened(meta)
    claims: dict[int, bytes] = {}
    for field, value in meta.items():
        if not field.startswith("claimed:") or not value:
            continue
        seat_text, _, generation = field.removeprefix("claimed:").partition("@")
        seat = int(seat_text)
        if int(generation or 0) == reopened.get(seat, 0):
            claims[seat] = value
    return claims


def _seats_by_token(meta: Mapping[str, bytes], claims: Mapping[int, bytes]) -> dict[str, int]:
    """Token hashes of the seats dealt out at creation (`token:<hash>` = seat; a seat
    given back clears its own), and of the seats claimed since (the claim's hash)."""
    seats = {
        field.removeprefix("token:"): int(value)
        for field, value in meta.items()
        if field.startswith("token:") and value
    }
    for seat, value in claims.items():
        if len(value) == 64:
            seats[value.decode()] = seat
    return seats
