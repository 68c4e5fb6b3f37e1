"""`python -m service.tools.league_rebuild_race`: `rummy league rebuild`'s fold and swap on
an embedded Redis while another thread applies games steadily.

Applies `--results` four-seat games among `--results / 5` players, then rebuilds
the league while a thread applies one more game every `--every-ms` (after its
own commit), and prints how long the rebuild took, the swaps it tried and the
games applied meanwhile, or the LeagueBusy it gave up with. Only the league's
public functions are used, so the same file run against an older tree
(`PYTHONPATH=<that tree> python service/tools/league_rebuild_race.py`)
measures that tree's rebuild.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from service.app.league.apply import LeagueBusy, apply_result, rebuild
from service.app.league.records_store import open_league_store
from service.app.league.results import GameResult, RuleFacts, SeatResult
from service.app.league.store import InMemoryLeagueStore
from service.store.embedded_redis import EmbeddedRedis


def games(count: int, players: int, seed: int) -> Iterator[GameResult]:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(count):
        seats = rng.sample(range(players), 4)
        yield GameResult(
            game_id=f"g{seed}-{number}",
            preset="basic",
            rules=RuleFacts(),
            ending="ended",
            ended_at=start + timedelta(minutes=number),
            seats=tuple(
                SeatResult(player=f"p{seat}", total=rng.randint(0, 60), hands=3) for seat in seats
            ),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=5000, help="games in the league first")
    parser.add_argument(
        "--every-ms", type=float, default=20.0, help="pause after each racing commit"
    )
    args = parser.parse_args()
    players = max(4, args.results // 5)
    with EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis") as server:
        league, racer = open_league_store(server.url), open_league_store(server.url)
        for result in games(args.results, players, seed=1):
            apply_result(league, result)
        swaps: list[int] = []
        replace = league.replace_figures

        def counted(position: int, folded: InMemoryLeagueStore) -> bool:
            swaps.append(position)
            return replace(position, folded)

        league.replace_figures = counted  # type: ignore[method-assign]
        done, raced = threading.Event(), []

        def race() -> None:
            for result in games(1_000_000, players, seed=2):
                if done.is_set():
                    return
                apply_result(racer, result)
                raced.append(result.game_id)
                time.sleep(args.every_ms / 1000)

        thread = threading.Thread(target=race)
        thread.start()
        started = time.perf_counter()
        try:
            outcome = f"rebuilt from {rebuild(league)} results"
        except LeagueBusy as busy:
            outcome = f"LeagueBusy: {busy}"
        finally:
            done.set()
            thread.join()
            league.close()
            racer.close()
        print(
            f"{args.results} games, a commit every ~{args.every_ms:g} ms: {outcome} in "
            f"{time.perf_counter() - started:.1f} s, {len(swaps)} swaps tried, "
            f"{len(raced)} games applied meanwhile"
        )


if __name__ == "__main__":
    main()
