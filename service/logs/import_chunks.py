"""A log written as a game a chunk of STRIDE events at a time (imports and forks), and
the next deal of a game that rests between hands once its log is in."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from service.app.consequences import Decided, follow_ups, system_clock
from service.app.envelope import Envelope, decode_envelope, envelopes_from
from service.app.execute import Answer
from service.app.projections import STATE_KEY, GameRecord, encode_state
from service.app.records import Game
from service.app.snapshots import STRIDE, chunk_snapshots

__all__ = ["chunk_views", "in_chunks", "decoded_chunks", "given", "next_deal"]


def chunk_views(after: GameRecord, envelopes: list[Envelope]) -> Answer:
    return Answer(views={STATE_KEY: encode_state(after)} | chunk_snapshots(after))


def given(chunk: list[Envelope]) -> Callable[[Game | None], list[Envelope]]:
    return lambda _: chunk


def in_chunks(envelopes: Sequence[Envelope]) -> Iterator[list[Envelope]]:
    for start in range(0, len(envelopes), STRIDE):
        yield list(envelopes[start : start + STRIDE])


def decoded_chunks(data: bytes) -> Iterator[list[Envelope]]:
    """A checked log's envelopes, decoded a chunk at a time (as `read_log` reads them)."""
    lines = [line for line in data.splitlines() if line.strip()][1:]
    for start in range(0, len(lines), STRIDE):
        yield [decode_envelope(line) for line in lines[start : start + STRIDE]]


def next_deal(game: Game | None) -> list[Envelope]:
    """The service's follow-ups on a game resting between hands: its next deal."""
    assert game is not None
    state = game.record.state
    decided: Decided = []
    _, decided = follow_ups(game, state, state, decided, system_clock)
    return envelopes_from(game.record.version, decided, None)
