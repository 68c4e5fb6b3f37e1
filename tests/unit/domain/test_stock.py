"""An empty stock: stock_out, reuse_limit, reuse_shuffle and final_exhaustion."""

from __future__ import annotations

from typing import Any

from rummy_table import Game, deal

from domain.commands import Discard, Draw, Knock
from domain.events import CardsDrawn, HandEnded, StockRenewed
from domain.game import needs_shuffle
from domain.rules import build_ruleset
from domain.scoring import hand_values


def _one_card_stock(preset: str, **overrides: Any) -> Game:
    """Two seats holding all but the up-card AS and a one-card stock, AH."""
    size = 54 if preset == "palace" else 25
    knobs = {"players": (2,), "hand_size": {2: size}, **overrides}
    return deal(build_ruleset(preset, knobs), [[], []], "AS", ["AH"])


def _draw_and_toss(game: Game, source: str = "stock", **draw: Any) -> list[Any]:
    """The seat to play draws, then discards a card it held before the draw."""
    seat = game.state.turn
    held = game.state.hands[seat]
    events = game.do(seat, Draw(source, **draw))  # type: ignore[arg-type]
    return events + game.do(seat, Discard(held[0]))


def test_the_next_player_may_still_take_the_discard_when_the_stock_is_empty() -> None:
    game = _one_card_stock("basic")
    _draw_and_toss(game)
    assert game.state.stock == ()
    events = _draw_and_toss(game, "discard")
    assert isinstance(events[0], CardsDrawn) and events[0].source == "discard"
    assert game.state.phase == "draw"


def test_reuse_turns_the_pile_over_unshuffled_the_first_discard_on_top() -> None:
    game = _one_card_stock("basic")
    tossed = game.state.hands[0][0]
    _draw_and_toss(game)
    renewed, drawn = game.do(1, Draw("stock"))
    assert renewed == StockRenewed(seat=1, count=2, shuffled=False, stock=(tossed, "AS"))
    assert drawn == CardsDrawn(1, "stock", 1, ("AS",))
    assert game.state.discard_pile == ()
    assert game.state.reuses == 1


def test_after_the_last_reuse_the_hand_ends_once_the_player_who_took_the_last_card_discards() -> (
    None
):
    game = _one_card_stock("basic")  # reuse_limit 1, final_exhaustion after_discard
    _draw_and_toss(game)
    _draw_and_toss(game)  # renews the stock
    events = _draw_and_toss(game)  # takes its last card, then discards
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.winner, ended.rummy) == ("stock_exhausted", None, False)
    values = hand_values(game.state.ruleset, ended.hands)
    assert ended.hand_values == values
    lowest = min(values)
    assert sum(ended.scores) == sum(v - lowest for v in values) // values.count(lowest) * (
        values.count(lowest)
    )


def test_reuse_limit_zero_ends_the_hand_at_the_first_exhaustion() -> None:
    game = _one_card_stock("basic", reuse_limit=0)
    events = _draw_and_toss(game)
    assert isinstance(events[-1], HandEnded)
    assert events[-1].reason == "stock_exhausted"


def test_reuse_limit_two_turns_the_pile_over_twice() -> None:
    game = _one_card_stock("basic", reuse_limit=2)
    _draw_and_toss(game)
    _draw_and_toss(game)
    _draw_and_toss(game)
    events = _draw_and_toss(game)
    assert isinstance(events[0], StockRenewed)
    assert game.state.reuses == 2
    events = _draw_and_toss(game)
    assert isinstance(events[-1], HandEnded)


def test_next_declines_ends_the_hand_only_when_the_next_player_wants_the_empty_stock() -> None:
    game = _one_card_stock("duel")  # reuse_limit 2, final_exhaustion next_declines
    for _ in range(5):
        _draw_and_toss(game)
    assert (game.state.reuses, game.state.stock) == (2, ())
    # The third exhaustion: taking the discard keeps the hand going.
    _draw_and_toss(game, "discard")
    assert game.state.phase == "draw"
    events = game.do(game.state.turn, Draw("stock"))
    assert len(events) == 1 and isinstance(events[0], HandEnded)
    assert events[0].reason == "stock_exhausted"


