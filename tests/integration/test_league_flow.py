"""The league at game end, through the API and an rq worker on a real Redis: the job
runs once per game, a rerun changes nothing, the reconciler catches a job that never ran."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from league_results import TIED, ladder_with_a_tie, regular_player
from redis.asyncio import Redis
from workers_table import auth, work, worker_app

from service.app.games import GameService
from service.app.league.records_store import open_league_store
from service.store import RedisEventStore
from service.store.embedded_redis import EmbeddedRedis
from workers.jobs import league_result
from workers.queue import league_job_id, open_queue
from workers.reconcile import reconcile
from workers.schedule import TurnScheduler

# Duels played to their end: handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow


def _play_out(client: Any, queue: Any, game_id: str) -> None:
    for _ in range(80):
        if not work(queue):
            break
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished", summary["view"]


def _bot_game(client: Any) -> str:
    seats = [{"kind": "bot", "level": 1}, {"kind": "bot", "level": 3}]
    created = client.post(
        "/games", json={"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}}
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    return game_id


def test_a_finished_game_gets_its_league_result_once(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id = _bot_game(client)
        assert client.get(f"/games/{game_id}/ratings").json()["code"] == "game_in_progress"
        _play_out(client, queue, game_id)
        ratings = client.get(f"/games/{game_id}/ratings")
        assert ratings.status_code == 200, ratings.text
        body = ratings.json()
        # Bots alone, outside the seeding ladder: shown, not counted.
        assert (body["counted"], body["reason"]) == (False, "bot_only")
        assert [seat["player"] for seat in body["seats"]] == ["bot:1", "bot:3"]
        assert all(seat["rating_change"] == 0 for seat in body["seats"])
        league = open_league_store(embedded_redis.url)
        try:
            figures = league.figures()
            # The job again (a second enqueue, a worker that died after its commit).
            assert league_result(game_id) == "bot_only"
            assert league.figures() == figures
            assert [r.game_id for r in league.results()] == [game_id]
        finally:
            league.close()


def test_human_seats_of_no_player_are_left_out(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        created = client.post(
            "/games",
            json={
                "seats": [{"kind": "human"}, {"kind": "bot", "level": 2}],
                "preset": "duel",
                "rules": {"game_end": "hands:1"},
            },
        ).json()
        game_id = created["game_id"]
        handed = client.post(
            f"/games/{game_id}/seats/0/bot", json={"level": 1}, headers=auth(created["tokens"]["0"])
        )
        assert handed.status_code == 200, handed.text
        _play_out(client, queue, game_id)
        body = client.get(f"/games/{game_id}/ratings").json()
        # Seat 0 was taken with a bare seat token: nobody the league can credit, yet a
        # person played: too few humans, not a game of bots alone.
        assert body["reason"] == "too_few_humans"
        assert [(seat["seat"], seat["player"]) for seat in body["seats"]] == [(1, "bot:2")]
        assert client.get("/leaderboards/duel").json()["total"] == 0


@contextmanager
def _a_finished_game_the_league_missed(
    embedded_redis: EmbeddedRedis,
) -> Iterator[tuple[Any, Any, str, Any]]:
    """A finished bot game whose league result is gone, as if its job never ran:
    (client, queue, game id, league store)."""
    with worker_app(embedded_redis.url) as (client, queue):
        game_id = _bot_game(client)
        _play_out(client, queue, game_id)
        league = open_league_store(embedded_redis.url)
        try:
            league.clear()
            assert client.get(f"/games/{game_id}/ratings").json()["code"] == (
                "league_result_pending"
            )
            yield client, queue, game_id, league
        finally:
            league.close()


def test_the_reconciler_enqueues_a_finished_game_the_league_missed(
    embedded_redis: EmbeddedRedis,
) -> None:
    with _a_finished_game_the_league_missed(embedded_redis) as (client, queue, game_id, league):

        async def run() -> int:
            redis = Redis.from_url(embedded_redis.url)
            jobs = open_queue(embedded_redis.url)
            try:
                store = RedisEventStore(redis)
                scheduler = TurnScheduler(store, jobs)
                counts = await reconcile(GameService(store), store, scheduler, league)
                again = await reconcile(GameService(store), store, scheduler, league)
                assert again.league_jobs == 0  # queued already: not twice
                return counts.league_jobs
            finally:
                await redis.aclose()
                jobs.connection.close()

        assert asyncio.run(run()) == 1
        assert league_job_id(game_id) in queue.get_job_ids()
        work(queue)
        assert client.get(f"/games/{game_id}/ratings").json()["reason"] == "bot_only"
        assert league.applied([game_id]) == {game_id}


def test_an_imported_finished_game_is_stacked(embedded_redis: EmbeddedRedis) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id = _bot_game(client)
        _play_out(client, queue, game_id)
        log = client.get(f"/games/{game_id}/log")
        assert log.status_code == 200, log.text
        imported = client.post(
            "/games/import", content=log.content, headers={"content-type": "application/x-ndjson"}
        )
        assert imported.status_code == 201, imported.text
        copy = imported.json()["game_id"]
        work(queue)
        body = client.get(f"/games/{copy}/ratings").json()
        # Whoever wrote the log knew every hand: it never counts.
        assert (body["counted"], body["reason"]) == (False, "stacked")


def _table_of_ann_and_bob(client: Any, **body: Any) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A rated duel of one hand between two regulars: Ann in seat 0, Bob in seat 1."""
    ann, bob = regular_player(client, "Ann"), regular_player(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]
    created = client.post(
        "/games",
        json={"seats": seats, "preset": "duel", "rules": {"game_end": "hands:1"}, **body},
        headers=auth(ann["token"]),
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    claimed = client.post(f"/games/{game_id}/seats/1", headers=auth(bob["token"]))
    assert claimed.status_code == 201, claimed.text
    return game_id, ann, bob


def _draw_and_discard_to_the_end(
    client: Any, queue: Any, game_id: str, seat: int, token: str
) -> None:
    """The seat draws from the stock and discards, never melding (so never goes out);
    the worker plays every other move, timers included."""
    for _ in range(3000):
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        if view["phase"] == "over":
            work(queue)  # the league's job, when this seat's own move ended the game
            return
        if view["turn"] != seat or view["controllers"][seat]["kind"] != "human":
            if not work(queue):
                time.sleep(0.05)  # a turn's deadline still to come
            continue
        legal = view["legal_commands"]
        kind = "draw" if view["phase"] == "draw" else "discard"
        command = next(
            c for c in legal if c["type"] == kind and c.get("source", "stock") == "stock"
        )
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def _ratings_by_name(client: Any, game_id: str) -> dict[str, Any]:
    body = client.get(f"/games/{game_id}/ratings").json()
    assert (body["counted"], body["reason"]) == (True, "counted"), body
    return {seat["name"]: seat for seat in body["seats"]}


def test_a_resigned_player_takes_the_last_place_of_a_rated_game(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, ann, bob = _table_of_ann_and_bob(client)
        # Bob gives up at once (a bot plays his seat on); Ann plays hers.
        resigned = client.post(f"/games/{game_id}/resign", headers=auth(bob["token"]))
        assert resigned.status_code == 200, resigned.text
        _draw_and_discard_to_the_end(client, queue, game_id, 0, ann["token"])
        seats = _ratings_by_name(client, game_id)
        assert (seats["Ann"]["place"], seats["Bob"]["place"]) == (1, 2)
        # Bob finished no hand before resigning, and resigning earns no game points.
        assert seats["Bob"]["experience"] == 0 and seats["Ann"]["experience"] == 35
        board = client.get("/leaderboards/duel").json()["entries"]
        assert [entry["name"] for entry in board] == ["Ann", "Bob"]


def test_a_seat_handed_to_a_bot_takes_the_last_place_whatever_the_bot_scored(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url) as (client, queue):
        game_id, ann, bob = _table_of_ann_and_bob(client)
        handed = client.post(
            f"/games/{game_id}/seats/0/bot", json={"level": 3}, headers=auth(ann["token"])
        )
        assert handed.status_code == 200, handed.text
        # Bob never goes out: the bot playing Ann's seat scores at least as much.
        _draw_and_discard_to_the_end(client, queue, game_id, 1, bob["token"])
        totals = client.get(f"/games/{game_id}").json()["view"]["totals"]
        assert totals[0] >= totals[1]
        seats = _ratings_by_name(client, game_id)
        assert (seats["Ann"]["place"], seats["Bob"]["place"]) == (2, 1)
        assert seats["Bob"]["rating_change"] > seats["Ann"]["rating_change"]
        # Ann made no move of her own: the bot's hand earns her no experience.
        assert seats["Ann"]["experience"] == 0 and seats["Bob"]["experience"] == 35


def test_a_seat_on_autopilot_after_timeouts_keeps_the_place_its_total_gives(
    embedded_redis: EmbeddedRedis,
) -> None:
    with worker_app(embedded_redis.url, timeouts_before_bot=1) as (client, queue):
        game_id, ann, bob = _table_of_ann_and_bob(client, turn_time_limit_s=1)
        # Ann never acts: her first turn times out, then a level-2 bot plays her seat.
        _draw_and_discard_to_the_end(client, queue, game_id, 1, bob["token"])
        assert _ratings_by_name(client, game_id)["Ann"]["experience"] == 0
        events = client.get(f"/games/{game_id}/events", params={"after": 0}).json()["events"]
        controls = [e["event"] for e in events if e["event"]["type"] == "seat_control_changed"]
        assert [(c["seat"], c["reason"], c["level"]) for c in controls] == [(0, "timeouts", 2)]
        seats = _ratings_by_name(client, game_id)
        assert (seats["Ann"]["place"], seats["Bob"]["place"]) in ((1, 2), (1, 1))


def test_a_leaderboard_page_inside_a_tie_of_ten_thousand_answers(
    embedded_redis: EmbeddedRedis,
) -> None:
    # Was a 500: the page's script loaded the whole tie and Lua refused to unpack it.
    with worker_app(embedded_redis.url) as (client, _):
        league = open_league_store(embedded_redis.url)
        try:
            assert league.replace_figures(0, ladder_with_a_tie())
        finally:
            league.close()
        page = client.get("/leaderboards/basic", params={"offset": 5000, "limit": 100})
        assert page.status_code == 200, page.text
        assert page.json()["total"] == TIED + 5
        assert {entry["rank"] for entry in page.json()["entries"]} == {3}


def test_a_page_waiting_for_a_pending_result_gets_it_without_a_refusal(
    embedded_redis: EmbeddedRedis,
) -> None:
    with _a_finished_game_the_league_missed(embedded_redis) as (client, _, game_id, _):
        answers: list[Any] = []
        asking = threading.Thread(
            target=lambda: answers.append(client.get(f"/games/{game_id}/ratings?wait=15"))
        )
        asking.start()
        time.sleep(0.5)
        assert league_result(game_id) == "bot_only"  # the worker, while the page waits
        asking.join(30)
        assert answers and answers[0].status_code == 200, answers
        assert answers[0].json()["reason"] == "bot_only"
