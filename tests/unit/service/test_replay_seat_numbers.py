"""The web replay names a step's seats as numbered at that step: before a start that
removed seats, as created (the table's seats now are closed up)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[3] / "service" / "http" / "static"


def _seat_now(log: list[dict[str, object]], version: int, seat: int) -> object:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    script = (
        f"import {{ seatNow }} from {json.dumps((STATIC / 'replay-words.js').as_uri())};\n"
        f"console.log(JSON.stringify(seatNow({json.dumps(log)}, {version}, {seat})));\n"
    )
    ran = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


LOG = [
    {"version": 1, "event": {"type": "game_started"}},
    {"version": 2, "event": {"type": "seat_claimed", "seat": 3, "claim": "abcdef01"}},
    {"version": 3, "event": {"type": "seat_left", "seat": 3}},
    {"version": 4, "event": {"type": "seat_claimed", "seat": 2, "claim": "abcdef02"}},
    {"version": 5, "event": {"type": "seats_removed", "seats": [1, 3]}},
    {"version": 6, "event": {"type": "hand_dealt", "hand_number": 1}},
]


@pytest.mark.parametrize(
    ("version", "seat", "now"),
    [(2, 3, None), (3, 3, None), (4, 2, 1), (4, 0, 0), (6, 1, 1), (7, 1, 1)],
)
def test_a_seat_before_the_removal_is_named_by_its_number_now(
    version: int, seat: int, now: int | None
) -> None:
    assert _seat_now(LOG, version, seat) == now


def test_a_table_that_removed_no_seat_keeps_its_numbers() -> None:
    assert _seat_now(LOG[:4], 4, 2) == 2
