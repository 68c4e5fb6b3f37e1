"""A seed reproduces the same game in any process, whatever Python's hash seed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Plays one game per preset with the random players and prints a digest of
# every command: legal_commands' order must not depend on set iteration.
SCRIPT = """
import hashlib, msgspec
from domain.rules import build_ruleset
from service.tools.simulation import play_game
digest = hashlib.sha256()
for preset, seats, rules in [
    ("basic", 3, {}), ("palace", 4, {"knocking": True}), ("duel", 2, {}),
    ("classic", 3, {}), ("palace", 2, {"strict_jokers": True, "strict_groups": True}),
]:
    for _, command, _, _ in play_game(build_ruleset(preset, rules), seats, 5, max_hands=1):
        digest.update(msgspec.json.encode(command))
print(digest.hexdigest())
"""


def _digest(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


@pytest.mark.parametrize("other_hash_seed", ["1", "12345"])
def test_a_seeded_game_is_the_same_under_any_hash_seed(other_hash_seed: str) -> None:
    assert _digest("0") == _digest(other_hash_seed)
