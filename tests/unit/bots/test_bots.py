"""Bots: legal commands in every preset, no hidden card in their input, greedy habits."""

from __future__ import annotations

import inspect
import random

import msgspec
import pytest
from two_seat_views import two_seat_view

from domain.bots import LEVELS, SeatMemory, choose
from domain.bots.solver import arrange
from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from domain.events import HandDealt, HandEnded
from domain.game import decide, evolve
from domain.melds import Meld, Placed
from domain.rules import PRESETS, build_ruleset
from domain.state import new_game
from domain.views import redact, view_for
from service.app.bot_table import BotTable
from service.app.randomness import deal_command, with_shuffle
from service.tools.ladder import format_results, hand_winners, mean_interval, run_ladder, wilson

# Small search budget: tests check legality, not strength.
BUDGET = 0.005
ROLLOUTS = 3

TABLES = [
    ("basic", {}, 2),
    ("basic", {}, 4),
    ("palace", {}, 4),
    ("palace", {"knocking": True, "strict_jokers": True}, 3),
    ("palace", {"short_deck": True, "strict_groups": True, "ace": "cyclic"}, 2),
    ("duel", {}, 2),
    ("classic", {}, 3),
]


class _CheckedTable(BotTable):
    """Bot-vs-bot play that checks every answer is a legal command."""

    def __init__(
        self, preset: str, overrides: dict[str, object], levels: list[int], seed: int
    ) -> None:
        ruleset = build_ruleset(preset, overrides)
        super().__init__(ruleset, levels, random.Random(seed), BUDGET, max_rollouts=ROLLOUTS)
        self.seed = seed

    def _ask(self, seat: int) -> PlayerCommand | None:
        command = super()._ask(seat)
        view = view_for(self.state, seat)
        if view.turn == seat:
            assert command in view.legal_commands, f"seed {self.seed}: {command} not legal"
        else:
            assert command in (None, Knock()), f"seed {self.seed}: {command} out of turn"
            assert command is None or command in view.legal_commands
        return command


def _play(
    preset: str, overrides: dict[str, object], levels: list[int], seed: int, max_commands: int
) -> _CheckedTable:
    table = _CheckedTable(preset, overrides, levels, seed)
    table.play(max_commands=max_commands)
    return table


@pytest.mark.parametrize(("preset", "overrides", "seats"), TABLES)
def test_every_level_plays_legal_commands(preset, overrides, seats):  # type: ignore[no-untyped-def]
    for seed in range(2):
        levels = [(seed + seat) % 4 + 1 for seat in range(seats)]
        table = _play(preset, overrides, levels, seed, max_commands=150)
        assert table.commands == 150 or table.state.phase == "over"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bot_games_finish(preset):  # type: ignore[no-untyped-def]
    seats = 2 if preset != "palace" else 3
    levels = [3, 2, 1][:seats]
    table = _play(preset, {"game_end": "hands:2"}, levels, 11, max_commands=5000)
    assert table.state.phase == "over"
    assert table.state.hand_number >= 2  # a tie-break may add hands


def test_random_states_give_legal_commands_at_each_level():  # type: ignore[no-untyped-def]
    # Random play to many states, then every level is asked at each one.
    rng = random.Random(5)
    for preset, overrides, seats in TABLES:
        ruleset = build_ruleset(preset, overrides)
        state = new_game(ruleset, seats)
        for _ in range(120):
            if state.phase == "over":
                break
            if state.phase == "deal":
                events = decide(state, None, deal_command(state, rng))
            else:
                view = view_for(state, state.turn)
                for level in LEVELS:
                    command = choose(view, ruleset, level, rng, None, BUDGET, ROLLOUTS)
                    assert command in view.legal_commands, (preset, level, command)
                command = rng.choice(view.legal_commands)
                events = decide(state, state.turn, with_shuffle(state, command, rng))
            for event in events:
                state = evolve(state, event)


