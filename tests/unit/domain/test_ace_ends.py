"""Laying off an ace (or a joker standing for one) at either end of a run 2..K."""

from __future__ import annotations

import pytest
from rummy_table import Game, deal

from domain.commands import Discard, Draw, LayMelds, LayOff
from domain.events import CardLaidOff
from domain.layoffs import lay_off
from domain.legal import legal_commands
from domain.melds import Meld, form_meld
from domain.rules import build_ruleset

_TWO_TO_KING = [f"{rank}H" for rank in "23456789TJQK"]
# Thirteen cards that make no meld and fit no end of 2H..KH.
_FILLER = ["3C", "7S", "9S", "JC", "KD", "4D", "6C", "8S", "TD", "QS", "2C", "5S", "7D"]


def _run(cards: list[str], ace: str) -> Meld:
    shape = form_meld(cards, build_ruleset("basic", {"ace": ace, "jokers": 2}))
    return Meld(id=1, kind=shape.kind, owner=0, cards=shape.cards, start=shape.start)


@pytest.mark.parametrize("card", ["AH", "JK"])
def test_high_or_low_lays_an_ace_at_the_low_end_of_two_to_king(card: str) -> None:
    ruleset = build_ruleset("basic", {"ace": "high_or_low", "jokers": 2})
    end, meld = lay_off(_run(_TWO_TO_KING, "high_or_low"), card, ruleset, "low")
    assert end == "low"
    assert [p.as_ for p in meld.cards] == ["AH", *_TWO_TO_KING]


@pytest.mark.parametrize("card", ["AH", "JK"])
def test_high_or_low_lays_an_ace_at_the_high_end_of_two_to_king(card: str) -> None:
    ruleset = build_ruleset("basic", {"ace": "high_or_low", "jokers": 2})
    end, meld = lay_off(_run(_TWO_TO_KING, "high_or_low"), card, ruleset, "high")
    assert end == "high"
    assert [p.as_ for p in meld.cards] == [*_TWO_TO_KING, "AH"]


def test_high_or_low_never_wraps_a_full_run_round_the_ace() -> None:
    ruleset = build_ruleset("basic", {"ace": "high_or_low", "decks": 2})
    ace_to_king = _run(["AH", *_TWO_TO_KING], "high_or_low")
    assert ace_to_king.start == 1
    with pytest.raises(Exception, match="does not fit"):
        lay_off(ace_to_king, "AH", ruleset, "high")


def test_low_aces_only_go_below_the_two() -> None:
    ruleset = build_ruleset("basic", {"ace": "low"})
    end, _ = lay_off(_run(_TWO_TO_KING, "low"), "AH", ruleset)
    assert end == "low"
    with pytest.raises(Exception, match="does not fit"):
        lay_off(_run(_TWO_TO_KING, "low"), "AH", ruleset, "high")


@pytest.mark.parametrize("end", ["low", "high"])
def test_cyclic_accepts_the_ace_at_either_named_end(end: str) -> None:
    ruleset = build_ruleset("basic", {"ace": "cyclic"})
    used, meld = lay_off(_run(_TWO_TO_KING, "cyclic"), "AH", ruleset, end)  # type: ignore[arg-type]
    assert used == end
    assert sorted(p.as_ for p in meld.cards) == sorted(["AH", *_TWO_TO_KING])


def _two_to_king_on_the_table(ace: str, second: list[str]) -> Game:
    """Seat 0 lays 2H..KH and discards; seat 1 (holding `second`) has drawn."""
    ruleset = build_ruleset(
        "basic", {"ace": ace, "jokers": 2, "players": (2,), "hand_size": {2: 14}}
    )
    game = deal(ruleset, [[*_TWO_TO_KING, "QC", "5D"], second], "2S", ["9C", "8D"])
    game.do(0, Draw("stock"))
    game.do(0, LayMelds((tuple(_TWO_TO_KING),)))
    game.do(0, Discard("9C"))
    game.do(1, Draw("stock"))
    return game


@pytest.mark.parametrize("card", ["AH", "JK"])
def test_legal_commands_offer_both_ends_and_the_low_end_is_played(card: str) -> None:
    game = _two_to_king_on_the_table("high_or_low", [card, *_FILLER])
    offered = [c for c in legal_commands(game.state, 1) if isinstance(c, LayOff)]
    assert LayOff(card, 1, "low") in offered and LayOff(card, 1, "high") in offered
    (laid,) = game.do(1, LayOff(card, 1, "low"))
    assert isinstance(laid, CardLaidOff) and laid.end == "low"
    assert [p.as_ for p in game.state.table[0].cards][:2] == ["AH", "2H"]
