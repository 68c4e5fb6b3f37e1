"""Simulated game logs shared by the replay tests."""

from __future__ import annotations

import pytest

from domain.rules import build_ruleset
from service.app.envelope import Envelope
from service.logs.logfile import LogHeader
from service.tools.simulated_logs import simulated_log


@pytest.fixture(scope="session")
def basic_log() -> tuple[LogHeader, list[Envelope]]:
    """A finished two-hand basic game for three seats, deals committed and revealed."""
    return simulated_log(build_ruleset("basic", {"game_end": "hands:2"}), 3, seed=7)