def test_bot_input_holds_no_hidden_card():  # type: ignore[no-untyped-def]
    ruleset = build_ruleset("basic")
    rng = random.Random(3)
    state = new_game(ruleset, 2)
    dealt = decide(state, None, deal_command(state, rng))
    for event in dealt:
        state = evolve(state, event)
    seat = state.turn
    view = view_for(state, seat)
    other = set(state.hands[1 - seat]) | set(state.stock)
    assert not other & set(view.hand or ())
    # The bot API takes a SeatView and a memory, never the state.
    parameters = inspect.signature(choose).parameters
    assert list(parameters)[:2] == ["view", "ruleset"]
    assert "state" not in parameters
    memory = SeatMemory(seat, 2)
    for event in dealt:
        seen = redact(event, seat)
        assert isinstance(seen, HandDealt) and seen.deck is None
        assert seen.hands is not None and seen.hands[1 - seat] is None
        memory.observe(seen)
    assert not any(memory.known)
    for level in LEVELS:
        assert choose(view, ruleset, level, rng, memory, BUDGET, ROLLOUTS) in view.legal_commands


def test_greedy_lays_down_a_meld_it_holds():  # type: ignore[no-untyped-def]
    hand = ("5H", "6H", "7H", "KS", "2C")
    legal = [LayMelds((("5H", "6H", "7H"),)), *(Discard(c) for c in sorted(hand))]
    command = choose(two_seat_view(hand, legal=legal), build_ruleset("basic"), 2, random.Random(0))
    assert command == LayMelds((("5H", "6H", "7H"),))


def test_greedy_discards_the_highest_deadwood():  # type: ignore[no-untyped-def]
    hand = ("5H", "6H", "7H", "QS", "2C", "9D")
    legal = [Discard(c) for c in sorted(hand)]
    command = choose(two_seat_view(hand, legal=legal), build_ruleset("basic"), 2, random.Random(0))
    assert command == Discard("QS")


def test_greedy_lays_off_deadwood_and_draws_what_completes_a_meld():  # type: ignore[no-untyped-def]
    ruleset = build_ruleset("basic")
    run = Meld(1, "run", 1, (Placed("8C", "8C"), Placed("9C", "9C"), Placed("TC", "TC")), 8)
    hand = ("JC", "2D", "3H")
    legal = [LayOff("JC", 1), *(Discard(c) for c in sorted(hand))]
    command = choose(two_seat_view(hand, legal=legal, table=(run,)), ruleset, 2, random.Random(0))
    assert command == LayOff("JC", 1)
    draws = [Draw("stock"), Draw("discard", 1)]
    hand = ("KS", "KH", "2D", "7C")
    view = two_seat_view(hand, phase="draw", legal=draws, discard_pile=("KD",))
    assert choose(view, ruleset, 2, random.Random(0)) == Draw("discard", 1)
    view = two_seat_view(hand, phase="draw", legal=draws, discard_pile=("4H",))
    assert choose(view, ruleset, 2, random.Random(0)) == Draw("stock")


def test_arrangement_finds_least_deadwood():  # type: ignore[no-untyped-def]
    ruleset = build_ruleset("basic")
    best = arrange(("7H", "7S", "7D", "8C", "9C", "TC", "KC"), ruleset)
    assert (best.deadwood, best.loose) == (10, ("KC",))
    # 7H can serve the set or the run, not both: the run leaves less.
    best = arrange(("7H", "7S", "7D", "8H", "9H", "KC"), ruleset)
    assert (best.deadwood, sorted(best.loose)) == (24, ["7D", "7S", "KC"])


def test_ladder_runs_and_counts_hands():  # type: ignore[no-untyped-def]
    result = run_ladder("basic", 2, high=2, low=1, hands=4, seed=1)
    assert result.hands == 4 and 0 <= result.wins <= 4
    # basic: the winner takes the loser's points, so a hand's margin is the
    # points won (positive) or lost (negative), and a win is never a loss.
    assert len(result.margins) == 4 and all(m != 0 for m in result.margins)
    assert sum(m > 0 for m in result.margins) == pytest.approx(result.wins)
    assert "points a hand over low" in format_results([result])
    # basic plays three hands a game: the first game counts, the second was cut short.
    assert (result.games, result.games_won) == (1, 1.0)
    cut = run_ladder("basic", 2, high=2, low=1, hands=1, seed=1)
    assert cut.games == 0 and "| 0 | – | – |" in format_results([cut])
    assert set(result.latencies) == {1, 2}
    low, high = wilson(result.wins, result.hands)
    assert 0.0 <= low <= high <= 1.0
    ended = HandEnded(1, "stock_exhausted", None, False, ((), ()), (3, 3), (0, 0), (0, 0))
    assert hand_winners(ended) == [0, 1]


