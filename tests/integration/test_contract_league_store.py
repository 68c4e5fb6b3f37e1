"""The LeagueStore port's contract, which every adapter passes (memory, Redis, Redis Cluster):
a game applies once whatever the job does, a rebuild gives identical figures, and
the reads page and order the same."""

from __future__ import annotations

import random
import threading
import time
from datetime import timedelta

import pytest
from league_results import TIED, ladder_with_a_tie, result_builder

from service.app.league import apply
from service.app.league.apply import apply_result, fold, rebuild
from service.app.league.queries import game_rating_changes, leaderboard, profile
from service.app.league.results import RuleFacts, SeatResult
from service.app.league.settle import settle
from service.app.league.store import RECENT_KEPT, LeagueStore


@pytest.fixture
def game():
    return result_builder()


class WorkerDied(Exception):
    pass


class Delegating:
    """The store under test, with one method wrapped by a subclass."""

    def __init__(self, inner: LeagueStore) -> None:
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)


class DyingStore(Delegating):
    """Dies once, before its commit reaches the store or after it did (the reply lost)."""

    def __init__(self, inner: LeagueStore, when: str) -> None:
        super().__init__(inner)
        self.when = when

    def commit(self, snapshot, settlement):
        if self.when == "before":
            self.when = ""
            raise WorkerDied
        committed = self.inner.commit(snapshot, settlement)
        if self.when == "after":
            self.when = ""
            raise WorkerDied
        return committed


class RacedStore(Delegating):
    """Another worker commits `other` between this one's read and its commit."""

    def __init__(self, inner: LeagueStore, other) -> None:
        super().__init__(inner)
        self.other = other

    def commit(self, snapshot, settlement):
        other, self.other = self.other, None
        if other is not None:
            apply_result(self.inner, other)  # the other worker (its commit finds no race)
        return self.inner.commit(snapshot, settlement)


def test_applying_a_game_twice_changes_nothing_the_second_time(league, game):
    result = game((40, 0), game_id="g-1")
    first = apply_result(league, result)
    figures = league.figures()
    again = apply_result(league, result)
    assert again == first
    assert league.figures() == figures
    assert [r.game_id for r in league.results()] == ["g-1"]
    assert league.applied(["g-1", "g-2"]) == {"g-1"}


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_worker_dying_at_its_commit_and_run_again_applies_the_game_once(league, game, when):
    store = DyingStore(league, when)
    result = game((40, 0), game_id="g-1")
    with pytest.raises(WorkerDied):
        apply_result(store, result)
    # Dead before: nothing written, not even the marker. Dead after: both written.
    assert len(league.results()) == (1 if when == "after" else 0)
    assert league.applied(["g-1"]) == ({"g-1"} if when == "after" else set())
    apply_result(store, result)  # the job runs again
    apply_result(store, result)  # and once more
    assert league.figures() == fold([result]).figures()


def test_a_commit_that_lost_a_race_settles_again_from_the_newer_figures(league, game):
    first, second = game((40, 0), game_id="g-1"), game((0, 40), game_id="g-2")
    apply_result(RacedStore(league, other=first), second)
    assert [r.game_id for r in league.results()] == ["g-1", "g-2"]
    # The same figures as applying them one after the other: no lost update.
    assert league.figures() == fold([first, second]).figures()
    assert league.ratings_of("p0")["basic"].games == 2


def test_a_stale_commit_writes_nothing(league, game):
    apply_result(league, game((40, 0), game_id="g-1"))
    snapshot = league.read("g-2", "basic", ["p0", "p1"], "p0,p1", "2026-12-01")
    apply_result(league, game((0, 40), game_id="g-3"))
    figures = league.figures()
    assert not league.commit(snapshot, settle(snapshot, game((5, 0), game_id="g-2")))
    assert league.figures() == figures


