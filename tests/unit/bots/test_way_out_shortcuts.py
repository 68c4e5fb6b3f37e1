"""The shortcuts that keep level 3's searches fast give the very answers of
the plain computations they replace."""

from __future__ import annotations

import random
from collections import Counter

from palace_positions import PALACE, run_meld

from domain.bots.chains import OptionsSeen, chains_by_meld, chains_with_card, lay_off_chains
from domain.bots.meld_candidates import meld_facts, part_holds, part_without
from domain.bots.table_fits import fits_table
from domain.cards import JOKER

SPADES = run_meld(1, ("7S", "8S", "9S"), 7)
HEARTS = run_meld(2, ("5H", "6H", "7H"), 5)
TABLE = (SPADES, HEARTS)
CARDS = ("4H", "8H", "9H", "TH", "6S", "TS", "JS", "2D", "3D", JOKER)


def test_holds_and_without_agree_with_counter_arithmetic() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        rest = tuple(sorted(rng.choices(CARDS, k=rng.randint(0, 9))))
        meld = tuple(rng.choices(CARDS, k=rng.randint(1, 4)))
        need = Counter(meld)
        held = Counter(rest)
        holds = all(held[card] >= count for card, count in need.items())
        candidate = (0, *meld_facts(meld)[:3], meld)
        assert part_holds(rest, candidate, set(rest), rest.count(JOKER)) == holds, f"seed {seed}"
        if holds:
            assert part_without(rest, meld) == tuple(sorted((held - need).elements())), seed


def test_remembered_lay_offs_give_the_same_chains_in_the_same_order() -> None:
    seen: OptionsSeen = {}
    for seed in range(100):
        rng = random.Random(seed)
        hand = tuple(rng.choices(CARDS, k=rng.randint(2, 8)))
        fits = {card: fits_table(card, TABLE, PALACE) for card in hand}
        plain = lay_off_chains(hand, TABLE, PALACE, fits)
        shared = lay_off_chains(hand, TABLE, PALACE, fits, seen)
        assert list(shared.items()) == list(plain.items()), f"seed {seed}"


def test_a_card_of_a_suit_without_a_table_run_joins_no_chain() -> None:
    # Why `going_out_draws` lends such a drawn card the hand's own chains.
    hand = ("8H", "9H", "TH", "JS", JOKER, "2D")
    fits = {card: fits_table(card, TABLE, PALACE) for card in (*hand, "3D", "QC")}
    chains = lay_off_chains(hand, TABLE, PALACE, fits)
    assert chains
    for drawn in ("3D", "QC", "2D"):
        drawn_chains = lay_off_chains((*hand, drawn), TABLE, PALACE, fits)
        assert list(drawn_chains.items()) == list(chains.items())


def test_a_drawn_card_changes_only_the_chains_of_its_suit() -> None:
    # `going_out_draws` keeps the other runs' chains of the hand it draws to.
    table = (SPADES, HEARTS, run_meld(3, ("9H", "TH", "JH"), 9))
    for seed in range(300):
        rng = random.Random(seed)
        hand = tuple(rng.choices(CARDS, k=rng.randint(2, 8)))
        card = rng.choice((*CARDS, "7S", "QH", "5S"))
        fits = {c: fits_table(c, table, PALACE) for c in (*hand, card)}
        by_meld = chains_by_meld(hand, table, PALACE, fits)
        kept = chains_with_card(by_meld, hand, card, table, PALACE, fits)
        plain = chains_by_meld((*hand, card), table, PALACE, fits)
        assert [list(c.items()) for c in kept] == [list(c.items()) for c in plain], seed
