"""The search's statistics: whether a candidate's paired edge over the base choice is clear."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.commands import PlayerCommand

MIN_SAMPLES = 8  # fewer deals played out: keep level 3's choice
EDGE_Z = 2.0  # standard errors the paired edge must clear to overrule level 3
MIN_EDGE = 0.02


def paired_edges(samples: Sequence[Sequence[float]], prior: int) -> list[tuple[int, float, float]]:
    """(candidate, mean paired edge over the prior, its standard error)."""
    count = len(samples[prior])
    found = []
    for index, column in enumerate(samples):
        if index == prior:
            continue
        diffs = [a - b for a, b in zip(column, samples[prior], strict=True)]
        mean = sum(diffs) / count
        variance = sum((d - mean) ** 2 for d in diffs) / max(count - 1, 1)
        found.append((index, mean, math.sqrt(variance / count)))
    return found


def settled(samples: Sequence[Sequence[float]], prior: int, edge_z: float, min_edge: float) -> bool:
    """Stop early: no candidate can still clear the bar, or one clearly has."""
    edges = paired_edges(samples, prior)
    hopeless = all(mean + edge_z * error < min_edge for _, mean, error in edges)
    clear = any(mean > min_edge and mean > 2 * edge_z * error for _, mean, error in edges)
    return hopeless or clear


def significant_best(
    candidates: Sequence[PlayerCommand],
    samples: Sequence[Sequence[float]],
    prior: int,
    edge_z: float = EDGE_Z,
    min_edge: float = MIN_EDGE,
) -> PlayerCommand:
    """The candidate whose edge over the prior (level 3's choice) is clear.

    Each sampled deal is played out for every candidate, so the edge is a
    paired difference; the search overrules level 3 only when that mean
    difference stands EDGE_Z standard errors above zero and beats MIN_EDGE.
    """
    if len(samples[prior]) < MIN_SAMPLES:
        return candidates[prior]
    best, best_edge = prior, 0.0
    for index, mean, error in paired_edges(samples, prior):
        if mean > min_edge and mean > edge_z * error and mean > best_edge:
            best, best_edge = index, mean
    return candidates[best]
