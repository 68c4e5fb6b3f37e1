"""The league's reads: leaderboard pages, profiles, a game's rating changes; bot seeding."""

from __future__ import annotations

from datetime import timedelta

import msgspec
import pytest

from service.app.league.apply import apply_result, rebuild
from service.app.league.queries import LeagueError, game_rating_changes, leaderboard, profile
from service.app.league.seeding import seed_bot_ratings
from service.app.league.store import InMemoryLeagueStore


def ladder_of_25(game):
    """p0 beats everyone, p1 everyone but p0, ...: a known order."""
    store = InMemoryLeagueStore()
    players = [f"p{n}" for n in range(25)]
    day = game().ended_at
    for round_ in range(3):
        for upper in range(25):
            for lower in range(upper + 1, 25, 3):
                result = game(
                    (40, 0),
                    players=[players[upper], players[lower]],
                    ended_at=day + timedelta(days=round_ * 30 + upper),
                )
                apply_result(store, result)
    return store


def test_leaderboard_pages_cover_every_player_once_best_first(game):
    store = ladder_of_25(game)
    pages = [leaderboard(store, "basic", offset=offset, limit=10) for offset in (0, 10, 20)]
    assert [page.total for page in pages] == [25, 25, 25]
    assert [len(page.entries) for page in pages] == [10, 10, 5]
    entries = [entry for page in pages for entry in page.entries]
    assert [entry.rank for entry in entries] == list(range(1, 26))
    assert sorted(entry.player for entry in entries) == sorted(f"p{n}" for n in range(25))
    ratings = [entry.rating for entry in entries]
    assert ratings == sorted(ratings, reverse=True)
    assert entries[0].player == "p0" and entries[-1].player == "p24"
    top = entries[0]
    assert top.rating == pytest.approx(top.mu - 3 * top.sigma, abs=0.02)
    assert top.games > 0 and top.experience > 0
    assert leaderboard(store, "basic", offset=30).entries == []
    assert leaderboard(store, "duel").total == 0


@pytest.mark.parametrize(("offset", "limit"), [(-1, 10), (0, 0), (0, 101)])
def test_a_page_out_of_range_is_refused_naming_the_parameter(game, offset, limit):
    with pytest.raises(LeagueError) as refused:
        leaderboard(InMemoryLeagueStore(), "basic", offset=offset, limit=limit)
    assert refused.value.code == "invalid_parameter"
    assert refused.value.facts["parameter"] == ("offset" if offset < 0 else "limit")


def test_names_come_from_the_directory_and_bots_are_named_by_level(game):
    store = InMemoryLeagueStore()
    apply_result(store, game((40, 20, 0), players=["p0", "p1", "bot:3"]))
    page = leaderboard(store, "basic", names=lambda ids: {"p0": "Ada"})
    assert [(e.name, e.kind) for e in page.entries] == [
        ("Ada", "human"),
        ("p1", "human"),
        ("Level 3 bot", "bot"),
    ]


def test_a_profile_lists_each_ladder_experience_and_recent_games_newest_first(game):
    store = InMemoryLeagueStore()
    apply_result(store, game((40, 0), game_id="a"))
    apply_result(store, game((0, 40), game_id="b", preset="classic"))
    apply_result(store, game((40, 0), game_id="c", rated=False))
    shown = profile(store, "p0", names=lambda ids: {"p0": "Ada"})
    assert shown.name == "Ada"
    assert [(r.ladder, r.games) for r in shown.ratings] == [("basic", 1), ("classic", 1)]
    assert [(g.game_id, g.place, g.counted) for g in shown.recent] == [
        ("c", 1, False),
        ("b", 2, True),
        ("a", 1, True),
    ]
    assert shown.recent[0].rating_change == 0
    assert shown.recent[1].rating_change < 0 < shown.recent[2].rating_change
    assert shown.experience == 55 + 50 + 55
    assert [g.game_id for g in profile(store, "p0", recent=1).recent] == ["c"]
    unseen = profile(store, "nobody")
    assert (unseen.ratings, unseen.recent, unseen.experience) == ([], [], 0)


def test_a_player_in_two_seats_is_credited_once_for_the_best_seat(game):
    # A hot-seat table: p0 holds seats 0 (first: 30 + 20 + 10) and 1 (last: 30 + 20).
    store = InMemoryLeagueStore()
    change = apply_result(store, game((40, 0, 3), players=["p0", "p0", "p1"], game_id="hot"))
    assert change.reason == "two_seats_one_player"
    assert [seat.experience for seat in change.seats] == [60, 0, 55]
    assert store.experience_of(["p0", "p1"]) == {"p0": 60, "p1": 55}
    # The profile's entry is that seat's: its place and the points credited.
    (entry,) = profile(store, "p0").recent
    assert (entry.place, entry.experience, entry.seats) == (1, 60, 3)
    # The best seat may come later at the table.
    store = InMemoryLeagueStore()
    change = apply_result(store, game((0, 40, 3), players=["p0", "p0", "p1"], game_id="hot"))
    assert [seat.experience for seat in change.seats] == [0, 60, 55]
    assert (profile(store, "p0").recent[0].place, store.experience_of(["p0"])) == (1, {"p0": 60})


def test_each_seats_rating_change_is_shown_at_game_end(game):
    store = InMemoryLeagueStore()
    apply_result(store, game((40, 10, 0), game_id="g-1"))
    shown = game_rating_changes(store, "g-1")
    assert shown.counted and shown.reason == "counted" and shown.ladder == "basic"
    assert [seat.place for seat in shown.seats] == [1, 2, 3]
    assert shown.seats[0].rating_change > 0 > shown.seats[2].rating_change
    for seat in shown.seats:
        assert seat.rating_after == pytest.approx(seat.rating_before + seat.rating_change, abs=0.02)
    # It travels as JSON as it is.
    assert msgspec.json.decode(msgspec.json.encode(shown))["seats"][0]["place"] == 1
    with pytest.raises(LeagueError) as refused:
        game_rating_changes(store, "g-unknown")
    assert refused.value.code == "game_not_found"


def test_bot_ratings_seed_from_bot_games_and_people_then_play_against_them(game):
    store = InMemoryLeagueStore()
    ladder_games = [
        game((40, 0), players=["bot:4", "bot:1"], game_id=f"seed-{n}") for n in range(10)
    ]
    seeded = seed_bot_ratings(store, ladder_games)
    assert seeded["basic"]["bot:4"].displayed > seeded["basic"]["bot:1"].displayed
    assert seeded["basic"]["bot:4"].games == 10
    # The seeding games count for the bots only, and a person meets the seeded bot.
    assert leaderboard(store, "basic").total == 2
    change = apply_result(store, game((40, 0, 10), players=["p0", "bot:4", "p1"]))
    assert change.seats[1].before == seeded["basic"]["bot:4"]
    assert change.seats[1].after.mu < change.seats[1].before.mu
    # A rebuild replays the seeding games too.
    figures = store.figures()
    rebuild(store)
    assert store.figures() == figures
    with pytest.raises(ValueError, match="bot seats"):
        seed_bot_ratings(store, [game((40, 0))])
