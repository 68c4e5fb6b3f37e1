"""The bots' chance, as their callers hand it in: any generator with these methods
(the service passes a seeded `random.Random`); the bots import no generator of their own."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

__all__ = ["Chance", "reseeded"]

T = TypeVar("T")


class Chance(Protocol):
    def random(self) -> float: ...

    def choice(self, seq: Sequence[T], /) -> T: ...

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...


def reseeded(chance: Chance, seed: int) -> Chance:
    """A fresh generator of the caller's kind, seeded from what the bot sees: the
    same view gives the same rollouts whatever the caller's generator did before."""
    fresh: Chance = type(chance)(seed)  # type: ignore[call-arg]
    return fresh
