"""What a fork keeps of its source: the events up to the fork's version (with a hand
boundary's reveal and, for `keep`, the next deal), and the salts of hands still hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from domain.events import DeckRevealed, HandDealt
from domain.game import evolve
from domain.state import GameState
from service.app.envelope import Envelope
from service.app.errors import ServiceError
from service.logs.verify import states_at

__all__ = ["fork_prefix", "unrevealed_salts"]


def fork_prefix(
    source: Sequence[Envelope], version: int, deck: Literal["keep", "reshuffle"]
) -> tuple[list[Envelope], GameState]:
    """The source's events a fork at `version` keeps, and the state after them."""
    *_, (_, state) = states_at(source[:version])
    if state.phase == "over":
        raise ServiceError(
            "invalid_fork_version", f"the game is over at version {version}", version=version
        )
    end = version
    if state.phase == "deal":
        # A hand boundary: the ended hand's reveal comes along, and `keep` takes
        # the source's next deal too, so the deck order is kept.
        kept = (DeckRevealed, HandDealt) if deck == "keep" else (DeckRevealed,)
        while end < len(source) and isinstance(source[end].event, kept):
            end += 1
    elif deck == "reshuffle":
        raise ServiceError(
            "invalid_fork_version",
            "a reshuffle forks at a hand boundary: a version whose phase is `deal`",
            version=version,
            phase=state.phase,
        )
    for envelope in source[version:end]:
        state = evolve(state, envelope.event)
    return list(source[:end]), state


def unrevealed_salts(source: Sequence[Envelope], kept: Sequence[Envelope]) -> dict[int, str]:
    """The source's salts of the hands dealt but not yet revealed in the kept events."""
    dealt = {e.event.hand_number for e in kept if isinstance(e.event, HandDealt)}
    dealt -= {e.event.hand_number for e in kept if isinstance(e.event, DeckRevealed)}
    return {
        e.event.hand_number: e.event.salt
        for e in source
        if isinstance(e.event, DeckRevealed) and e.event.hand_number in dealt
    }