def test_mean_interval_narrows_with_more_hands():  # type: ignore[no-untyped-def]
    low, high = mean_interval([10.0, -10.0] * 5)
    assert low < 0 < high and high == pytest.approx(-low)
    wide = high - low
    low, high = mean_interval([10.0, -10.0] * 500)
    assert high - low < wide / 5


def test_careful_goes_out_by_discarding_a_meld_card():  # type: ignore[no-untyped-def]
    # palace (go_out: discard): every card melds; the way out keeps the fourth
    # card of the run back and discards it, instead of laying all but a meld.
    ruleset = build_ruleset("palace")
    hand = ("5H", "6H", "7H", "8H", "QS", "QD", "QC")
    run3 = ("5H", "6H", "7H")
    run4 = ("5H", "6H", "7H", "8H")
    sets = ("QC", "QD", "QS")
    legal = [
        LayMelds((run3, sets)),
        LayMelds((run4,)),
        LayMelds((sets,)),
        *(Discard(c) for c in sorted(hand)),
    ]
    view = msgspec.structs.replace(two_seat_view(hand, legal=legal), opened=(True, False))
    command = choose(view, ruleset, 3, random.Random(0))
    assert command == LayMelds((run3, sets))


def test_careful_keeps_the_card_with_outs():  # type: ignore[no-untyped-def]
    # 9D and 9C wait on two nines; QS and 2C wait on nothing: the queen goes,
    # and so does the 2 before a nine even though it is worth less.
    ruleset = build_ruleset("basic")
    hand = ("5H", "6H", "7H", "9D", "9C", "QS", "2C")
    legal = [Discard(c) for c in sorted(hand)]
    command = choose(two_seat_view(hand, legal=legal), ruleset, 3, random.Random(0))
    assert command == Discard("QS")
    hand = ("5H", "6H", "7H", "9D", "9C", "2C", "KD", "KH")
    legal = [Discard(c) for c in sorted(hand)]
    command = choose(two_seat_view(hand, legal=legal), ruleset, 3, random.Random(0))
    assert command == Discard("2C")


def _melds_holding(hand, ruleset, *cards):  # type: ignore[no-untyped-def]
    """The melds of the hand's best arrangement that hold each of `cards`."""
    melds = arrange(hand, ruleset).melds
    return [next(m for m in melds if card in m) for card in cards]


def test_careful_opens_small_and_keeps_later_melds_in_hand():  # type: ignore[no-untyped-def]
    # palace: the queens reach the 30 points alone, so level 3 opens with them
    # and keeps the run in hand (no place for the others to lay off) until an
    # opponent is down to one card; level 2 lays everything at once.
    ruleset = build_ruleset("palace")
    hand = ("QS", "QD", "QC", "5H", "6H", "7H", "2C", "9D")
    queens, run = _melds_holding(hand, ruleset, "QS", "5H")
    legal = [LayMelds((queens,)), LayMelds((run, queens)), *(Discard(c) for c in sorted(hand))]
    view = two_seat_view(hand, legal=legal)
    assert choose(view, ruleset, 3, random.Random(0)) == LayMelds((queens,))
    assert choose(view, ruleset, 2, random.Random(0)) == LayMelds((run, queens))
    rest = ("5H", "6H", "7H", "2C", "9D")
    legal = [LayMelds((run,)), *(Discard(c) for c in sorted(rest))]
    opened = msgspec.structs.replace(two_seat_view(rest, legal=legal), opened=(True, True))
    command = choose(opened, ruleset, 3, random.Random(0))
    assert isinstance(command, Discard) and command.card in ("2C", "9D")
    threatened = msgspec.structs.replace(opened, hand_sizes=(5, 1))
    assert choose(threatened, ruleset, 3, random.Random(0)) == LayMelds((run,))
    # Level 4 lays down sooner: an opponent at seven cards is warning enough.
    warned = msgspec.structs.replace(opened, hand_sizes=(5, 7))
    assert isinstance(choose(warned, ruleset, 3, random.Random(0)), Discard)
    level4 = choose(warned, ruleset, 4, random.Random(0), SeatMemory(0, 2), BUDGET, ROLLOUTS)
    assert level4 == LayMelds((run,))


