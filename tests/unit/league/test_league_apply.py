"""Exactly once: a game applies once whatever the job does; a rebuild gives identical figures."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from service.app.league.apply import apply_result, fold, rebuild
from service.app.league.results import RuleFacts, SeatResult
from service.app.league.store import InMemoryLeagueStore


class WorkerDied(Exception):
    pass


class DyingStore(InMemoryLeagueStore):
    """Dies once, before its commit reaches the store or after it did (the reply lost)."""

    def __init__(self, when: str) -> None:
        super().__init__()
        self.when = when

    def commit(self, position, settlement):
        if self.when == "before":
            self.when = ""
            raise WorkerDied
        committed = super().commit(position, settlement)
        if self.when == "after":
            self.when = ""
            raise WorkerDied
        return committed


class RacedStore(InMemoryLeagueStore):
    """Another worker commits `other` between this one's read and its commit."""

    def __init__(self, other) -> None:
        super().__init__()
        self.other = other

    def commit(self, position, settlement):
        other, self.other = self.other, None
        if other is not None:
            apply_result(self, other)  # the other worker (its commit finds no race)
        return super().commit(position, settlement)


def test_applying_a_game_twice_changes_nothing_the_second_time(game):
    store = InMemoryLeagueStore()
    result = game((40, 0), game_id="g-1")
    first = apply_result(store, result)
    figures = store.figures()
    again = apply_result(store, result)
    assert again == first
    assert store.figures() == figures
    assert [r.game_id for r in store.results()] == ["g-1"]


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_worker_dying_at_its_commit_and_run_again_applies_the_game_once(game, when):
    store = DyingStore(when)
    result = game((40, 0), game_id="g-1")
    with pytest.raises(WorkerDied):
        apply_result(store, result)
    # Dead before: nothing written, not even the marker. Dead after: both written.
    assert len(store.results()) == (1 if when == "after" else 0)
    apply_result(store, result)  # the job runs again
    apply_result(store, result)  # and once more
    assert store.figures() == fold([result]).figures()


def test_a_commit_that_lost_a_race_settles_again_from_the_newer_figures(game):
    first, second = game((40, 0), game_id="g-1"), game((0, 40), game_id="g-2")
    store = RacedStore(other=first)
    apply_result(store, second)
    assert [r.game_id for r in store.results()] == ["g-1", "g-2"]
    # The same figures as applying them one after the other: no lost update.
    assert store.figures() == fold([first, second]).figures()
    assert store.ratings_of("p0")["basic"].games == 2


def random_results(game, count, seed):
    rng = random.Random(seed)
    people = [f"p{n}" for n in range(7)]
    results = []
    for number in range(count):
        seats = rng.randint(2, 4)
        chosen = rng.sample(people + ["bot:2", "bot:3"], seats)
        results.append(
            game(
                seats=tuple(
                    SeatResult(
                        player=player,
                        kind="bot" if player.startswith("bot:") else "human",
                        total=rng.randint(0, 60),
                        hands=rng.randint(1, 3),
                        resigned=rng.random() < 0.05,
                    )
                    for player in chosen
                ),
                game_id=f"g{number}",
                rules=RuleFacts(
                    rated=rng.random() < 0.9,
                    scoring=rng.choice(["winner_takes", "penalty"]),
                ),
                preset=rng.choice(["basic", "classic"]),
                ending="abandoned" if rng.random() < 0.05 else "ended",
                ended_at=game().ended_at + timedelta(hours=number),
            )
        )
    return results


def test_dropping_the_league_and_rebuilding_it_gives_identical_figures(game):
    store = InMemoryLeagueStore()
    results = random_results(game, 300, seed=7)
    for result in results:
        apply_result(store, result)
    apply_result(store, results[10])  # a duplicate the log must not repeat
    before = store.figures()
    assert len(store.results()) == 300
    assert rebuild(store) == 300
    assert store.figures() == before
    # From nothing, folding the log in a fresh store: the same again.
    assert fold(results).figures() == before


def test_the_order_of_the_log_is_the_fold_order(game):
    results = random_results(game, 40, seed=3)
    # Ratings depend on order, so the log, not the games' end times, is the record.
    assert fold(results).figures()["ratings"] != fold(results[::-1]).figures()["ratings"]