def test_stock_out_end_no_winner_ends_the_hand_and_everyone_loses_their_hand_value() -> None:
    game = _one_card_stock("palace")
    _draw_and_toss(game)
    (ended,) = game.do(1, Draw("stock"))
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.winner) == ("stock_exhausted", None)
    assert ended.scores == tuple(-v for v in ended.hand_values)
    assert all(v > 0 for v in ended.hand_values)


def test_stock_out_end_no_winner_makes_everyone_lose_their_hand_value_under_any_preset() -> None:
    # RULES.md: "`stock_out: end_no_winner`: the hand ends, nobody wins, every
    # player loses the value of their hand", a knob of its own: under basic's
    # winner_takes too, not the lowest hand scoring the differences (reuse's rule).
    game = _one_card_stock("basic", stock_out="end_no_winner")
    _draw_and_toss(game)
    (ended,) = game.do(1, Draw("stock"))
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.winner) == ("stock_exhausted", None)
    assert ended.scores == tuple(-v for v in ended.hand_values)
    assert len(set(ended.hand_values)) == 2  # unequal hands: the lowest still loses its own


def test_stock_out_end_no_winner_still_lets_the_next_player_take_the_discard() -> None:
    game = _one_card_stock("palace")
    _draw_and_toss(game)
    _draw_and_toss(game, "discard")
    assert game.state.phase == "draw"


def test_reuse_shuffle_takes_the_shuffle_order_from_the_command() -> None:
    game = _one_card_stock("classic")
    tossed = game.state.hands[0][0]
    _draw_and_toss(game)
    assert needs_shuffle(game.state) == 2
    assert game.rejects(1, Draw("stock")).code == "invalid_shuffle"
    assert game.rejects(1, Draw("stock", shuffle=(0, 0))).code == "invalid_shuffle"
    assert game.rejects(1, Draw("stock", shuffle=(0, 1, 2))).code == "invalid_shuffle"
    renewed, drawn = game.do(1, Draw("stock", shuffle=(1, 0)))
    # The pile, bottom first, is (AS, tossed); the order picks it as the new stock, top last.
    assert renewed == StockRenewed(seat=1, count=2, shuffled=True, stock=(tossed, "AS"))
    assert drawn == CardsDrawn(1, "stock", 1, ("AS",))


def test_reuse_shuffle_with_the_identity_order_puts_the_last_discard_on_top() -> None:
    game = _one_card_stock("classic")
    tossed = game.state.hands[0][0]
    _draw_and_toss(game)
    _, drawn = game.do(1, Draw("stock", shuffle=(0, 1)))
    assert drawn == CardsDrawn(1, "stock", 1, (tossed,))


def test_no_shuffle_is_needed_without_reuse_shuffle_or_with_stock_left() -> None:
    game = _one_card_stock("classic")
    assert needs_shuffle(game.state) is None
    basic = _one_card_stock("basic")
    _draw_and_toss(basic)
    assert needs_shuffle(basic.state) is None


def test_after_the_last_reuse_a_knock_for_the_last_card_ends_the_hand_at_the_knockers_discard() -> (
    None
):
    # RULES.md: the final exhaustion ends the hand "as soon as the player who took
    # the last card has discarded" (basic). A knocker draws one card from the stock
    # too: when that is its last card, the seats before the knocker's turn play on.
    knobs = {"players": (3,), "hand_size": {3: 16}, "knocking": True, "reuse_limit": 0}
    game = deal(build_ruleset("basic", knobs), [[], [], []], "AS", ["AH", "AD", "AC"])
    _draw_and_toss(game)  # seat 0 takes AH
    _draw_and_toss(game)  # seat 1 takes AD, one card is left
    game.do(0, Knock())  # seat 0 claims seat 1's discard and takes AC, the last card
    assert game.state.stock == ()
    events = _draw_and_toss(game, "discard")  # seat 2 only took from the pile
    assert not any(isinstance(e, HandEnded) for e in events)
    events = _draw_and_toss(game, "discard")  # seat 0, who took the last card
    assert isinstance(events[-1], HandEnded) and events[-1].reason == "stock_exhausted"