def test_level_four_lays_down_when_far_from_going_out():  # type: ignore[no-untyped-def]
    # palace, opened, no opponent near going out: with six loose cards that
    # fit nothing on the (empty) table level 4 lays its run down (held, it
    # only waits to count against the seat); level 3 keeps holding it, and
    # so does level 4 once a loose card less is stuck.
    ruleset = build_ruleset("palace")
    run = next(m for m in arrange(("5H", "6H", "7H"), ruleset).melds)
    hand = ("5H", "6H", "7H", "2C", "9D", "KS", "4C", "TD", "8S")
    legal = [LayMelds((run,)), *(Discard(c) for c in sorted(hand))]
    far = msgspec.structs.replace(
        two_seat_view(hand, legal=legal), opened=(True, True), hand_sizes=(len(hand), 10)
    )
    assert isinstance(choose(far, ruleset, 3, random.Random(0)), Discard)
    level4 = choose(far, ruleset, 4, random.Random(0), SeatMemory(0, 2), BUDGET, ROLLOUTS)
    assert level4 == LayMelds((run,))
    nearer = hand[:-1]
    legal = [LayMelds((run,)), *(Discard(c) for c in sorted(nearer))]
    near = msgspec.structs.replace(
        two_seat_view(nearer, legal=legal), opened=(True, True), hand_sizes=(len(nearer), 10)
    )
    command = choose(near, ruleset, 4, random.Random(0), SeatMemory(0, 2), BUDGET, ROLLOUTS)
    assert isinstance(command, Discard)


def test_careful_swaps_a_loose_card_for_a_table_joker():  # type: ignore[no-untyped-def]
    # The 6C fits nothing in hand; the joker it frees fits any meld. Level 2
    # swaps only when the joker melds in its hand, so it discards instead.
    ruleset = build_ruleset("palace")
    run = Meld(1, "run", 1, (Placed("5C", "5C"), Placed("JK", "6C"), Placed("7C", "7C")), 5)
    hand = ("6C", "KD", "2S", "9H")
    legal = [SwapJoker("6C", 1), *(Discard(c) for c in sorted(hand))]
    view = msgspec.structs.replace(
        two_seat_view(hand, legal=legal, table=(run,)), opened=(True, True)
    )
    assert choose(view, ruleset, 3, random.Random(0)) == SwapJoker("6C", 1)
    assert isinstance(choose(view, ruleset, 2, random.Random(0)), Discard)


def test_search_keeps_level_three_choice_without_a_clear_edge():  # type: ignore[no-untyped-def]
    from domain.bots.paired_edges import significant_best

    candidates = [Discard("QS"), Discard("KD")]
    noisy = [[0.1, -0.1] * 20, [-0.1, 0.12] * 20]  # edge 0.01 +- large: keep the prior
    assert significant_best(candidates, noisy, 0) == Discard("QS")
    clear = [[0.0] * 40, [0.3, 0.2] * 20]
    assert significant_best(candidates, clear, 0) == Discard("KD")
    assert significant_best(candidates, [[0.0] * 3, [1.0] * 3], 0) == Discard("QS")


def test_search_holds_melds_back_with_two_seats_and_keeps_the_callers_rng():  # type: ignore[no-untyped-def]
    # basic, two seats: level 3 lays a meld it holds; level 4 keeps it in hand
    # (nothing for the opponent to lay off on) and discards instead.
    ruleset = build_ruleset("basic")
    hand = ("5H", "6H", "7H", "KS", "2C", "9D")
    legal = [LayMelds((("5H", "6H", "7H"),)), *(Discard(c) for c in sorted(hand))]
    view = two_seat_view(hand, legal=legal)
    memory = SeatMemory(0, 2)
    assert choose(view, ruleset, 3, random.Random(0), memory) == LayMelds((("5H", "6H", "7H"),))
    rng = random.Random(7)
    state = rng.getstate()
    command = choose(view, ruleset, 4, rng, memory, BUDGET, ROLLOUTS)
    assert isinstance(command, Discard) and command.card not in ("5H", "6H", "7H")
    assert rng.getstate() == state  # the ladder's deals stay paired with --control


