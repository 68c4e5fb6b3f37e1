"""`service/tools/playout_bound`: what level 4's discards would earn played out to the
hand's end, with the hidden hands dealt at random or known (issue 30's measurement)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.bots.table_fits import fits_table
from domain.rules import build_ruleset
from service.app.bot_table import BotTable
from service.tools.playout_bound import deal_hidden, run_bound


def _mid_hand(seed: int) -> BotTable:
    table = BotTable(build_ruleset("basic"), [3, 3, 3, 3], random.Random(seed), 0.0)
    table.play(max_commands=12)
    return table


def _hidden(hands: tuple[tuple[str, ...], ...], stock: tuple[str, ...], seat: int) -> Counter[str]:
    return Counter(stock) + sum((Counter(h) for s, h in enumerate(hands) if s != seat), Counter())


@pytest.mark.parametrize(("seed", "mode"), [(1, "dealt"), (2, "dealt"), (3, "read"), (5, "read")])
def test_a_deal_of_the_hidden_cards_keeps_what_the_seat_sees(seed: int, mode: str) -> None:
    table = _mid_hand(seed)
    state = table.state
    dealt = deal_hidden(state, 0, random.Random(seed), mode, table.memories[0].known)
    assert dealt.hands[0] == state.hands[0]
    assert [len(h) for h in dealt.hands] == [len(h) for h in state.hands]
    assert dealt.discard_pile == state.discard_pile and dealt.table == state.table
    assert _hidden(dealt.hands, dealt.stock, 0) == _hidden(state.hands, state.stock, 0)
    assert dealt.hands[1:] != state.hands[1:]


def test_knowing_the_hands_deals_the_stock_alone_again() -> None:
    state = _mid_hand(4).state
    dealt = deal_hidden(state, 0, random.Random(4), "known")
    assert dealt.hands == state.hands
    assert Counter(dealt.stock) == Counter(state.stock) and dealt.stock != state.stock


def test_a_read_deal_keeps_the_cards_seen_taken_and_deals_none_that_fits_the_table() -> None:
    for seed in range(40):
        table = _mid_hand(seed)
        taken = table.memories[0].known
        if any(taken[1:]) and table.state.table:
            break
    else:
        pytest.fail("no deal of 40 had a pile pickup and a meld by its twelfth command")
    state = table.state
    dealt = deal_hidden(state, 0, random.Random(1), "read", taken)
    for seat in (1, 2, 3):
        assert not Counter(taken[seat]) - Counter(dealt.hands[seat])
        unseen = [c for c in dealt.hands[seat] if not taken[seat][c]]
        assert not any(fits_table(c, state.table, state.ruleset) for c in unseen)


@pytest.mark.parametrize("mode", ["as it is", "dealt", "read", "known"])
def test_each_row_plays_the_hands_asked_and_times_its_searches(mode: str) -> None:
    result, thinking = run_bound("basic", 4, hands=2, seed=7, samples=1, mode=mode)
    assert result.hands == 2 and result.pairs == 6
    assert 0 <= result.wins <= 2
    assert (len(thinking) > 0) == (mode != "as it is")
