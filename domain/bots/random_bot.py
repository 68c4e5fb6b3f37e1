"""Level 1: a random legal play, a kind of command first, then one of that kind."""

from __future__ import annotations

from domain.bots.chance import Chance
from domain.commands import PlayerCommand
from domain.views import SeatView


def choose_random(view: SeatView, rng: Chance) -> PlayerCommand | None:
    """Uniform over the kinds of command on offer, then over that kind's commands.

    Picking a kind first keeps the bot from melding forever when melds
    outnumber discards. Out of turn (only a knock on offer) it knocks half the time.
    """
    legal = view.legal_commands
    if not legal:
        return None
    if view.turn != view.seat:
        return legal[0] if rng.random() < 0.5 else None
    kinds: dict[str, list[PlayerCommand]] = {}
    for command in legal:
        kinds.setdefault(type(command).__name__, []).append(command)
    kind = rng.choice(sorted(kinds))
    return rng.choice(kinds[kind])
