"""The front-door README says what the code does: its tour runs, its settings are the
service's, its links lead somewhere, and it stays a front door."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from served import rummy_served

from service.runtime.settings import settings_from_env

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
# The front door: what it is, the two commands, a tour, settings and links.
MAX_LINES = 250


def _section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_is_a_front_door_of_at_most_250_lines() -> None:
    assert len(README.splitlines()) <= MAX_LINES
    assert "make run" in _section("Quick start")
    assert "make test" in _section("Quick start")


def test_the_architecture_names_modules_that_exist() -> None:
    # The command's path is drawn module by module: a module renamed or moved is
    # a path the drawing must follow.
    named = re.findall(r"\b((?:domain|service|workers)/[\w/]+\.py)\b", _section("Architecture"))
    assert len(named) >= 10
    assert [path for path in named if not (ROOT / path).is_file()] == []


class _Recording(Mapping[str, str]):
    """An empty environment that notes every name the settings ask it for."""

    def __init__(self) -> None:
        self.asked: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.asked.add(name)
        raise KeyError(name)

    def get(self, name: str, default: object = None) -> object:  # type: ignore[override]
        self.asked.add(name)
        return default

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def test_the_settings_table_names_every_setting_the_service_reads() -> None:
    environment = _Recording()
    settings_from_env(environment)
    rows = re.findall(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|", _section("Settings"), re.M)
    documented = {name for row in rows for name in re.findall(r"`([A-Z_]+)`", row)}
    assert documented == environment.asked


def _readmes() -> list[Path]:
    tracked = subprocess.run(
        ["git", "ls-files", "*README.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in tracked] or [ROOT / "README.md"]


@pytest.mark.parametrize("readme", _readmes(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_in_a_readme_leads_to_a_file_of_the_repository(readme: Path) -> None:
    broken = []
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", readme.read_text()):
        if not (readme.parent / target).exists():
            broken.append(target)
    assert broken == []


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with rummy_served(tmp_path) as url:
        yield url


def test_the_five_minute_tour_runs_as_written_against_a_real_server(served: str) -> None:
    tour = re.search(r"```sh\n(.*?)```", _section("A five-minute tour"), re.S)
    assert tour is not None
    ran = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", tour.group(1)],
        env=os.environ | {"API": served},
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    hand = json.loads(lines[0])
    assert len(hand) == 10  # basic deals ten cards to two seats
    assert json.loads(lines[1]) == [{"type": "draw"}, {"type": "draw", "source": "discard"}]
    assert len(json.loads(lines[2])) == 11  # the card drawn
    assert lines[3] == "4"  # the draw and the discard: versions 3 and 4
    # The long poll answers once the bot has moved: its draw, and its discard if it came too.
    bot_moves = json.loads(lines[4])
    assert {event["actor"] for event in bot_moves} == {"bot"}
    assert bot_moves[0]["event"]["type"] == "cards_drawn"
    assert "id: 5" in ran.stdout  # the same events as a stream
    assert lines[-1] == "Ada"
