"""Who may see hidden cards: the one rule every route serves events and states by."""

from __future__ import annotations

from domain.views import Viewer
from service.app.game_record import GameRecord

__all__ = ["held_through", "unredacted_through"]


def unredacted_through(record: GameRecord, viewer: Viewer, *, private_log: bool) -> int:
    """The last version whose events `viewer` may see unredacted (0: none), given the
    game folded to its latest version.

    A private log's hidden cards are for its seats only: a spectator sees none,
    during or after the game. Otherwise a finished game is all public (its whole
    log is served), and under `reveal_after_hand` so is every hand that has ended.
    Anything later is served redacted, each seat seeing its own cards only."""
    if private_log and viewer is None:
        return 0
    if record.state.phase == "over":
        return record.version
    return record.revealed_through if record.state.ruleset.reveal_after_hand else 0


def held_through(record: GameRecord, viewer: Viewer) -> int | None:
    """The last version whose events a seat's holder sees as that seat's (None: all
    of them). A seat that resigned is its bot's after its resignation: from there
    its former holder is served what a spectator is, as `holder_view` shows it."""
    if viewer is None or viewer not in record.state.resigned:
        return None
    for seat, version in record.resigned_at:
        if seat == viewer:
            return version
    return 0  # a record cached by a release that did not keep the version: none
