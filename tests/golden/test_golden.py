"""The golden logs still verify and still end with the recorded totals and winners."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from make_golden import REQUIRED_COVERAGE, coverage

from domain.rules import build_ruleset
from service.logs.logfile import read_log
from service.logs.verify import verify_log

HERE = Path(__file__).parent
EXPECTED: dict[str, Any] = json.loads((HERE / "expected.json").read_text())


def test_every_golden_log_has_expected_results_and_every_preset_has_two() -> None:
    assert sorted(EXPECTED) == sorted(path.name for path in HERE.glob("*.jsonl"))
    presets = [entry["preset"] for entry in EXPECTED.values()]
    assert all(presets.count(p) >= 2 for p in ("basic", "palace", "duel", "classic"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_golden_log_replays_to_its_recorded_result(name: str) -> None:
    expected = EXPECTED[name]
    header, envelopes = read_log((HERE / name).read_bytes())
    assert header.ruleset == build_ruleset(expected["preset"], expected["overrides"])
    state = verify_log(header, envelopes)
    assert len(envelopes) == expected["events"]
    assert state.hand_number == expected["hands"]
    assert list(state.totals) == expected["totals"]
    assert list(state.winners) == expected["winners"]
    assert state.phase == "over"


def test_the_golden_logs_cover_the_rarer_paths_of_the_rules() -> None:
    covered: set[str] = set()
    for name in EXPECTED:
        covered |= coverage(read_log((HERE / name).read_bytes())[1])
    assert covered >= REQUIRED_COVERAGE, f"missing {sorted(REQUIRED_COVERAGE - covered)}"


def test_knocks_are_covered_by_palace_with_three_or_four_seats() -> None:
    for name, expected in EXPECTED.items():
        header, envelopes = read_log((HERE / name).read_bytes())
        if "knock" in coverage(envelopes):
            assert expected["preset"] == "palace" and header.ruleset.knocking
            assert header.seats in (3, 4)
            return
    pytest.fail("no golden log knocks")
