"""Level 3 in basic against a greedy next seat: its hand read from its
discards, no discard that completes its melds, and pile cards taken for outs."""

from __future__ import annotations

import random
from collections import Counter

from two_seat_views import two_seat_view

from domain.bots import SeatMemory, choose
from domain.bots.feeding import careful_chances, feed_risks, held_chances, meld_pairs
from domain.commands import Discard, Draw, PlayerCommand
from domain.events import CardDiscarded, CardsDrawn, HandDealt
from domain.melds import Meld, Placed
from domain.rules import build_ruleset

BASIC = build_ruleset("basic")
CLASSIC = build_ruleset("classic")


def _memory(*discards: tuple[int, str]) -> SeatMemory:
    memory = SeatMemory(0, 2)
    for seat, card in discards:
        memory.observe(CardDiscarded(seat=seat, card=card))
    return memory


def test_a_greedy_seat_holds_nothing_worth_more_than_its_least_discard() -> None:
    # It discarded the king, then the 6D: it keeps no card above the 6D (the
    # 6C sorts below it), and its 8 cards share the 21 live cards below.
    memory = _memory((1, "KS"), (1, "6D"))
    live = Counter(c + s for c in "A23456789TJQK" for s in "CDHS")
    live.subtract(["KS", "6D"])
    chances = held_chances(1, 8, +live, memory, BASIC)
    assert set(chances) == {r + s for r in "A2345" for s in "CDHS"} | {"6C"}
    assert chances["3H"] == 8 / 21
    assert "9H" not in chances and "6H" not in chances


def test_a_passed_discard_rules_out_the_pairs_that_meld_with_it() -> None:
    # It drew from the stock with the 4S on top: it holds no two of 4C 4D
    # 4H, so the 4C is fed only through the clubs.
    memory = SeatMemory(0, 2)
    memory.observe(CardDiscarded(seat=0, card="4S"))
    memory.observe(CardsDrawn(seat=1, source="stock", count=1, cards=None))
    assert memory.passed[1] == ["4S"]
    live = Counter({c: 1 for c in ("4D", "4H", "3C", "5C")})
    risk = feed_risks(["4C"], 1, 4, live, memory, BASIC)["4C"]
    assert risk == 1.0  # 3C and 5C are all it can hold
    live = Counter({c: 1 for c in ("4D", "4H", "3C", "JD")})
    assert feed_risks(["4C"], 1, 3, live, memory, BASIC)["4C"] == 0.0


def test_meld_pairs_are_the_set_and_run_partners() -> None:
    pairs = {tuple(sorted(p)) for p in meld_pairs("AH", "low")}
    assert pairs == {("AC", "AD"), ("AC", "AS"), ("AD", "AS"), ("2H", "3H")}
    assert ("KH", "QH") in {tuple(sorted(p)) for p in meld_pairs("AH", "high_or_low")}


def test_careful_keeps_the_card_that_would_complete_the_next_seats_meld() -> None:
    # The next seat discarded only a king: every nine may be in its hand, as
    # may the 7H and 8H. The 4C is dead (its partners are all on the pile).
    # Level 3 used to throw the 9H (worth more, no outs either way); now it
    # keeps it and throws the 4C, which the next seat cannot meld.
    hand = ("AS", "2S", "3S", "9H", "4C")
    pile = ("3C", "4D", "4H", "5C", "KS")
    memory = _memory((0, "3C"), (0, "4D"), (0, "4H"), (0, "5C"), (1, "KS"))
    legal: list[PlayerCommand] = [Discard(c) for c in sorted(hand)]
    view = two_seat_view(hand, legal=legal, discard_pile=pile)
    assert choose(view, BASIC, 2, random.Random(0)) == Discard("9H")
    assert choose(view, BASIC, 3, random.Random(0), memory) == Discard("4C")


def test_careful_takes_a_discard_that_gives_the_hand_outs() -> None:
    # The 6H melds nothing yet, but with the 5H it waits on 4H and 7H, and
    # the king goes instead: a known card with outs beats a blind draw.
    hand = ("KS", "QD", "9C", "5H")
    memory = SeatMemory(0, 2)
    memory.observe(
        HandDealt(
            hand_number=1,
            dealer=1,
            first_seat=0,
            deck=None,
            up_card="6H",
            hand_sizes=(4, 10),
            stock_count=20,
        )
    )
    draws: list[PlayerCommand] = [Draw("stock"), Draw("discard", 1)]
    view = two_seat_view(hand, phase="draw", legal=draws, discard_pile=("6H",))
    assert choose(view, BASIC, 2, random.Random(0)) == Draw("stock")
    assert choose(view, BASIC, 3, random.Random(0), memory) == Draw("discard", 1)


