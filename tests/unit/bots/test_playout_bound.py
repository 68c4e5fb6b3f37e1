"""`service/tools/playout_bound`: what level 4's discards would earn played out to the
hand's end, with the hidden hands dealt at random or known (issue 30's measurement)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.rules import build_ruleset
from service.app.bot_table import BotTable
from service.tools.playout_bound import deal_hidden, run_bound


def _mid_hand(seed: int) -> BotTable:
    table = BotTable(build_ruleset("basic"), [3, 3, 3, 3], random.Random(seed), 0.0)
    table.play(max_commands=12)
    return table


def _hidden(hands: tuple[tuple[str, ...], ...], stock: tuple[str, ...], seat: int) -> Counter[str]:
    return Counter(stock) + sum((Counter(h) for s, h in enumerate(hands) if s != seat), Counter())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_deal_of_the_hidden_cards_keeps_what_the_seat_sees(seed: int) -> None:
    state = _mid_hand(seed).state
    dealt = deal_hidden(state, 0, random.Random(seed), knows_hands=False)
    assert dealt.hands[0] == state.hands[0]
    assert [len(h) for h in dealt.hands] == [len(h) for h in state.hands]
    assert dealt.discard_pile == state.discard_pile and dealt.table == state.table
    assert _hidden(dealt.hands, dealt.stock, 0) == _hidden(state.hands, state.stock, 0)
    assert dealt.hands[1:] != state.hands[1:]


def test_knowing_the_hands_deals_the_stock_alone_again() -> None:
    state = _mid_hand(4).state
    dealt = deal_hidden(state, 0, random.Random(4), knows_hands=True)
    assert dealt.hands == state.hands
    assert Counter(dealt.stock) == Counter(state.stock) and dealt.stock != state.stock


@pytest.mark.parametrize("mode", ["as it is", "dealt", "known"])
def test_each_row_plays_the_hands_asked_and_times_its_searches(mode: str) -> None:
    result, thinking = run_bound("basic", 4, hands=2, seed=7, samples=1, mode=mode)
    assert result.hands == 2 and result.pairs == 6
    assert 0 <= result.wins <= 2
    assert (len(thinking) > 0) == (mode != "as it is")
