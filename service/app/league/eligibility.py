"""Whether a game counts for the ratings, and with what weight (the abuse policy).

A game counts when it ended normally, is rated, is not stacked, and has at
least one human player (each holding one seat) and at least two players the
league knows: one person against bots counts, since the bots hold ratings on
the same ladder and move with the games they play against people (a newcomer
reaches the leaderboard with one finished game against a bot). An abandoned
game never counts. A bot-versus-bot game counts only as a seeding game (the
ladder's, see `seeding.py`), and then for the bots alone; a game whose human
seats were all taken with bare seat tokens (nobody the league knows, left out
of the result) is not bot-versus-bot: it has too few humans.

Abuse:
- **Fresh accounts.** A game does not count when some human seat's human
  opponents are all accounts (guests or named players alike) created less
  than `fresh_account` (one hour) before the game ended. Why every account,
  not only guests: an account costs nothing (`POST /players` with a name
  needs no password or address, exactly like a guest), so its age is the
  only price a farmer pays for an opponent made to lose. A table of two
  regulars and a fresh account still counts (each regular faces a regular);
  the rule is about accounts, not bots: a bot cannot be made on purpose to
  lose, so a person whose only opponents are bots is not refused, fresh or
  not, while a bot at the table does not hide fresh human opponents.
- **Same players, many games a day.** The first `full_weight_games` (5)
  counted games of one set of humans in one UTC day count in full; each one
  past that counts at half the weight of the one before (the 6th at 1/2, the
  7th at 1/4, ...): friends playing all evening still move, but trading wins
  pays little. The set is the humans' ids (bots excluded), so a pair meets
  the limit whatever bots sit with them, and one person playing bots all day
  is a set of one: past 5 games a day their games count less.

What neither rule stops: a farmer who makes throwaway accounts ahead of time
and, once each is over an hour old, beats a different one every game. Each
game is a new set of humans (no decay) against an account old enough to
count. OpenSkill's gains shrink as the farmer's mu climbs past the
newcomers' 25, but slowly: 20 two-seat wins over newcomers lift a displayed
rating from 0 to about 28 (above level 4 after 100 simulated games), 100 to
about 46.
Stopping it needs a real cost per account (creation is only rate-limited,
per client address: `RATE_LIMIT_CREATE`, 60 a minute by default), such as a
verified address, or weighing opponents by their history (a win over an
account that has never won anything counting less).
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
    "fresh_accounts",
    "bot_only",
]

# A stable code for each reason a game does not count, for the rating-change view.
REASONS: dict[str, str] = {
    "counted": "The game counts for the ladder.",
    "abandoned": "The game did not end normally.",
    "unrated": "A training table (`rated: false`): experience only.",
    "stacked": "The deck was chosen (`seed` or `deck`): its creator knew the hands.",
    "too_few_humans": "No person the league knows, or nobody else it knows, at the table (a "
    "seat taken with a bare seat token is nobody's).",
    "two_seats_one_player": "A player held two seats.",
    "fresh_accounts": "A player's only human opponents were accounts made within the hour.",
    "bot_only": "Bots against bots only, outside the seeding ladder.",
}

# Changes recorded before the fresh-account rule covered named accounts say
# `fresh_guests`: still read, and served under today's code.
StoredReason = Reason | Literal["fresh_guests"]


def current_reason(reason: StoredReason) -> Reason:
    return "fresh_accounts" if reason == "fresh_guests" else reason


class Policy(msgspec.Struct, frozen=True, kw_only=True):
    full_weight_games: int = 5
    decay: float = 0.5
    fresh_account: timedelta = timedelta(hours=1)


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
    if not players and not result.left_out:
        return None if result.seeding else "bot_only"
    if len(set(players)) < len(players):
        return "two_seats_one_player"
    if not players or len(result.seats) < 2:
        return "too_few_humans"
    if _farms_fresh_accounts(result, policy):
        return "fresh_accounts"
    return None


def _farms_fresh_accounts(result: GameResult, policy: Policy) -> bool:
    fresh = {
        seat.player
        for seat in result.seats
        if seat.kind == "human"
        and (created := seat.account_created_at) is not None
        and result.ended_at - created < policy.fresh_account
    }
    players = humans(result)
    # Bots are no one's account: a person facing only bots has no human opponent to farm.
    opponents = ([other for other in players if other != me] for me in players)
    return any(them and all(other in fresh for other in them) for them in opponents)


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