class RebuiltBeforeCommit(Delegating):
    """A rebuild swaps its figures in between this worker's read and its commit."""

    rebuilt = False

    def commit(self, snapshot, settlement):
        if not self.rebuilt:
            self.rebuilt = True
            rebuild(self.inner)
        return self.inner.commit(snapshot, settlement)


def test_a_commit_read_before_a_rebuilds_swap_settles_again_from_the_repaired_figures(league, game):
    results = random_results(game, 30, seed=6)
    for result in results[:-1]:
        apply_result(league, result)
    # Figures of only part of the log (a bug, a hand edit), read by the last game's job.
    assert league.replace_figures(29, fold(results[:10]))
    apply_result(RebuiltBeforeCommit(league), results[-1])
    # The swap kept the log's length: the commit still saw a league moved on, and
    # settled again from the repaired figures instead of undoing the repair.
    assert league.figures() == fold(results).figures()


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


def test_dropping_the_league_and_rebuilding_it_gives_identical_figures(league, game):
    results = random_results(game, 150, seed=7)
    for result in results:
        apply_result(league, result)
    apply_result(league, results[10])  # a duplicate the log must not repeat
    before = league.figures()
    assert len(league.results()) == 150
    assert rebuild(league) == 150
    assert league.figures() == before
    # From nothing, folding the log in a fresh in-memory store: the same again.
    assert fold(results).figures() == before


class RebuildRacedStore(Delegating):
    """Another worker commits `other` just after the rebuild read the log."""

    def __init__(self, inner: LeagueStore, other) -> None:
        super().__init__(inner)
        self.other = other

    def results(self, since=0):
        read = self.inner.results(since)
        other, self.other = self.other, None
        if other is not None:
            apply_result(self.inner, other)
        return read


def test_a_commit_racing_a_rebuild_is_kept(league, game):
    results = random_results(game, 30, seed=2)
    for result in results[:-1]:
        apply_result(league, result)
    assert rebuild(RebuildRacedStore(league, other=results[-1])) == 30
    # The racing game is applied, marker and figures, as if it came after the rebuild.
    assert league.applied([results[-1].game_id]) == {results[-1].game_id}
    assert league.figures() == fold(results).figures()
    assert staged_keys(league) == []  # the refused swap's staging is gone too


class SwapRacedStore(Delegating):
    """Another worker commits one of `others` just before each of the rebuild's swaps;
    records where each read of the log started."""

    def __init__(self, inner: LeagueStore, others) -> None:
        super().__init__(inner)
        self.others = list(others)
        self.reads: list[int] = []

    def results(self, since=0):
        self.reads.append(since)
        return self.inner.results(since)

    def replace_figures(self, position, folded):
        if self.others:
            apply_result(self.inner, self.others.pop(0))
        return self.inner.replace_figures(position, folded)


def test_a_rebuild_raced_at_every_swap_folds_only_the_new_results_and_completes(
    league, game, monkeypatch
):
    results = random_results(game, 60, seed=8)
    for result in results[:30]:
        apply_result(league, result)
    settled: list[int] = []
    monkeypatch.setattr(apply, "settle", lambda *a, **k: settled.append(1) or settle(*a, **k))
    raced = SwapRacedStore(league, others=results[30:])
    # 30 swaps refused in a row (more than a commit's 16 attempts), then it lands.
    assert rebuild(raced) == 60
    folds = len(settled)
    assert league.figures() == fold(results).figures()
    # Each retry read the log from the last result it had folded (still there: the
    # log was not cleared) and folded only those committed since: 60 settlements in
    # the fold, and one for each of the 30 racing commits.
    assert raced.reads == [0, *range(29, 59)]
    assert folds == 60 + 30
    assert staged_keys(league) == []


