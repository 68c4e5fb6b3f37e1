"""The layers hold: import-linter's contracts (pyproject.toml), no import circle
between modules, and one place in the code that appends to a game's log."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("domain", "service", "workers")


def _modules() -> Iterator[tuple[str, Path]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            yield name, path


def _imports(path: Path, known: set[str]) -> set[str]:
    """The project modules a module imports (a `from package import name` of a
    submodule counts as importing that submodule)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module in known:
                found.add(node.module)
            found.update(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if f"{node.module}.{alias.name}" in known
            )
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, if there is any (depth-first search)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_import_contracts_hold() -> None:
    linter = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(linter), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "broken" not in run.stdout.lower().replace("0 broken", "")


def test_no_module_imports_itself_back_through_others() -> None:
    modules = dict(_modules())
    known = set(modules)
    # A package's __init__ re-exports its parts: an edge to it stands for them.
    graph = {
        name: {target for target in _imports(path, known) if not name.startswith(target + ".")}
        for name, path in modules.items()
    }
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_package_imports_another_that_imports_it_back() -> None:
    def package_of(module: str) -> str:
        parts = module.split(".")
        return ".".join(parts[:2]) if len(parts) > 2 or module in packages else parts[0]

    modules = dict(_modules())
    packages = {name for name, path in modules.items() if path.name == "__init__.py"}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        source = package_of(name)
        for target in _imports(path, set(modules)):
            if package_of(target) != source:
                graph.setdefault(source, set()).add(package_of(target))
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_one_place_appends_to_a_games_log() -> None:
    """Every write goes through the app's Writer: the store's append has one caller."""
    callers = []
    for name, path in _modules():
        if name.startswith("service.store"):
            continue  # the adapters themselves
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "append"
                and any(keyword.arg == "expected_version" for keyword in node.keywords)
            ):
                callers.append(f"{name}:{node.lineno}")
    assert len(callers) == 1 and callers[0].startswith("service.app.execute:"), callers
