"""Seeding the bots' ratings from bot-versus-bot games (the ladder's), on the ladder people play.

A seeding game has bots only and `seeding` set; it counts for the bots and
nothing else (no abuse weights apply: the ladder plays as often as it
likes). The seeding results go through the same log as every other result,
so a rebuild replays them and the bots start from the same figures.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from service.app.league.apply import apply_result
from service.app.league.eligibility import DEFAULT_POLICY, Policy
from service.app.league.ratings import Rating
from service.app.league.results import GameResult, is_bot_id
from service.app.league.store import LeagueStore


def seed_bot_ratings(
    store: LeagueStore, results: Iterable[GameResult], policy: Policy = DEFAULT_POLICY
) -> dict[str, dict[str, Rating]]:
    """Apply bot-only results as seeding games; returns each touched
    ladder's bot ratings ({ladder: {"bot:3": rating}})."""
    seeded: dict[str, dict[str, Rating]] = {}
    for result in results:
        if any(seat.kind != "bot" or not is_bot_id(seat.player) for seat in result.seats):
            raise ValueError(f"{result.game_id}: a seeding game has bot seats (bot:N) only")
        change = apply_result(store, msgspec.structs.replace(result, seeding=True), policy)
        for seat in change.seats:
            seeded.setdefault(change.ladder, {})[seat.player] = seat.after
    return seeded