def test_a_rebuild_racing_a_steady_stream_of_commits_completes(league, game):
    results = random_results(game, 400, seed=9)
    for result in results[:200]:
        apply_result(league, result)
    done = threading.Event()
    streamed: list[int] = []

    def stream() -> None:
        for result in results[200:]:
            apply_result(league, result)
            streamed.append(1)
            if done.is_set():
                return
            time.sleep(0.002)

    worker = threading.Thread(target=stream)
    worker.start()
    try:
        folded = rebuild(league)
    finally:
        done.set()
        worker.join()
    assert 200 <= folded <= 200 + len(streamed)
    applied = league.results()
    assert league.figures() == fold(applied).figures()
    assert staged_keys(league) == []


class StagingExpiredStore(SwapRacedStore):
    """The rebuild's first swap is raced (refused, its staging kept); before the
    retry, the staged experience hash expires."""

    def replace_figures(self, position, folded):
        if not self.others:
            (experience,) = [key for key in staged_keys(self.inner) if key.endswith(b":xp")]
            self.inner.records.client.delete(experience)
        return super().replace_figures(position, folded)


def test_a_retry_whose_staged_keys_expired_stages_the_figures_afresh(league, game):
    if getattr(league, "records", None) is None:
        pytest.skip("a Redis league's staging")
    results = random_results(game, 40, seed=12)
    for result in results[:39]:
        apply_result(league, result)
    # The retry writes the new result's players' experience there (a key again, with
    # a few fields): the swap finds it short and the figures are staged afresh.
    assert rebuild(StagingExpiredStore(league, others=results[39:])) == 40
    assert league.figures() == fold(results).figures()
    assert staged_keys(league) == []


def staged_keys(league) -> list[bytes]:
    """A Redis league's keys left under a rebuild's staging prefix (none on memory)."""
    records = getattr(league, "records", None)
    if records is None:
        return []
    return list(records.client.scan_iter(match=f"{records.tag}:rebuild:*"))


def test_a_rebuild_replaces_figures_that_drifted_from_the_log(league, game):
    results = random_results(game, 40, seed=4)
    for result in results:
        apply_result(league, result)
    before = league.figures()
    # Figures of only part of the log (a bug, a hand edit): the rebuild puts them right.
    assert league.replace_figures(40, fold(results[:25]))
    assert league.figures() != before
    assert rebuild(league) == 40
    assert league.figures() == before
    assert staged_keys(league) == []
    # A replacement computed at another position is refused and changes nothing.
    assert not league.replace_figures(39, fold(results[:39]))
    assert league.figures() == before


def test_same_group_counters_are_kept_for_two_days_only(league, game):
    noon = game().ended_at
    for day in range(5):
        for number in range(2):
            ended = noon + timedelta(days=day, minutes=number)
            apply_result(league, game((40, 0), game_id=f"d{day}-{number}", ended_at=ended))
    kept = league.figures()["groups"]
    days = [(noon + timedelta(days=day)).date().isoformat() for day in (3, 4)]
    assert kept == {("p0,p1", days[0]): 2, ("p0,p1", days[1]): 2}
    # A game applied days late reads no counter and keeps none (the same on a rebuild).
    late = apply_result(league, game((40, 0), game_id="late", ended_at=noon))
    assert late.weight == 1 and league.figures()["groups"] == kept
    figures = league.figures()
    assert rebuild(league) == 11
    assert league.figures() == figures


def test_the_order_of_the_log_is_the_fold_order(game):
    results = random_results(game, 40, seed=3)
    # Ratings depend on order, so the log, not the games' end times, is the record.
    assert fold(results).figures()["ratings"] != fold(results[::-1]).figures()["ratings"]


def test_clearing_drops_every_figure(league, game):
    for result in random_results(game, 20, seed=1):
        apply_result(league, result)
    league.clear()
    assert league.results() == []
    assert league.ranking("basic", 0, 10) == (0, [], 0)
    assert league.ratings_of("p0") == {}
    assert league.recent("p0", 10) == []
    assert league.experience_of(["p0"]) == {"p0": 0}
    assert league.figures() == fold([]).figures()


