"""`python -m service.tools.slow_clients` against a real `rummy serve`: every slow
connection is closed by the server, and /health answers meanwhile."""

from __future__ import annotations

import pytest

from service.tools.slow_clients import main


def test_the_tool_sees_every_slow_connection_closed(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--connections", "30", "--header-timeout", "1", "--body-timeout", "2"]
    assert main([*arguments, "--measure-s", "0.5", "--grace", "30"]) == 0
    printed = capsys.readouterr().out
    assert "/health while they are open:" in printed and " p99 " in printed
    assert "30 of 30" in printed
