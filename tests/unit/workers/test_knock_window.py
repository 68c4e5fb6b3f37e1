"""The knock window: when the bot next to play waits before it draws, and for how long."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.rules import build_ruleset
from domain.state import GameState
from service.app.control import waits_for_knocks
from service.runtime.settings import KNOCK_WINDOW_S, settings_from_env
from service.tools.simulation import play_game
from workers.schedule import SCHEDULER_SLACK_S, knock_window_end

DISCARDED_AT = "2026-12-01T10:00:00.000+00:00"


def _after_a_discard(knocking: bool) -> GameState:
    """A three-seat palace game just after a discard (seat `knock_from` discarded,
    `turn` is next to play, the third seat neither)."""
    ruleset = build_ruleset("palace", {"knocking": knocking})
    for _, _, _, state in play_game(ruleset, 3, seed=5, max_hands=1):
        if state.phase == "draw" and state.knock_from is not None:
            return state
    raise AssertionError("no discard")


def _seats(state: GameState) -> tuple[int, int, int]:
    """(the discarder, the next to play, the third seat)."""
    turn = state.turn
    discarder = (turn - 1) % 3
    return discarder, turn, ({0, 1, 2} - {discarder, turn}).pop()


def test_the_bot_next_to_play_waits_while_a_human_seat_may_knock() -> None:
    state = _after_a_discard(knocking=True)
    discarder, turn, third = _seats(state)
    assert waits_for_knocks(state, {turn: 2})  # both others human: the third may knock
    assert waits_for_knocks(state, {turn: 2, discarder: 2})
    # The third seat is a bot: the only human left discarded, and nobody knocks for their own.
    assert not waits_for_knocks(state, {turn: 2, third: 2})
    assert not waits_for_knocks(state, {0: 1, 1: 1, 2: 1})  # bots only
    assert not waits_for_knocks(state, {third: 2})  # a human is next: no bot draws now
    assert not waits_for_knocks(state, {})


def test_no_knocking_no_wait() -> None:
    state = _after_a_discard(knocking=False)
    _, turn, _ = _seats(state)
    assert not waits_for_knocks(state, {turn: 2})


def test_the_window_counts_from_the_discard_and_fits_in_a_turn_time_limit() -> None:
    state = _after_a_discard(knocking=True)
    _, turn, _ = _seats(state)
    bot = {turn: 2}
    discarded = datetime.fromisoformat(DISCARDED_AT)
    end = knock_window_end(state, bot, since=DISCARDED_AT, window_s=3)
    assert end == discarded + timedelta(seconds=3)
    assert knock_window_end(state, bot, since=DISCARDED_AT, window_s=0) is None  # off
    # A turn time limit leaves room for rq's lateness and the bot's turn; too short: no window.
    limited = knock_window_end(state, bot, since=DISCARDED_AT, window_s=3, turn_time_limit_s=6)
    assert limited == discarded + timedelta(seconds=6 - 2 * SCHEDULER_SLACK_S)
    long_limit = knock_window_end(state, bot, since=DISCARDED_AT, window_s=3, turn_time_limit_s=60)
    assert long_limit == end
    short = knock_window_end(state, bot, since=DISCARDED_AT, window_s=3, turn_time_limit_s=4)
    assert short is None
    started = datetime.now(UTC)
    from_now = knock_window_end(state, bot, since=None, window_s=3)
    assert from_now is not None and from_now - started >= timedelta(seconds=3)


@pytest.mark.parametrize("window_s", [3.0, 0.0])
def test_without_a_human_able_to_knock_there_is_no_window(window_s: float) -> None:
    state = _after_a_discard(knocking=True)
    levels = {0: 1, 1: 1, 2: 1}
    assert knock_window_end(state, levels, since=DISCARDED_AT, window_s=window_s) is None


def test_the_window_is_a_setting_three_seconds_by_default() -> None:
    assert settings_from_env({}).knock_window_s == KNOCK_WINDOW_S == 3
    assert settings_from_env({"KNOCK_WINDOW_S": "0"}).knock_window_s == 0
    assert settings_from_env({"KNOCK_WINDOW_S": "1.5"}).knock_window_s == 1.5
