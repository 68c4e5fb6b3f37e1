"""A log written as a game a chunk of STRIDE events at a time (imports and forks), and
the next deal of a game that rests between hands once its log is in."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from service.app.consequences import Decided, follow_ups, system_clock
from service.app.envelope import Envelope, decode_envelope, envelopes_from
from service.app.projections import GameRecord
from service.app.records import Game
from service.app.snapshots import STRIDE, chunk_snapshots

__all__ = ["SECTION_BYTES", "chunk_views", "decoded_chunks", "given", "in_chunks", "next_deal"]

# About one chunk of log lines (STRIDE events of some 170 bytes each).
SECTION_BYTES = 64 * 1024


def chunk_views(after: GameRecord, envelopes: list[Envelope], views: dict[str, bytes]) -> None:
    """A chunk's answer: no bytes, but the snapshots its events reach, cached with them."""
    views.update(chunk_snapshots(after))


def given(chunk: list[Envelope]) -> Callable[[Game | None], list[Envelope]]:
    return lambda _: chunk


def in_chunks(envelopes: Sequence[Envelope]) -> Iterator[list[Envelope]]:
    for start in range(0, len(envelopes), STRIDE):
        yield list(envelopes[start : start + STRIDE])


def decoded_chunks(data: bytes) -> Iterator[list[Envelope]]:
    """A checked log's envelopes, decoded a chunk at a time (as `read_log` reads them)."""
    chunk: list[Envelope] = []
    lines = (line for section in _sections(data) for line in section.splitlines() if line.strip())
    next(lines, None)  # the header
    for line in lines:
        chunk.append(decode_envelope(line))
        if len(chunk) == STRIDE:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _sections(data: bytes) -> Iterator[bytes]:
    """`data` in pieces of about SECTION_BYTES, each cut just after a newline, so
    their lines are `data.splitlines()`: splitting 8 MiB at once held the event
    loop some 10 ms, and an import split its log twice."""
    start = 0
    while start < len(data):
        cut = data.find(b"\n", start + SECTION_BYTES)
        end = len(data) if cut < 0 else cut + 1
        yield data[start:end]
        start = end


def next_deal(game: Game | None) -> list[Envelope]:
    """The service's follow-ups on a game resting between hands: its next deal."""
    assert game is not None
    state = game.record.state
    decided: Decided = []
    _, decided = follow_ups(game, state, state, decided, system_clock)
    return envelopes_from(game.record.version, decided, None)
