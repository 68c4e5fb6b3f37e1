"""The league simulation: its rank correlation, and a short run that prints its figures."""

from __future__ import annotations

import pytest

from service.tools.league_simulate import kendall_tau_b, main


def test_kendall_tau_b_is_one_for_the_same_order_and_minus_one_reversed():
    assert kendall_tau_b([1, 2, 3, 4], [10, 20, 30, 40]) == 1
    assert kendall_tau_b([4, 3, 2, 1], [10, 20, 30, 40]) == -1
    # One swap among four: 5 concordant pairs, 1 discordant.
    assert kendall_tau_b([1, 3, 2, 4], [1, 2, 3, 4]) == pytest.approx(4 / 6)
    # Two players of each level in the right order: the most tau-b allows with those ties.
    assert kendall_tau_b([1, 2, 3, 4], [1, 1, 2, 2]) == pytest.approx(4 / (4 * 6) ** 0.5)


def test_a_short_simulation_prints_the_ladder_and_the_bots(capsys):
    assert main(["--games", "3", "--seed", "1", "--seats", "2", "--per-level", "1", "--fast"]) == 0
    out = capsys.readouterr().out
    assert "mode=fast" in out and "| 3 |" in out
    assert out.count("| bot:") >= 2
    assert main(["--games", "0"]) == 2
