"""Which games move ratings: unrated, stacked, abandoned, bots, fresh accounts, the same players
all day."""

from __future__ import annotations

from datetime import timedelta
from typing import get_args

import msgspec
import pytest

from service.app.league.apply import apply_result
from service.app.league.eligibility import REASONS, Reason
from service.app.league.experience import experience
from service.app.league.ratings import NEW_RATING
from service.app.league.results import RuleFacts, SeatResult
from service.app.league.settle import Snapshot, settle
from service.app.league.store import InMemoryLeagueStore


def ratings_after(result):
    store = InMemoryLeagueStore()
    change = apply_result(store, result)
    return change, store.ratings_of("p0"), store.experience_of(["p0", "p1"])


def test_a_normal_rated_game_between_two_people_counts(game):
    change, ratings, _ = ratings_after(game((40, 0)))
    assert change.counted and change.reason == "counted" and change.weight == 1.0
    assert ratings["basic"].mu > NEW_RATING.mu
    assert [seat.rating_change > 0 for seat in change.seats] == [True, False]


def test_a_training_table_moves_no_rating_but_earns_experience(game):
    change, ratings, xp = ratings_after(game((40, 0), rated=False))
    assert not change.counted and change.reason == "unrated"
    assert ratings == {}
    assert all(seat.after == seat.before for seat in change.seats)
    assert xp == {"p0": 3 * 10 + 20 + 5, "p1": 3 * 10 + 20}


def test_a_stacked_game_does_not_count(game):
    change, ratings, _ = ratings_after(game((40, 0), stacked=True))
    assert change.reason == "stacked" and ratings == {}


def test_an_abandoned_game_never_counts_and_pays_only_its_hands(game):
    change, ratings, xp = ratings_after(game((40, 0), ending="abandoned", hands=2))
    assert change.reason == "abandoned" and ratings == {}
    assert xp == {"p0": 20, "p1": 20}


def test_one_person_against_bots_counts_and_moves_the_bots_on_the_same_ladder(game):
    store = InMemoryLeagueStore()
    change = apply_result(store, game((40, 0, 5), players=["p0", "bot:2", "bot:3"]))
    assert change.counted and change.weight == 1.0
    assert store.ratings_of("p0")["basic"].mu > NEW_RATING.mu
    # The bots stand on the same ladder, lost to p0, and earn no experience.
    assert store.ratings_of("bot:2")["basic"].mu < NEW_RATING.mu
    assert store.experience_of(["bot:3"]) == {"bot:3": 0}
    change = apply_result(store, game((40, 5, 0), players=["p0", "p1", "bot:3"]))
    assert change.counted


def test_a_newcomer_against_a_bot_counts_the_fresh_account_rule_is_for_accounts(game, account):
    newcomer = (account("a1", timedelta(minutes=5), 40), SeatResult(player="bot:2", kind="bot"))
    store = InMemoryLeagueStore()
    assert apply_result(store, game(seats=newcomer)).counted
    assert store.ratings_of("a1")["basic"].mu > NEW_RATING.mu
    # A bot does not hide a fresh human opponent: the regular still faces only a fresh account.
    farmed = (
        SeatResult(player="p0", total=40, hands=3),
        account("a1", timedelta(minutes=5)),
        SeatResult(player="bot:2", kind="bot"),
    )
    assert apply_result(InMemoryLeagueStore(), game(seats=farmed)).reason == "fresh_accounts"


def test_one_person_against_bots_meets_the_same_group_limit(game):
    store = InMemoryLeagueStore()
    weights = [apply_result(store, game((40, 0), players=["p0", "bot:2"])).weight for _ in range(7)]
    assert weights == [1, 1, 1, 1, 1, 0.5, 0.25]


def test_one_person_and_seats_of_nobody_the_league_knows_have_too_few_humans(game):
    alone = msgspec.structs.replace(game((40,)), left_out=1)
    change, _, _ = ratings_after(alone)
    assert change.reason == "too_few_humans"


def test_bots_alone_count_only_as_seeding_games(game):
    change, _, _ = ratings_after(game((40, 0), players=["bot:1", "bot:4"]))
    assert change.reason == "bot_only"


def test_bots_and_seats_of_nobody_the_league_knows_have_too_few_humans(game):
    # Human seats taken with bare seat tokens are left out of the result: what is
    # left is bots, yet people played, so it is no bot-versus-bot game.
    bots = (SeatResult(player="bot:2", kind="bot", seat=1, total=40, hands=3),)
    change, _, _ = ratings_after(game(seats=bots, left_out=1))
    assert change.reason == "too_few_humans"
    nobody = msgspec.structs.replace(game((40, 0)), seats=(), left_out=2)
    change, _, _ = ratings_after(nobody)
    assert change.reason == "too_few_humans"


