"""How a table was opened: the facts its first event records for everyone at it
(the deal's seed and stacked decks are secrets, kept beside the log)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

__all__ = ["Opening", "SeatSpec", "TableOptions"]


class SeatSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat at creation: a human (optionally left `open` for anyone to claim) or a bot."""

    kind: Literal["human", "bot"]
    level: Annotated[int, msgspec.Meta(ge=1, le=4)] | None = None
    open: bool = False


class TableOptions(msgspec.Struct, frozen=True, kw_only=True):
    """How a table is found and joined (fixed at creation)."""

    # Seen and joined with its invite code only; never listed in the lobby.
    private: bool = False
    # One player may take several seats (a shared screen).
    hot_seat: bool = False
    # The ruleset's `rated` knob, kept here for the lobby (which reads no state).
    rated: bool = True
    # A table still waiting this long after its creation is expired (None: never).
    expires_after_s: float | None = None
    # The first hand's dealer (a rematch moves the dealer on); None: the rules decide.
    first_dealer: int | None = None
    # The finished game this one is the rematch of.
    rematch_of: str | None = None


class Opening(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The table as it was opened here: its preset, its seats as created (a copy's:
    those its log's start left), when, its time limit, whether its finished log is
    private to its seats, how it is found and joined, and whether its creator chose
    the deal (`stacked`: a seed, a deck, or a copied log; whoever did knew every hand)."""

    preset: str
    seats: tuple[SeatSpec, ...]
    created_at: str
    turn_time_limit_s: float | None = None
    private_log: bool = False
    table: TableOptions = msgspec.field(default_factory=TableOptions)
    stacked: bool = False