def test_level_four_lays_down_the_exposed_melds_once_the_opponent_is_near_out():  # type: ignore[no-untyped-def]
    # basic, two seats: level 4 holds its melds for going out, but once the
    # opponent is down to three cards the melds that would cost most if it
    # went out go down: the queens (30 points) and the sevens (the 7C is on
    # the pile: nothing can be laid off on them). The low run stays in hand.
    from domain.bots.holdback import choose_holdback

    ruleset = build_ruleset("basic")
    hand = ("2H", "3H", "4H", "7S", "7H", "7D", "QS", "QH", "QC", "9C", "JD")
    run, sevens, queens = _melds_holding(hand, ruleset, "2H", "7S", "QS")
    melds = [(run,), (sevens,), (queens,), (sevens, queens), (run, sevens, queens)]
    legal = [*(LayMelds(m) for m in melds), *(Discard(c) for c in sorted(hand))]
    view = two_seat_view(hand, legal=legal, discard_pile=("7C",))
    assert isinstance(choose_holdback(view, ruleset, SeatMemory(0, 2)), Discard)
    near_out = msgspec.structs.replace(view, hand_sizes=(len(hand), 3))
    assert choose_holdback(near_out, ruleset, SeatMemory(0, 2)) == LayMelds((sevens, queens))


def test_search_never_takes_back_its_own_discard():  # type: ignore[no-untyped-def]
    from domain.bots.holdback import choose_holdback

    ruleset = build_ruleset("basic")
    hand = ("KS", "KH", "2D", "7C", "9H")
    draws = [Draw("stock"), Draw("discard", 1)]
    view = two_seat_view(hand, phase="draw", legal=draws, discard_pile=("KD",))
    memory = SeatMemory(0, 2)
    assert choose_holdback(view, ruleset, memory) == Draw("discard", 1)
    memory.discarded[0].append("KD")
    assert choose_holdback(view, ruleset, memory) == Draw("stock")


def test_careful_takes_a_discard_that_frees_a_table_joker():  # type: ignore[no-untyped-def]
    # The 6C melds nothing in hand and fits no meld, but takes the joker's
    # place in the run: level 3 takes it off the pile, level 2 draws blind.
    ruleset = build_ruleset("palace")
    run = Meld(1, "run", 1, (Placed("5C", "5C"), Placed("JK", "6C"), Placed("7C", "7C")), 5)
    hand = ("KD", "2S", "9H", "4D")
    legal = [Draw("stock"), Draw("discard", 1)]
    view = two_seat_view(hand, phase="draw", legal=legal, discard_pile=("6C",), table=(run,))
    view = msgspec.structs.replace(view, opened=(True, True))
    assert choose(view, ruleset, 3, random.Random(0)) == Draw("discard", 1)
    assert choose(view, ruleset, 2, random.Random(0)) == Draw("stock")


def test_careful_opens_with_the_fewest_places_to_lay_off():  # type: ignore[no-untyped-def]
    # palace: the kings and the diamond run each reach the 30 points with
    # three cards; the kings take one card as a lay-off (KD), the run two
    # (9D and KD), so level 3 opens with the kings and keeps the run.
    ruleset = build_ruleset("palace")
    hand = ("KS", "KC", "KH", "TD", "JD", "QD", "2C", "5S")
    kings, run = _melds_holding(hand, ruleset, "KS", "TD")
    legal = [
        LayMelds((run,)),
        LayMelds((kings,)),
        LayMelds((run, kings)),
        *(Discard(c) for c in sorted(hand)),
    ]
    assert choose(two_seat_view(hand, legal=legal), ruleset, 3, random.Random(0)) == LayMelds(
        (kings,)
    )
