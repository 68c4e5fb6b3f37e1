"""Who holds each seat, folded from the log: the claims and leaves of a waiting
table, a start's bots and removals, and nothing more once the first hand is dealt."""

from __future__ import annotations

import random

from domain.events import (
    AnyEvent,
    GameStarted,
    SeatClaimed,
    SeatFilled,
    SeatLeft,
    SeatReserved,
    SeatsRemoved,
)
from domain.game import decide
from domain.rules import build_ruleset
from service.app.envelope import Envelope
from service.app.game_record import (
    FILLED,
    GIVEN_BACK,
    SEATING_FIELD,
    UNCLAIMED,
    GameRecord,
    Seating,
    advance,
    seating_fields,
)
from service.app.players import Player
from service.app.randomness import deal_command
from service.app.records import GameInfo, MetaFacts, SeatSpec
from service.app.seating import new_claim


def _folded(*events: AnyEvent) -> list[GameRecord]:
    records: list[GameRecord] = []
    record = None
    started = GameStarted(ruleset=build_ruleset("basic"), seats=4, bots=(0, 0, 0, 0))
    for version, event in enumerate((started, *events), start=1):
        record = advance(record, _envelope(version, event))
        records.append(record)
    return records


def _envelope(version: int, event: AnyEvent) -> Envelope:
    return Envelope(
        version=version, at="2026-01-01T00:00:00Z", seat=None, command_id=None, event=event
    )


def _dealt(record: GameRecord) -> list[AnyEvent]:
    return decide(record.state, None, deal_command(record.state, random.Random(1)))


def test_claims_and_leaves_fold_into_the_seating_and_a_removal_closes_it_up() -> None:
    records = _folded(
        SeatClaimed(seat=1, claim="aa"),
        SeatClaimed(seat=2, claim="bb"),
        SeatLeft(seat=1),
        SeatClaimed(seat=3, claim="cc"),
        SeatsRemoved(seats=(1,)),
    )
    assert records[0].seating == Seating(claims=(UNCLAIMED,) * 4, origin=(0, 1, 2, 3))
    assert records[3].seating is not None
    assert records[3].seating.claims == (UNCLAIMED, GIVEN_BACK, "bb", UNCLAIMED)
    assert records[-1].seating == Seating(claims=(UNCLAIMED, "bb", "cc"), origin=(0, 2, 3))


def test_a_reservation_holds_until_its_seat_is_claimed_left_or_filled() -> None:
    records = _folded(
        SeatReserved(seat=1, mark="m1"),
        SeatReserved(seat=2, mark="m2"),
        SeatReserved(seat=3, mark="m3"),
        SeatsRemoved(seats=(2,)),
        SeatClaimed(seat=1, claim="m1.aa"),
    )
    assert records[3].seating is not None
    assert records[3].seating.reserved == (UNCLAIMED, "m1", "m2", "m3")
    # The removal closes the reservations up with the seats; the claim ends seat 1's.
    assert records[4].seating is not None and records[4].seating.reserved == ("", "m1", "m3")
    assert records[-1].seating is not None and records[-1].seating.reserved == ("", "", "m3")
    left = _folded(SeatReserved(seat=1, mark="m1"), SeatLeft(seat=1))[-1].seating
    filled = _folded(SeatReserved(seat=1, mark="m1"), SeatFilled(seat=1, level=2))[-1].seating
    assert left is not None and filled is not None
    assert left.reserved == filled.reserved == ()


def test_a_fill_takes_the_seat_and_the_first_deal_freezes_the_seating() -> None:
    before = _folded(SeatFilled(seat=2, level=3))[-1]
    assert before.seating is not None and before.seating.claims[2] == FILLED
    records = _folded(SeatFilled(seat=2, level=3), *_dealt(before))
    assert records[-1].seating is not None and records[-1].seating.dealt
    assert records[-1].seating.claims == before.seating.claims
    dealt = SeatLeft(seat=1)  # refused by the rules now; the fold would ignore it too
    # The copy in the meta is written by the appends that change the seating only.
    assert seating_fields(records[-2], records[-1]) is not None
    assert SEATING_FIELD in (seating_fields(None, records[0]) or {})
    unchanged = advance(records[-1], _envelope(len(records) + 1, dealt))
    assert unchanged.seating is records[-1].seating
    assert seating_fields(records[-1], unchanged) is None


def test_a_players_claims_share_a_mark_at_one_table_and_no_other() -> None:
    """The log names no player: a claim's mark tells one table's claims by one player
    apart from others', and cannot link a player's seats across tables, even two
    stacked on one seed a creator chose."""
    info = GameInfo(preset="basic", seats=(SeatSpec(kind="human"),), created_at="", created_ts=0)
    facts = MetaFacts(
        info=info, seed=7, own_hands_from=0, salts={}, seats_by_token={}, claimed=frozenset()
    )
    ada = Player(player_id="p1", name="Ada", guest=False, created_at="")
    bo = Player(player_id="p2", name="Bo", guest=False, created_at="")

    def mark(game_id: str, who: Player) -> str:
        return new_claim(game_id, facts, who).partition(".")[0]

    assert mark("a" * 32, ada) == mark("a" * 32, ada) != mark("a" * 32, bo)
    assert mark("a" * 32, ada) != mark("b" * 32, ada)
    assert "." not in new_claim("a" * 32, facts, None)
