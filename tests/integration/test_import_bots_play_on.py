"""An imported log (or a fork) that stops in the middle of a hand plays on: its bots' job is made.

The importer nudges the game once its last chunk is in (its chunks announce nothing):
that nudge must name who plays each seat, or the scheduler sees no bot to act and
makes no job. The game then waited for the reconciler's next round (a stall of up
to ~10 s under `rummy serve`, longer wherever the reconciler runs less often).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from workers_table import work, worker_app

from service.store.embedded_redis import EmbeddedRedis


def _finished_bot_game(client: Any, queue: Any) -> str:
    # Level 3: its hand is short (27 moves with this seed, where level 1 plays 120 to 260).
    bots = [{"kind": "bot", "level": 3}, {"kind": "bot", "level": 3}]
    created = client.post(
        "/games", json={"seats": bots, "rules": {"game_end": "hands:1"}, "seed": 5}
    )
    assert created.status_code == 201, created.text
    game_id: str = created.json()["game_id"]
    for _ in range(50):
        work(queue)
        if client.get(f"/games/{game_id}").json()["status"] == "finished":
            return game_id
    raise AssertionError("the bots did not finish the game")


@pytest.fixture(scope="module")
def finished(embedded_redis: EmbeddedRedis) -> Iterator[tuple[Any, Any, str]]:
    """The app and its queue, with one finished bot game (played once for the module's
    tests): (client, queue, game id)."""
    with worker_app(embedded_redis.url) as (client, queue):
        yield client, queue, _finished_bot_game(client, queue)


# Jobs the worker runs at most after a nudge: the nudged game's, and one left queued by a
# game nudged before it. Counted, not the whole queue: a whole queue is every bot move to
# the game's end.
JOBS_AFTER_A_NUDGE = 10


def _played_on(client: Any, queue: Any, game_id: str, version: int) -> bool:
    """Whether the queued jobs (run one at a time, a bounded count) play the game on."""
    for _ in range(JOBS_AFTER_A_NUDGE):
        if not work(queue, max_jobs=1):
            break
        if client.get(f"/games/{game_id}").json()["version"] > version:
            return True
    return False


def test_a_log_imported_in_mid_hand_is_played_on_by_its_bots(
    finished: tuple[Any, Any, str],
) -> None:
    client, queue, source = finished
    lines = client.get(f"/games/{source}/log").content.decode().splitlines()
    discard = next(
        number
        for number, line in enumerate(lines)
        if json.loads(line).get("event", {}).get("type") == "card_discarded"
    )
    # The header, the start, the deal, a draw: seat 0's bot is to meld or discard; and
    # up to its discard: seat 1's bot is to draw.
    for cut in (4, discard + 1):
        imported = client.post(
            "/games/import",
            content=("\n".join(lines[:cut]) + "\n").encode(),
            headers={"Content-Type": "application/x-ndjson"},
        )
        assert imported.status_code == 201, imported.text
        game_id, version = imported.json()["game_id"], imported.json()["version"]
        assert imported.json()["status"] == "active"
        assert _played_on(client, queue, game_id, version), f"cut at {cut}: no bot played on"


def test_a_fork_in_mid_hand_is_played_on_by_its_bots(finished: tuple[Any, Any, str]) -> None:
    # A fork is stored as an import is, and nudged the same way.
    client, queue, source = finished
    forked = client.post(f"/games/{source}/fork", json={"version": 3, "deck": "keep"})
    assert forked.status_code == 201, forked.text
    game_id, version = forked.json()["game_id"], forked.json()["version"]
    assert _played_on(client, queue, game_id, version)
