"""What `pip install .` brings (the image's install, no extras) serves every channel the
API documents. uvicorn speaks WebSocket only through a library it finds installed
(websockets or wsproto) and otherwise answers an upgrade as a plain GET: the
WebSocket at /games/{id}/live worked under `make run` (the dev extras bring
websockets, for the tests' clients) and was dead in the image."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import PackageNotFoundError, requires
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]


def _runtime_packages() -> set[str]:
    """The project's dependencies and theirs, as the installed metadata states them
    (markers read for this platform, no extras)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(line) for line in project["dependencies"]]
    seen: set[str] = set()
    while wanted:
        requirement = wanted.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        if name in seen:
            continue
        seen.add(name)
        try:
            wanted += [Requirement(line) for line in requires(requirement.name) or ()]
        except PackageNotFoundError:
            continue
    return seen


def test_the_image_installs_the_project_without_extras() -> None:
    install = re.search(r"pip install [^\n]*", (ROOT / "deploy" / "Dockerfile").read_text())
    assert install is not None
    assert re.search(r"pip install (--\S+ )*\.(\s|$)", install.group(0)), install.group(0)


def test_the_runtime_dependencies_give_uvicorn_a_websocket_implementation() -> None:
    packages = _runtime_packages()
    assert "uvicorn" in packages
    assert packages & {"websockets", "wsproto"}, sorted(packages)
