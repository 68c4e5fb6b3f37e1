"""Who watches a live channel: the credential it opened with, not the seat it held then.

A channel can outlive its seat's holder: they leave a waiting table and someone
else sits down, or the start removes open seats and renumbers the rest. So a
channel keeps what authenticated it (a seat token's hash, or a player) and each
page of events is redacted for the seats that credential holds in the seating
read with those events (`GameReader.events`): an old holder sees nothing private
of the seat's next holder, and a player follows their seat to its new number.
"""

from __future__ import annotations

import msgspec

from service.app.records import MetaFacts
from service.app.seating import hosts
from service.app.tokens import is_player_token, player_id_of, token_hash

__all__ = ["Watcher", "watcher_for"]


class Watcher(msgspec.Struct, frozen=True, kw_only=True):
    """A token's credential on a channel (a spectator without a token is no Watcher: None)."""

    # The hash of the seat token the channel opened with, or None for a player token.
    token_hash: str | None = None
    # The player whose token opened the channel.
    player_id: str | None = None
    # The seat it opened as (of a hot-seat player's seats, the one they acted for;
    # their channel shows every seat they still play, `seats_in`). None: a
    # player seated nowhere then (a seat kept for them, a host, a spectator); their
    # channel still follows them (to the seat they take, or off a private table).
    opened_as: int | None
    # Opened with a private table's invite code: a spectator there once it holds no
    # seat (without it, a credential that lost its seat sees a private table no more).
    invited: bool = False

    def seat_in(self, facts: MetaFacts) -> int | None:
        """The seat this credential holds in `facts`' seating; None once it holds
        none (left, removed, its token gone): then it sees what a spectator sees."""
        if self.token_hash is not None:
            return facts.seats_by_token.get(self.token_hash)
        if self.player_id is None:
            return None
        seats = facts.seats_of(self.player_id)
        if self.opened_as in seats:
            return self.opened_as
        # Renumbered (or re-seated): their own seat under its new number.
        return seats[0] if seats else None

    def seats_in(self, facts: MetaFacts) -> tuple[int, ...]:
        """Every seat this credential holds in `facts`' seating: a seat token's one, a
        player's all (several at a hot-seat table, where each event shows them the
        cards of those they still play, whichever seat the channel opened as)."""
        if self.token_hash is not None:
            seat = facts.seats_by_token.get(self.token_hash)
            return () if seat is None else (seat,)
        return () if self.player_id is None else facts.seats_of(self.player_id)

    def outsider_in(self, facts: MetaFacts, game_id: str) -> bool:
        """Whether this credential, holding no seat in `facts`, may not watch there:
        a private table, opened without its code, whose host is not its player, and
        no seat kept for its player."""
        return (
            facts.info.table.private
            and not self.invited
            and self.seat_in(facts) is None
            and self.player_id not in facts.reserved.values()
            and not (self.player_id is not None and hosts(facts, game_id, self.player_id))
        )


def watcher_for(token: str, seat: int | None, *, invited: bool = False) -> Watcher:
    """The credential of a token already found to open `seat` (None: a player's token
    that holds no seat here)."""
    if is_player_token(token):
        return Watcher(player_id=player_id_of(token), opened_as=seat, invited=invited)
    return Watcher(token_hash=token_hash(token), opened_as=seat, invited=invited)
