"""An envelope's time reads as `datetime.isoformat(timespec="milliseconds")` of the same instant."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from service.app import envelope
from service.app.envelope import now


@pytest.mark.parametrize("seed", range(3))
def test_now_reads_as_isoformat_of_the_same_instant(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    instants = [0, 999_999, 1_000_000, 1_796_524_313_999_999, 4_102_444_799_999_999]
    instants += [rng.randrange(0, 4_102_444_800_000_000) for _ in range(2000)]
    for micros in instants:
        monkeypatch.setattr(envelope.time, "time_ns", lambda micros=micros: micros * 1000 + 999)
        moment = datetime.fromtimestamp(micros // 1_000_000, UTC).replace(
            microsecond=micros % 1_000_000
        )
        assert now() == (moment.isoformat(timespec="milliseconds"), moment.timestamp()), micros
