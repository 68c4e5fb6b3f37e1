"""Level 4's search runs with two seats, and may overrule a base policy that holds melds back."""

from __future__ import annotations

import random
from functools import cache

import pytest

from domain.bots import choose
from domain.bots.fastplay import Seat, worst_discard
from domain.bots.holdback import choose_holdback, holds_back
from domain.bots.memory import SeatMemory
from domain.bots.playouts import PlayoutTable
from domain.bots.solver import arrange
from domain.commands import Discard, Draw, PlayerCommand
from domain.game import decide, evolve
from domain.rules import RuleSet, build_ruleset
from domain.state import new_game
from domain.views import SeatView, view_for
from service.app.bot_table import BotTable
from service.app.randomness import deal_command

# No clock: the search stops at its rollout count alone, and its own
# generator is seeded by the view, so the decision is reproducible anywhere.
BUDGET = 5.0
ROLLOUTS = 200

Overrule = tuple[SeatView, SeatMemory, PlayerCommand, PlayerCommand]


class _Found(Exception):
    def __init__(
        self, view: SeatView, memory: SeatMemory, base: PlayerCommand, searched: PlayerCommand
    ) -> None:
        self.found = (view, memory, base, searched)


class _Watched(BotTable):
    """A ladder table of level 3 seats that, at seat 0's turns after its first `skip`,
    asks level 4 too and stops at the first view where the search overrules the base
    policy. Level 4's answer steers nothing: level 3 plays every move."""

    def __init__(self, preset: str, seats: int, seed: int, limit: int, skip: int) -> None:
        super().__init__(build_ruleset(preset), [3] * seats, random.Random(seed), BUDGET)
        self.left = limit
        self.skip = skip

    def _ask(self, seat: int) -> PlayerCommand | None:
        if seat == 0 and self.state.turn == 0 and self.left > 0:
            self.left -= 1
            if self.skip > 0:
                self.skip -= 1
                return super()._ask(seat)
            view = view_for(self.state, 0)
            base = choose_holdback(view, self.ruleset, self.memories[0])
            searched = choose(
                view, self.ruleset, 4, random.Random(0), self.memories[0], BUDGET, ROLLOUTS
            )
            if searched != base:
                raise _Found(view, self.memories[0], base, searched)  # type: ignore[arg-type]
        return super()._ask(seat)


def _first_overrule(
    preset: str, seats: int, seed: int, limit: int = 80, skip: int = 0
) -> Overrule | None:
    """Level 3 plays every seat; at seat 0's turns (of its first `limit`, the first
    `skip` not searched), the first view where the search picks another command than
    the base policy (level 4 without search)."""
    table = _Watched(preset, seats, seed, limit, skip)
    try:
        table.play(lambda _: table.left > 0)
    except _Found as found:
        return found.found
    return None


# Seat 0's turns of seed 3's basic duel before its first overrule (its 71st turn): each
# search is 200 rollouts, 10 s of the suite's CPU to find none. The game is level 3's
# whatever level 4 answers, so the overrule found past them is the same.
QUIET_SEED, QUIET_TURNS = 3, 70


@cache
def _an_overrule(preset: str, seats: int) -> Overrule | None:
    """The first overrule of the first seed that has one (shared by the tests).
    Seed 3 first, searched from its 71st turn: seeds 0 to 2 play 60 to 75 turns
    without one (30 s of the suite's CPU for nothing). Were seed 3's overrule to move
    (another level 3 or 4), every turn of every seed is searched."""
    found = _first_overrule(preset, seats, QUIET_SEED, skip=QUIET_TURNS)
    if found is not None:
        return found
    for seed in (3, 0, 1, 2, 4, 5):
        found = _first_overrule(preset, seats, seed)
        if found is not None:
            return found
    return None


def test_search_overrules_the_holding_base_policy() -> None:
    # Basic with two seats holds every meld for going out: the search is
    # consulted there too and, on a clear edge, picks another draw or discard.
    preset = "basic"
    ruleset = build_ruleset(preset)
    found = _an_overrule(preset, 2)
    assert found is not None, "the search never departed from the base policy"
    view, _, base, searched = found
    _assert_overrules_only_a_draw_or_a_loose_discard(view, ruleset, base, searched)
    assert holds_back(view, ruleset)


