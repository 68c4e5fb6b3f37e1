"""The terminal pictures: a seat sees its own cards and only counts of the others'."""

from __future__ import annotations

from domain.cards import STANDARD_CARDS
from domain.events import MeldLaid
from domain.views import redact
from service.app.envelope import Envelope
from service.logs.logfile import LogHeader
from service.logs.render import describe, render_table
from service.logs.verify import states_at

Log = tuple[LogHeader, list[Envelope]]


def _mid_hand(envelopes: list[Envelope]) -> int:
    # A version inside the first hand after a few melds, so the table is not empty.
    return next(e.version for e in envelopes if isinstance(e.event, MeldLaid)) + 3


def test_a_seat_sees_its_own_cards_and_no_other_hands_cards(basic_log: Log) -> None:
    _, envelopes = basic_log
    state = dict(states_at(envelopes))[_mid_hand(envelopes)]
    assert state.phase in ("draw", "play")
    for seat in range(state.seats):
        text = render_table(state, seat)
        shown = {code for code in STANDARD_CARDS if code in text.split()}
        assert set(state.hands[seat]) <= shown
        others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        # One pack: a card in another hand is nowhere public, so it must not show at all.
        assert not shown & others, f"seat {seat} sees {shown & others}"
        assert f"{len(state.hands[(seat + 1) % state.seats])} cards" in text


def test_the_full_view_shows_every_hand_the_table_the_pile_and_the_stock(basic_log: Log) -> None:
    _, envelopes = basic_log
    state = dict(states_at(envelopes))[_mid_hand(envelopes)]
    text = render_table(state, None)
    words = text.split()
    assert all(card in words for hand in state.hands for card in hand)
    assert f"#{state.table[0].id}" in text
    assert f"top {state.discard_pile[-1]}, {len(state.discard_pile)} cards" in text
    assert f"stock: {len(state.stock)} cards" in text
    assert f"seat {state.turn} to {state.phase}" in text


def test_the_final_table_shows_totals_and_winners(basic_log: Log) -> None:
    _, envelopes = basic_log
    *_, (_, state) = states_at(envelopes)
    text = render_table(state, None)
    assert "game over" in text
    assert all(f"total {total}" in text for total in state.totals)
    assert "winners: " + ", ".join(f"seat {w}" for w in state.winners) in text


def test_every_event_has_a_one_line_description_that_keeps_hidden_cards_hidden(
    basic_log: Log,
) -> None:
    _, envelopes = basic_log
    for envelope in envelopes:
        line = describe(envelope.event)
        assert line and "\n" not in line
        hidden = describe(redact(envelope.event, None))
        assert "\n" not in hidden
    drawn = next(e.event for e in envelopes if "from the stock" in describe(e.event))
    assert describe(redact(drawn, None)).endswith("drew a card from the stock")


def test_a_joker_shows_the_card_it_stands_for() -> None:
    from domain.melds import Meld, Placed

    meld = Meld(id=3, kind="run", owner=1, cards=(Placed("5H", "5H"), Placed("JK", "6H")))
    assert describe(MeldLaid(seat=1, meld=meld)) == "seat 1 laid meld #3 run (seat 1): 5H JK=6H"
