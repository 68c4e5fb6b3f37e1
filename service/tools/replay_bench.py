"""`python -m service.tools.replay_bench`: how long replay and verification of a log take."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from domain.game import replay
from domain.rules import build_ruleset
from service.app.envelope import Envelope
from service.logs.logfile import LogHeader, read_log, write_log
from service.logs.verify import verify_log
from service.tools.simulated_logs import simulated_log


def thousand_event_log(preset: str, seats: int, events: int) -> tuple[LogHeader, list[Envelope]]:
    """The first simulated game of at least `events` events (hands are added until it is)."""
    ruleset = build_ruleset(preset, {"game_end": "hands:99"})
    hands = 1
    while True:
        header, envelopes = simulated_log(ruleset, seats, seed=hands, max_hands=hands)
        if len(envelopes) >= events:
            return header, envelopes
        hands += 1


def best_ms(work: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="basic")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    header, envelopes = thousand_event_log(args.preset, args.seats, args.events)
    data = write_log(header, envelopes)
    events = [envelope.event for envelope in read_log(data)[1]]
    print(f"log: preset={args.preset} seats={args.seats} events={len(envelopes)} bytes={len(data)}")
    print(f"decode (read_log)   {best_ms(lambda: read_log(data)):8.2f} ms")
    print(f"replay              {best_ms(lambda: replay(events)):8.2f} ms")
    print(f"verify_log          {best_ms(lambda: verify_log(header, envelopes)):8.2f} ms")


if __name__ == "__main__":
    main()
