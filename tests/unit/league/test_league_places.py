"""Places from final totals: direction, ties, resigned and handed-over seats; and the ladder a
game counts on."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
import pytest

from domain.rules import build_ruleset
from service.app.league.ladders import ladder_of
from service.app.league.results import Sitter, places, result_of_game, rule_facts
from service.tools.simulation import play_game

NOON = datetime(2026, 12, 1, 12, tzinfo=UTC)


def test_the_highest_total_wins_and_places_follow(game):
    assert places(game((12, 40, 0, 25))) == (3, 1, 4, 2)


def test_tied_totals_share_a_place_and_the_next_place_is_skipped(game):
    assert places(game((30, 30, 5))) == (1, 1, 3)
    assert places(game((30, 5, 5))) == (1, 2, 2)


def test_under_penalty_scoring_the_lowest_total_wins(game):
    # RULES.md: penalty scoring ends at 100 and the lowest total wins.
    assert places(game((104, 37, 61), scoring="penalty")) == (3, 1, 2)


def test_a_resigned_seat_is_last_even_with_the_best_total(game):
    assert places(game((90, 10, 0), resigned=(0,))) == (3, 1, 2)
    # Several resigned seats share the last place.
    assert places(game((90, 10, 0, 5), resigned=(0, 2))) == (3, 1, 3, 2)


def test_a_resigned_seat_is_last_under_penalty_scoring_too(game):
    assert places(game((3, 80, 100), scoring="penalty", resigned=(0,))) == (3, 1, 2)


def test_a_seat_handed_to_a_bot_is_last_even_with_the_best_total(game):
    handed = game((90, 10, 0))
    seats = (msgspec.structs.replace(handed.seats[0], handed_over=True), *handed.seats[1:])
    assert places(msgspec.structs.replace(handed, seats=seats)) == (3, 1, 2)
    # It shares the last place with a seat that resigned.
    both = game((90, 10, 0), resigned=(1,))
    seats = (msgspec.structs.replace(both.seats[0], handed_over=True), *both.seats[1:])
    assert places(msgspec.structs.replace(both, seats=seats)) == (2, 2, 1)


def test_custom_knobs_count_under_the_preset_unless_they_change_the_game():
    def ladder(preset, **knobs):
        return ladder_of(preset, rule_facts(build_ruleset(preset, knobs)))

    assert ladder("palace") == "palace"
    assert ladder("palace", ace="cyclic", initial_meld_min=40, strict_jokers=True) == "palace"
    assert ladder("palace", rated=False) == "palace"
    assert ladder("palace", short_deck=True) == "palace+short_deck"
    assert ladder("palace", scoring="casino") == "palace+scoring=casino"
    assert ladder("palace", jokers=0) == "palace+jokers=0"
    assert ladder("palace", knocking=True) == "palace+knocking=true"
    assert ladder("basic", scoring="penalty", game_end="target:100") == "basic+scoring=penalty"
    assert ladder("classic", game_end="target:50") == "classic"


def final_state(ruleset, seats, seed, max_hands=None):
    *_, (_, _, _, state) = play_game(ruleset, seats, seed, max_hands=max_hands)
    return state


@pytest.mark.parametrize(
    ("preset", "seats", "knobs"),
    [
        ("basic", 3, {}),
        ("palace", 4, {}),
        ("classic", 2, {}),
        ("basic", 3, {"scoring": "penalty", "game_end": "target:100"}),
    ],
)
def test_first_place_goes_to_the_seats_the_game_declared_winners(preset, seats, knobs):
    for seed in range(3):
        state = final_state(build_ruleset(preset, knobs), seats, seed)
        sitters = [Sitter(player=f"p{seat}") for seat in range(seats)]
        result = result_of_game("g", preset, state, sitters, NOON)
        assert result.ending == "ended"
        assert all(seat.hands == len(state.results) for seat in result.seats)
        firsts = tuple(seat for seat, place in enumerate(places(result)) if place == 1)
        assert firsts == state.winners, f"seed {seed}"


def test_a_game_that_stopped_before_its_end_is_abandoned():
    state = final_state(build_ruleset("basic"), 2, 0, max_hands=1)
    sitters = [Sitter(player="p0"), Sitter(player="p1", resigned=True, hands=0)]
    result = result_of_game("g", "basic", state, sitters, NOON)
    assert result.ending == "abandoned"
    assert [seat.hands for seat in result.seats] == [1, 0]


def test_a_result_counts_the_human_seats_it_leaves_out():
    state = final_state(build_ruleset("duel"), 2, 0)
    # Seat 0 was taken with a bare seat token: nobody the league knows.
    result = result_of_game("g", "duel", state, [None, Sitter(player="bot:2", kind="bot")], NOON)
    assert result.left_out == 1
    assert [(seat.seat, seat.player) for seat in result.seats] == [(1, "bot:2")]
