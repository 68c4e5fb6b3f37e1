"""Tuning the collector for a long run: start-up objects frozen, young ones collected less often."""

from __future__ import annotations

import json
import subprocess
import sys

from service.runtime.long_lived import YOUNG_COLLECTION_THRESHOLD

# Tuned in a fresh interpreter: in the test process the tuning's full collection
# would finalize whatever earlier tests left for the collector, and freezing
# would pin the test run's own objects.
_TUNE_AND_REPORT = """
import gc, json
from service.runtime.long_lived import tune_collector_for_a_long_run
gc.unfreeze()
before = gc.get_threshold()
tune_collector_for_a_long_run()
print(json.dumps({"frozen": gc.get_freeze_count(), "before": before, "after": gc.get_threshold()}))
"""


def test_start_up_objects_leave_the_collector_and_young_ones_wait_longer() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _TUNE_AND_REPORT],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    report = json.loads(done.stdout)

    _, middle, old = report["before"]
    assert report["frozen"] > 0
    assert report["after"] == [YOUNG_COLLECTION_THRESHOLD, middle, old]
    assert YOUNG_COLLECTION_THRESHOLD > 700  # Python's default
