"""Seeding the bots' ratings from bot-versus-bot games (the ladder's), on the ladder people play.

A seeding game has bots only and `seeding` set; it counts for the bots and
nothing else (no abuse weights apply: the ladder plays as often as it
likes). The seeding results go through the same log as every other result,
so a rebuild replays them and the bots start from the same figures.

Seeding game `n` of a preset and seed is always the same game: its levels and
its deck come from `<preset>:<seed>:<n>`, its id is `seed-<preset>-<seed>-<n>`
and it is dated `START` plus `n` minutes. So whoever plays it (`rummy league
seed`, or a worker's low-priority seeding job) applies it at most once, and a
larger count adds only the games not played yet. With `fast` (a worker's
seeding games), level 4 stops at `FAST_ROLLOUTS` play-outs a move instead of
its time budget: the same game on any machine, and half a second a game.
Without it, level 4 searches its budget read on the thread's CPU clock, so a
busy machine or a low priority does not cut its search short. Levels 3 and
4 do not separate in bot games either way (the league README's seeding
figures). The league keeps whichever version of a game id was applied first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

import msgspec

from domain.bots import LEVELS
from domain.bots.search import DEFAULT_BUDGET_S
from domain.rules import build_ruleset
from service.app.bot_table import BotTable
from service.app.league.apply import apply_result
from service.app.league.eligibility import DEFAULT_POLICY, Policy
from service.app.league.ratings import Rating
from service.app.league.results import GameResult, Sitter, bot_id, is_bot_id, result_of_game
from service.app.league.settle import GameChange
from service.app.league.store import LeagueStore

__all__ = [
    "FAST_ROLLOUTS",
    "SEED",
    "START",
    "missing_seeding_games",
    "play_seeding_game",
    "seed_bot_ratings",
    "seeding_game_id",
    "seeding_levels",
    "seeding_result",
]

# The seed of the seeding games a worker plays by itself (and `rummy league seed`'s default).
SEED = 0
FAST_ROLLOUTS = 16
# Seeding games are dated from here, a minute apart: a rerun dates them the same.
START = datetime(2026, 1, 1, tzinfo=UTC)
# A budget no fast game reaches: its level 4 stops at FAST_ROLLOUTS play-outs.
_NO_TIME_LIMIT_S = 3600.0


def seed_bot_ratings(
    store: LeagueStore, results: Iterable[GameResult], policy: Policy = DEFAULT_POLICY
) -> dict[str, dict[str, Rating]]:
    """Apply bot-only results as seeding games; returns each touched
    ladder's bot ratings ({ladder: {"bot:3": rating}})."""
    seeded: dict[str, dict[str, Rating]] = {}
    for result in results:
        change = _apply_seeding(store, result, policy)
        for seat in change.seats:
            seeded.setdefault(change.ladder, {})[seat.player] = seat.after
    return seeded


def _apply_seeding(store: LeagueStore, result: GameResult, policy: Policy) -> GameChange:
    if any(seat.kind != "bot" or not is_bot_id(seat.player) for seat in result.seats):
        raise ValueError(f"{result.game_id}: a seeding game has bot seats (bot:N) only")
    return apply_result(store, msgspec.structs.replace(result, seeding=True), policy)


def seeding_game_id(preset: str, seed: int, number: int) -> str:
    return f"seed-{preset}-{seed}-{number}"


def _table_rng(preset: str, seed: int, number: int) -> random.Random:
    return random.Random(f"{preset}:{seed}:{number}")


def seeding_levels(preset: str, seed: int, number: int) -> list[int]:
    """The bot levels at seeding game `number`: one a seat of the preset's usual
    table (at most four seats), drawn from 1-4."""
    return _levels(_table_rng(preset, seed, number), preset)


def _levels(rng: random.Random, preset: str) -> list[int]:
    seats = min(4, max(build_ruleset(preset).players))
    return [rng.choice(LEVELS) for _ in range(seats)]


def seeding_result(preset: str, seed: int, number: int, fast: bool) -> GameResult:
    """The result of seeding game `number` of this preset and seed (the same every run)."""
    rng = _table_rng(preset, seed, number)
    levels = _levels(rng, preset)
    rollouts = FAST_ROLLOUTS if fast else None
    budget = _NO_TIME_LIMIT_S if fast else DEFAULT_BUDGET_S
    table = BotTable(
        build_ruleset(preset),
        levels,
        random.Random(rng.random()),
        budget,
        max_rollouts=rollouts,
        clock=time.thread_time,
    )
    table.play()
    sitters = [Sitter(player=bot_id(level), kind="bot") for level in levels]
    return result_of_game(
        seeding_game_id(preset, seed, number),
        preset,
        table.state,
        sitters,
        START + timedelta(minutes=number),
    )


def missing_seeding_games(store: LeagueStore, preset: str, seed: int, games: int) -> list[int]:
    """The numbers among seeding games 1 to `games` the league has not applied."""
    ids = {number: seeding_game_id(preset, seed, number) for number in range(1, games + 1)}
    applied = store.applied(list(ids.values())) if ids else set()
    return [number for number, game_id in ids.items() if game_id not in applied]


def play_seeding_game(
    store: LeagueStore, preset: str, seed: int, number: int, fast: bool = True
) -> GameChange | None:
    """Play seeding game `number` and apply it; None (nothing played) when the
    league has it already: a worker's restart or a second enqueue redoes nothing."""
    if store.applied([seeding_game_id(preset, seed, number)]):
        return None
    return _apply_seeding(store, seeding_result(preset, seed, number, fast), DEFAULT_POLICY)
