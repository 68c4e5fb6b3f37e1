"""What a write is: how its writer describes it (`Write`), what it records beside its
events (`Answer`), and what came of it (`Executed`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import msgspec

from service.app.envelope import ActorKind, Envelope
from service.app.game_record import GameRecord
from service.app.records import Game, GameInfo
from service.store import AppendResult

__all__ = ["Answer", "Executed", "Write"]


class Answer(NamedTuple):
    """What a write records beside its events: the projections cached with them
    and the answer bytes kept under its command id for a retry; `outcome` is the
    same answer as its writer reads it."""

    views: dict[str, bytes]
    body: bytes | None = None
    outcome: object = None


class Write(msgspec.Struct, frozen=True, kw_only=True):
    """One write of a game, as its writer describes it.

    `decide` makes the envelopes from the game at its latest version (None for a
    game with no events yet) and raises a refusal; `answer` builds the cached
    projections and the recorded answer from the record after them. `key` and
    `digest` make the write idempotent: the store keeps clients' ids (`c:`) apart
    from the system's (`s:`), so no client can take a bot's or a timer's id.
    """

    actor: ActorKind
    decide: Callable[[Game | None], list[Envelope]]
    answer: Callable[[GameRecord, list[Envelope]], Answer] | None = None
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


class Executed(msgspec.Struct, frozen=True, kw_only=True):
    """A write's outcome: the game before and after, the envelopes appended, and the
    store's answer (`appended.duplicate`: a retry of an earlier write, nothing new)."""

    before: Game | None
    after: GameRecord | None
    envelopes: tuple[Envelope, ...]
    appended: AppendResult
    answer: Answer | None = None
