"""Whether a game counts for the ratings, and with what weight (the abuse policy).

A game counts when it ended normally, is rated, is not stacked, and has at
least two human players (each holding one seat). An abandoned game never
counts. A bot-only game counts only as a seeding game (the ladder's, see
`seeding.py`), and then for the bots alone.

Abuse:
- **Fresh guests.** A game does not count when some human seat's human
  opponents are all guests created less than `fresh_guest` (one hour) before
  the game ended: a player cannot farm a rating off accounts made for it. A
  table of two regulars and a fresh guest still counts (each regular faces a
  regular); bots are not opponents for this rule, since a bot cannot be made
  on purpose to lose.
- **Same players, many games a day.** The first `full_weight_games` (5)
  counted games of one set of humans in one UTC day count in full; each one
  past that counts at half the weight of the one before (the 6th at 1/2, the
  7th at 1/4, ...): friends playing all evening still move, but trading wins
  pays little. The set is the humans' ids (bots excluded), so a pair meets
  the limit whatever bots sit with them.
"""

from __future__ import annotations

from datetime import UTC, timedelta
from typing import Literal

import msgspec

from service.app.league.results import GameResult

Reason = Literal[
    "counted",
    "abandoned",
    "unrated",
    "stacked",
    "too_few_humans",
    "two_seats_one_player",
    "fresh_guests",
    "bot_only",
]

# A stable code for each reason a game does not count, for the rating-change view.
REASONS: dict[str, str] = {
    "counted": "The game counts for the ladder.",
    "abandoned": "The game did not end normally.",
    "unrated": "A training table (`rated: false`): experience only.",
    "stacked": "The deck was chosen (`seed` or `deck`): its creator knew the hands.",
    "too_few_humans": "Fewer than two human players.",
    "two_seats_one_player": "A player held two seats.",
    "fresh_guests": "A player's only human opponents were guests made within the hour.",
    "bot_only": "Bots only, outside the seeding ladder.",
}


class Policy(msgspec.Struct, frozen=True, kw_only=True):
    full_weight_games: int = 5
    decay: float = 0.5
    fresh_guest: timedelta = timedelta(hours=1)


DEFAULT_POLICY = Policy()


class Counting(msgspec.Struct, frozen=True):
    """Whether the game counts (`weight` > 0), why, and how much."""

    reason: Reason
    weight: float

    @property
    def counted(self) -> bool:
        return self.reason == "counted" and self.weight > 0


def humans(result: GameResult) -> list[str]:
    return [seat.player for seat in result.seats if seat.kind == "human"]


def group_key(result: GameResult) -> str:
    """The set of humans at the table, as one key (bots excluded)."""
    return ",".join(sorted(set(humans(result))))


def day_key(result: GameResult) -> str:
    """The UTC day the game ended on."""
    return result.ended_at.astimezone(UTC).date().isoformat()


def refusal(result: GameResult, policy: Policy = DEFAULT_POLICY) -> Reason | None:
    """Why the game does not count at all, or None when it is eligible."""
    if result.ending != "ended":
        return "abandoned"
    if not result.rules.rated:
        return "unrated"
    if result.stacked:
        return "stacked"
    players = humans(result)
    if not players:
        return None if result.seeding else "bot_only"
    if len(set(players)) < len(players):
        return "two_seats_one_player"
    if len(players) < 2:
        return "too_few_humans"
    if _farms_fresh_guests(result, policy):
        return "fresh_guests"
    return None


def _farms_fresh_guests(result: GameResult, policy: Policy) -> bool:
    fresh = {
        seat.player
        for seat in result.seats
        if seat.kind == "human"
        and seat.guest
        and seat.guest_created_at is not None
        and result.ended_at - seat.guest_created_at < policy.fresh_guest
    }
    players = humans(result)
    return any(all(other in fresh for other in players if other != me) for me in players)


def counting(
    result: GameResult, same_group_today: int, policy: Policy = DEFAULT_POLICY
) -> Counting:
    """`same_group_today`: eligible games of this set of humans already applied this UTC day."""
    reason = refusal(result, policy)
    if reason is not None:
        return Counting(reason, 0.0)
    if result.seeding:
        return Counting("counted", 1.0)
    past_limit = same_group_today + 1 - policy.full_weight_games
    weight = policy.decay ** max(0, past_limit)
    return Counting("counted", weight)