def test_level_four_reads_no_next_seats_hand_with_more_than_two_seats() -> None:
    # The position above at a table of four: level 3 still keeps the 9H the
    # next seat may meld, level 4 throws it, worth more (see
    # `holdback.FEED_READ_SEATS`).
    hand = ("AS", "2S", "3S", "9H", "4C")
    pile = ("3C", "4D", "4H", "5C", "KS")
    memory = SeatMemory(0, 4)
    for seat, card in ((0, "3C"), (0, "4D"), (0, "4H"), (0, "5C"), (1, "KS")):
        memory.observe(CardDiscarded(seat=seat, card=card))
    legal: list[PlayerCommand] = [Discard(c) for c in sorted(hand)]
    view = two_seat_view(hand, legal=legal, discard_pile=pile).__replace__(
        seats=4, hand_sizes=(5, 7, 7, 7), opened=(False,) * 4, totals=(0,) * 4
    )
    assert choose(view, BASIC, 3, random.Random(0), memory) == Discard("4C")
    assert choose(view, BASIC, 4, random.Random(0), memory) == Discard("9H")


def test_a_careful_seat_may_hold_any_live_card_but_few_near_its_discards() -> None:
    # Level 3 throws its loose card with the fewest outs, not its most
    # valuable: no bound by value, and the cards near its discard (the king's
    # rank, its suit within two) are held at DISCARD_NEIGHBOUR's weight.
    memory = _memory((1, "KS"))
    memory.observe(CardsDrawn(seat=1, source="discard", count=1, cards=("5H",)))
    live = Counter(c + s for c in "A23456789TJQK" for s in "CDHS")
    live.subtract(["KS", "5H"])
    chances = careful_chances(1, 8, +live, memory, BASIC)
    assert chances["5H"] == 1.0
    assert chances["9H"] > 0.1 and chances["KD"] < chances["9H"]
    assert chances["KD"] / chances["9H"] == 0.35


def test_level_four_reads_the_next_seat_as_level_three_in_classic_with_four_seats() -> None:
    # The next seat threw only the 2D: read as level 2 plays it holds no
    # nine, so level 3 throws the 9H, worth more. Read as level 3 plays,
    # any nine (and the 7H, 8H) may be in its hand and it may take the 9H:
    # level 4 keeps it and throws the dead 4C (`holdback.choose_holdback`).
    hand = ("AS", "2S", "3S", "9H", "4C")
    pile = ("3C", "4D", "4H", "5C", "2D")
    memory = SeatMemory(0, 4)
    for seat, card in ((0, "3C"), (0, "4D"), (0, "4H"), (0, "5C"), (1, "2D")):
        memory.observe(CardDiscarded(seat=seat, card=card))
    legal: list[PlayerCommand] = [Discard(c) for c in sorted(hand)]
    view = two_seat_view(hand, legal=legal, discard_pile=pile).__replace__(
        seats=4, hand_sizes=(5, 7, 7, 7), opened=(False,) * 4, totals=(0,) * 4
    )
    assert choose(view, CLASSIC, 3, random.Random(0), memory) == Discard("9H")
    assert choose(view, CLASSIC, 4, random.Random(0), memory) == Discard("4C")
    assert choose(view, BASIC, 4, random.Random(0), memory) == Discard("9H")


def test_level_four_at_two_seats_knows_the_next_seat_holds_nothing_that_fits_the_table() -> None:
    # The next seat took the 4H and has 7H 8H 9H on the table. The 5H melds
    # with its 4H and a 6H; but level 3 lays off every loose card that fits
    # the table, so it holds no 6H: level 4 throws the 5H, worth more, where
    # level 3 throws the dead 4C (`holdback.level4_reading`).
    hand = ("AS", "2S", "3S", "5H", "4C")
    pile = ("3H", "5C", "5D", "3C", "4D", "4S", "KS")
    memory = _memory(*((0, card) for card in pile[:-1]), (1, "KS"))
    memory.observe(CardsDrawn(seat=1, source="discard", count=1, cards=("4H",)))
    run = Meld(1, "run", 1, tuple(Placed(c, c) for c in ("7H", "8H", "9H")), 7)
    legal: list[PlayerCommand] = [Discard(c) for c in sorted(hand)]
    view = two_seat_view(
        hand, legal=legal, discard_pile=pile, table=(run,), opponent_cards=7
    ).__replace__(opened=(False, True))
    assert choose(view, BASIC, 3, random.Random(0), memory) == Discard("4C")
    assert choose(view, BASIC, 4, random.Random(0), memory, max_rollouts=0) == Discard("5H")