def test_one_player_in_two_seats_does_not_count(game):
    change, _, _ = ratings_after(game((40, 0, 3), players=["p0", "p0", "p1"]))
    assert change.reason == "two_seats_one_player"


@pytest.mark.parametrize("guest", [True, False], ids=["guest", "named"])
@pytest.mark.parametrize(
    ("age", "reason"), [(timedelta(minutes=10), "fresh_accounts"), (timedelta(hours=2), "counted")]
)
def test_a_game_against_an_account_made_within_the_hour_does_not_count(
    game, account, age, reason, guest
):
    # A named account costs no more than a guest (no password, no address): both are fresh.
    seats = (SeatResult(player="p0", total=40, hands=3), account("a1", age, guest=guest))
    change, _, xp = ratings_after(game(seats=seats))
    assert change.reason == reason
    assert xp["p0"] == 55  # experience either way


def test_fresh_accounts_only_pair_fails_and_a_regular_pair_with_a_fresh_account_counts(
    game, account
):
    both_fresh = (account("a1", timedelta(minutes=5), 40), account("a2", timedelta(minutes=5)))
    assert apply_result(InMemoryLeagueStore(), game(seats=both_fresh)).reason == "fresh_accounts"
    mixed = (
        SeatResult(player="p0", total=40, hands=3),
        SeatResult(player="p1", hands=3),
        account("a1", timedelta(minutes=5), guest=True),
    )
    assert apply_result(InMemoryLeagueStore(), game(seats=mixed)).counted


def test_the_same_players_count_less_past_five_games_a_day(game):
    store = InMemoryLeagueStore()
    weights = [apply_result(store, game((40, 0))).weight for _ in range(8)]
    assert weights == [1, 1, 1, 1, 1, 0.5, 0.25, 0.125]
    # Another pair, and the same pair the next day, start again in full.
    assert apply_result(store, game((40, 0), players=["p0", "p2"])).weight == 1
    next_day = game((40, 0), ended_at=game().ended_at + timedelta(days=1))
    assert apply_result(store, next_day).weight == 1
    # Ineligible games do not use up the allowance.
    other_day = game().ended_at + timedelta(days=2)
    for _ in range(6):
        apply_result(store, game((40, 0), rated=False, ended_at=other_day))
    assert apply_result(store, game((40, 0), ended_at=other_day)).weight == 1


def test_a_half_weight_game_moves_the_rating_half_as_far(game):
    result = game((40, 0))
    full = settle(Snapshot(position=0, applied=False, group_games=0), result)
    half = settle(Snapshot(position=0, applied=False, group_games=5), result)
    assert half.change.weight == 0.5
    full_gain = full.ratings["p0"].mu - NEW_RATING.mu
    half_gain = half.ratings["p0"].mu - NEW_RATING.mu
    assert half_gain == pytest.approx(full_gain / 2)
    assert half.ratings["p0"].games == 1


def test_experience_pays_hands_finishing_and_every_seat_beaten(game):
    # Four seats, three hands: the winner 30 + 20 + 3 x 5, the last 30 + 20.
    assert experience(game((60, 20, 10, 0))) == (65, 60, 55, 50)
    # A resigned seat keeps its hands' points only; bots earn nothing.
    assert experience(game((60, 0, 5), players=["p0", "p1", "bot:2"], resigned=(0,))) == (
        30,
        55,
        0,
    )


def test_penalty_scoring_rates_the_lowest_total_first(game):
    rules = RuleFacts(scoring="penalty")
    store = InMemoryLeagueStore()
    change = apply_result(store, game((104, 37), rules=rules))
    assert change.ladder == "basic+scoring=penalty"
    assert [seat.place for seat in change.seats] == [2, 1]
    assert store.ratings_of("p1")["basic+scoring=penalty"].mu > NEW_RATING.mu
    assert store.ratings_of("p0")["basic+scoring=penalty"].mu < NEW_RATING.mu


def test_a_resigned_seat_loses_rating_even_when_ahead_on_points(game):
    store = InMemoryLeagueStore()
    change = apply_result(store, game((90, 10), resigned=(0,)))
    assert [seat.place for seat in change.seats] == [2, 1]
    assert change.seats[0].rating_change < 0 < change.seats[1].rating_change


def test_tied_players_draw(game):
    change = apply_result(InMemoryLeagueStore(), game((30, 30, 0)))
    first, second, third = change.seats
    assert first.after.mu == pytest.approx(second.after.mu)
    assert first.after.mu > third.after.mu


def test_every_reason_code_is_documented():
    assert set(get_args(Reason)) == set(REASONS)