def test_pages_of_the_leaderboard_agree_with_one_whole_page(league, game):
    for result in random_results(game, 80, seed=5):
        apply_result(league, result)
    total, whole, _ = league.ranking("basic", 0, 100)
    assert total == len(whole) > 5
    paged = [row for offset in range(0, total, 3) for row in league.ranking("basic", offset, 3)[1]]
    assert paged == whole
    assert whole == fold(league.results()).ranking("basic", 0, 100)[1]
    assert league.ranking("basic", total, 3) == (total, [], 0)
    assert league.ranking("no-such-ladder", 0, 3) == (0, [], 0)


def test_players_tied_on_the_displayed_rating_rank_by_mu_then_id(league, game):
    # Two separate pairs playing the same games: p0 and q0 tie exactly, as do p1 and q1.
    for number in range(3):
        apply_result(league, game((40, 0), players=["q0", "q1"], game_id=f"q{number}"))
        apply_result(league, game((40, 0), players=["p0", "p1"], game_id=f"p{number}"))
    _, page, _ = league.ranking("basic", 0, 10)
    assert [player for player, _ in page] == ["p0", "q0", "p1", "q1"]
    assert [player for player, _ in league.ranking("basic", 1, 2)[1]] == ["q0", "p1"]
    # Tied players share a rank, and the next rank skips (1, 1, 3, 3), on any page.
    board = leaderboard(league, "basic", 0, 10)
    assert [(e.player, e.rank) for e in board.entries] == [
        ("p0", 1),
        ("q0", 1),
        ("p1", 3),
        ("q1", 3),
    ]
    assert [e.rank for e in leaderboard(league, "basic", 1, 2).entries] == [1, 3]
    assert [e.rank for e in leaderboard(league, "basic", 3, 1).entries] == [3]


def test_a_page_inside_a_tie_of_ten_thousand_ranks_it_and_costs_a_page(league):
    tied = ladder_with_a_tie()
    assert league.replace_figures(0, tied)

    def ranks(offset, limit):
        page = leaderboard(league, "basic", offset, limit)
        assert page == leaderboard(tied, "basic", offset, limit)  # every adapter alike
        return [(entry.player, entry.rank) for entry in page.entries]

    assert ranks(0, 4) == [("lead", 1), ("second", 2), ("z-high-mu", 3), ("t00000", 3)]
    assert ranks(5000, 100) == [(f"t{n:05}", 3) for n in range(4997, 5097)]
    # The tie's end: its lowest mu last, then the next rank skips the whole tie.
    assert ranks(TIED + 1, 5) == [
        ("a-low-mu", 3),
        ("behind", TIED + 3),
        ("far", TIED + 4),
        ("last", TIED + 5),
    ]
    assert leaderboard(league, "basic", 0, 1).total == TIED + 5


def test_a_player_keeps_the_last_games_newest_first(league, game):
    count = RECENT_KEPT + 5
    for number in range(count):
        apply_result(league, game((40, 0), players=["p0", f"x{number}"], game_id=f"g{number}"))
    recent = league.recent("p0", 100)
    assert [change.game_id for change in recent] == [f"g{n}" for n in range(count - 1, 4, -1)]
    assert league.experience_of(["p0", "x0", "nobody"]) == {
        "p0": 55 * count,
        "x0": 50,
        "nobody": 0,
    }


def test_the_queries_read_the_same_on_every_adapter(league, game):
    results = random_results(game, 60, seed=11)
    for result in results:
        apply_result(league, result)
    memory = fold(results)
    assert leaderboard(league, "classic", 0, 50) == leaderboard(memory, "classic", 0, 50)
    for player in ("p0", "p3", "bot:2"):
        assert profile(league, player, 20) == profile(memory, player, 20)
        assert league.ratings_of(player) == memory.ratings_of(player)
    assert game_rating_changes(league, "g7") == game_rating_changes(memory, "g7")
