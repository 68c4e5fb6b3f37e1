"""Experience points: earned by every finished hand and game, rated or not.

A human seat earns `HAND_XP` (10) for each hand it finished having made a
move of its own in it (a bot's or the timer's moves earn nothing), and, when
the game ended normally, the seat did not resign and it played a hand itself,
`GAME_XP` (20) for seeing it through plus `BEATEN_XP` (5) for each seat it
placed ahead of. A four-seat game of three hands won outright: 30 + 20 + 15 =
65; last place: 50. Abandoned games and resigned seats keep their hands'
points. A seat handed to a bot is last: its own hands and the game's 20,
nothing for seats behind; handed over before its first move, nothing at all.
Hands are credited when the game ends or is abandoned (the league
applies a game's result then), never while it is played. Training
tables (`rated: false`), stacked decks and every other game the ratings
ignore earn the same: experience measures time at the table, not skill, so
no abuse rule applies to it. Bots earn none. A player holding several seats
(a hot-seat table, which does not count for ratings: `two_seats_one_player`)
is credited once for the game, for their best seat (the one earning the most,
the first on a tie); their other seats earn 0, so the game's rating changes
and the player's profile show the points credited.
"""

from __future__ import annotations

from service.app.league.results import GameResult, places

HAND_XP = 10
GAME_XP = 20
BEATEN_XP = 5


def experience(result: GameResult) -> tuple[int, ...]:
    """The points each seat earns from this game (0 for bot seats)."""
    finished = result.ending == "ended"
    seat_places = places(result)
    gained = []
    for seat, place in zip(result.seats, seat_places, strict=True):
        if seat.kind != "human":
            gained.append(0)
            continue
        points = HAND_XP * seat.hands
        # A player who made no move of their own did not see the game through.
        if finished and not seat.resigned and seat.hands > 0:
            beaten = sum(1 for other in seat_places if other > place)
            points += GAME_XP + BEATEN_XP * beaten
        gained.append(points)
    return _once_a_player(result, gained)


def _once_a_player(result: GameResult, gained: list[int]) -> tuple[int, ...]:
    """Each player's points on their best seat only (the first best on a tie)."""
    best: dict[str, int] = {}
    for index, seat in enumerate(result.seats):
        if seat.kind == "human" and gained[index] > gained[best.setdefault(seat.player, index)]:
            best[seat.player] = index
    return tuple(
        points if seat.kind != "human" or best[seat.player] == index else 0
        for index, (seat, points) in enumerate(zip(result.seats, gained, strict=True))
    )
