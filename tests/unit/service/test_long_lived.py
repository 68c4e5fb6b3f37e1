"""Tuning the collector for a long run: start-up objects frozen, young ones collected less often."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from service.runtime.long_lived import YOUNG_COLLECTION_THRESHOLD, tune_collector_for_a_long_run


@pytest.fixture
def collector_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector_restored")
def test_start_up_objects_leave_the_collector_and_young_ones_wait_longer() -> None:
    gc.unfreeze()
    _, middle, old = gc.get_threshold()

    tune_collector_for_a_long_run()

    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, middle, old)
    assert YOUNG_COLLECTION_THRESHOLD > 700  # Python's default