@pytest.mark.parametrize("preset", ["basic", "classic"])
def test_more_than_two_seats_play_the_base_policy(preset: str) -> None:
    # The search stops at SEARCH_MAX_SEATS: with four seats level 4 is its
    # base policy, move for move (and no overrule turns up in 80 turns).
    assert _first_overrule(preset, 4, seed=0) is None


def test_palace_at_four_seats_searches_its_own_way_out() -> None:
    # Palace with four seats: level 4 plays its own next draws out (`selfout`)
    # and picks another draw or discard only where its hand gets out sooner;
    # the same view, seed and clock readings give the same move.
    ruleset = build_ruleset("palace")
    found = _first_overrule("palace", 4, seed=0)
    assert found is not None, "the way-out search never departed from the base policy"
    view, memory, base, searched = found
    _assert_overrules_only_a_draw_or_a_loose_discard(view, ruleset, base, searched)
    again = choose(view, ruleset, 4, random.Random(0), memory, BUDGET, ROLLOUTS)
    assert again == searched
    expired = choose(view, ruleset, 4, random.Random(0), memory, BUDGET, ROLLOUTS, _Clock(BUDGET))
    assert expired == base


def _assert_overrules_only_a_draw_or_a_loose_discard(
    view: SeatView, ruleset: RuleSet, base: PlayerCommand, searched: PlayerCommand
) -> None:
    assert searched in view.legal_commands
    if isinstance(searched, Draw):
        assert isinstance(base, Draw)
    else:
        # Only a loose card: the melds the base policy holds stay in hand.
        assert isinstance(searched, Discard) and isinstance(base, Discard)
        assert searched.card in arrange(view.hand or (), ruleset).loose


class _Clock:
    """A clock of the caller's: each reading `tick` seconds after the last."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


def test_the_search_runs_on_the_callers_clock() -> None:
    # The bots own no clock: level 4's budget is read on the clock it is given.
    # A view where the search overrules the base policy, given enough time.
    found = _an_overrule("basic", 2)
    assert found is not None
    view, memory, base, searched = found
    ruleset = build_ruleset("basic")

    def ask(clock: _Clock) -> PlayerCommand | None:
        return choose(view, ruleset, 4, random.Random(0), memory, BUDGET, ROLLOUTS, clock=clock)

    ample = _Clock(tick=1e-6)  # the budget outlasts the rollouts
    assert ask(ample) == searched
    assert ample.readings > 2  # at the start, then at each deal and play-out
    # The same view, generator and clock readings: the same move.
    assert ask(_Clock(tick=1e-6)) == searched
    # A clock past the budget at its second reading: no deal is played out,
    # and the base policy's choice stands.
    expired = _Clock(tick=BUDGET)
    assert ask(expired) == base
    assert expired.readings == 2


def test_rollouts_shed_a_card_without_partners_first() -> None:
    ruleset = build_ruleset("basic")
    values = {"KS": 10, "QS": 10, "9D": 9, "2C": 2}
    # KS and QS wait for JS or a king/queen: the 9D, alone, goes first.
    loose = ["KS", "QS", "9D", "2C"]
    assert worst_discard(loose, loose, ruleset, values) == "9D"
    assert worst_discard(["KS", "2C"], ["KS", "2C"], ruleset, values) == "KS"


def test_a_lost_rollout_still_counts_the_seats_left_holding_more() -> None:
    # palace, four seats, zero-sum: when another seat goes out, each seat
    # loses its whole hand, melds kept in hand included.
    ruleset = build_ruleset("palace")
    state = new_game(ruleset, 4)
    for event in decide(state, None, deal_command(state, random.Random(0))):
        state = evolve(state, event)
    view = view_for(state, 0)
    world = PlayoutTable(view, ruleset, None, holding=True)
    mine = Seat(["2C"], set(), True, 0)
    out = Seat([], set(), True, 0)
    heavy = Seat(["3D"], set(), True, 30)  # a held meld counts against it
    light = Seat([], set(), True, 0)
    assert world._lost([mine, out, heavy, light], 1) == pytest.approx(-1 + 2 * 1 / 3)
    assert world._lost([mine, out, light, light], 1) == pytest.approx(-1.0)
