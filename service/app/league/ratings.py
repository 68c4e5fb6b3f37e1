"""OpenSkill (Plackett-Luce) ratings: one seat is one team, the places are the ranks.

The displayed rating is conservative: `mu - 3 sigma` (openskill's ordinal),
0 for a newcomer (mu 25, sigma 25/3), rising as games pin the player down.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
Z = 3.0

# Deterministic: rate() draws no random numbers, so a fold over the same
# results in the same order yields bit-identical figures.
_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


class Rating(msgspec.Struct, frozen=True):
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0  # counted games (a reduced weight still counts one)

    @property
    def displayed(self) -> float:
        return self.mu - Z * self.sigma


NEW_RATING = Rating()


def shown(value: float) -> float:
    """A figure as the API shows it (two decimals): leaderboard ranks tie on the
    displayed rating as shown, so two players showing 20.12 share a rank."""
    return round(value, 2)


def rate(
    players: Sequence[str],
    ratings: dict[str, Rating],
    seat_places: Sequence[int],
    weight: float = 1.0,
) -> dict[str, Rating]:
    """The new rating of each player after one game.

    Each seat is a team of one, ranked by its place (a shared place is a
    draw between those seats). `weight` < 1 moves each rating only that
    share of the way to its full update (the abuse policy's decay).
    A player holding several seats (two level-3 bots at one table) gets the
    mean of its seats' updates, so a bot is not rated twice for one game.
    """
    teams = [[_MODEL.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in players]
    rated = _MODEL.rate(teams, ranks=[float(place) for place in seat_places])
    updates: dict[str, list[tuple[float, float]]] = {}
    for player, (after,) in zip(players, rated, strict=True):
        updates.setdefault(player, []).append((after.mu, after.sigma))
    result = {}
    for player, seats in updates.items():
        before = ratings[player]
        mu = sum(m for m, _ in seats) / len(seats)
        sigma = sum(s for _, s in seats) / len(seats)
        result[player] = Rating(
            mu=before.mu + weight * (mu - before.mu),
            sigma=before.sigma + weight * (sigma - before.sigma),
            games=before.games + 1,
        )
    return result
