"""What a write is: how its writer describes it (`Write`) and what came of it
(`Executed`, which the after-append hook is handed too)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec

from domain.state import GameState
from service.app.envelope import ActorKind, Envelope
from service.app.game_record import Controller, GameRecord, bot_levels
from service.app.records import Game, GameInfo, MetaFacts

__all__ = ["AppendHook", "Executed", "Write"]


class Write(msgspec.Struct, frozen=True, kw_only=True):
    """One write of a game, as its writer describes it.

    `decide` makes the envelopes from the game at its latest version (None for a
    game with no events yet) and raises a refusal; `answer`, given the record after
    them, adds the projections it caches with them to `views` (the writer caches
    the state itself) and returns the bytes kept under its command id for a retry
    (a seat command's `CommandResult`, as the API serves it). `key` and
    `digest` make the write idempotent: the store keeps clients' ids (`c:`) apart
    from the system's (`s:`), so no client can take a bot's or a timer's id.
    """

    actor: ActorKind
    decide: Callable[[Game | None], list[Envelope]]
    answer: Callable[[GameRecord, list[Envelope], dict[str, bytes]], bytes | None] | None = None
    expected_version: int | None = None
    key: str | None = None
    # Where a release before `key`'s filed the same id: only a refused retry looks there.
    former_key: str | None = None
    digest: str | None = None
    # A new game: nothing is loaded, and the append expects version 0.
    creates: GameInfo | None = None
    seat: int | None = None
    command_id: str | None = None
    # A chunk of an import: the only write a game being imported takes, filed in
    # the lobby and announced by the importer once its last chunk is in.
    imports: bool = False
    # The game's facts as its writer just found them (a seat command's, which named
    # its seat): the writer looks them up itself without.
    facts: MetaFacts | None = None


class Executed(msgspec.Struct, frozen=True, kw_only=True):
    """What came of a write: for its writer, the seat whose command it was, and the
    hook that schedules the work it calls for (bot turns, turn timers).

    `version` is the game's version right after the write (the original's, for a
    retry); `duplicate`: a retry of an earlier write, nothing new; `before` and
    `after` the game around the write (`before` is `after`'s state for a game just
    made, or for a game announced as it stands); `envelopes` the events appended,
    unredacted; `seat`, `command_id` and `actor` name the command (None for a
    creation or a mere nudge); `body` the answer served (a seat command's
    `CommandResult`; on a retry, the bytes recorded under its command id).
    Only `game_id`, `version`, `duplicate` and `body` are known of a retry
    answered from the record."""

    game_id: str
    version: int
    duplicate: bool = False
    before: GameState | None = None
    after: GameRecord | None = None
    info: GameInfo | None = None
    envelopes: tuple[Envelope, ...] = ()
    seat: int | None = None
    command_id: str | None = None
    actor: ActorKind = "service"
    body: bytes | None = None

    @property
    def state(self) -> GameState:
        """The game's state after the write: only of a write the hook is handed."""
        assert self.after is not None, "a retry answered from the record has no state"
        return self.after.state

    @property
    def controllers(self) -> tuple[Controller, ...]:
        """Who plays each seat after the write."""
        return self.after.controllers if self.after is not None else ()

    @property
    def bot_levels(self) -> dict[int, int]:
        return bot_levels(self.controllers)


# Called after every append (a bot's turn, a timer to schedule): the writer's
# record of it. A failing hook does not fail the write.
AppendHook = Callable[[Executed], Awaitable[None]]
