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


def _store_appends(tree: ast.Module) -> Iterator[tuple[str, int]]:
    """Where a module appends to a game's log: (the function, the line) of each call
    of an `append` that is no list's (a list's takes one argument and no keyword; the
    store's takes the game id and the events: two or more), and of each `append` taken
    without a call (handed on, to be called elsewhere)."""
    called: set[int] = set()
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, scope: tuple[str, ...]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            scope = (*scope, node.name)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "append"
        ):
            called.add(id(node.func))
            if len(node.args) + len(node.keywords) >= 2:
                found.append((".".join(scope), node.lineno))
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "append"
            and id(node) not in called
            and isinstance(node.ctx, ast.Load)
        ):
            found.append((".".join(scope), node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, scope)

    visit(tree, ())
    return iter(found)


def test_one_place_appends_to_a_games_log() -> None:
    """Every write goes through the app's Writer: outside the store's adapters, the
    store's append has one caller, the Writer's `_attempt`. A second one (a use case
    that writes events beside the Writer) fails here, named by module and function."""
    callers = sorted(
        f"{name}:{function}"
        for name, path in _modules()
        if not name.startswith("service.store")  # the adapters themselves
        for function, _ in _store_appends(ast.parse(path.read_text(), str(path)))
    )
    assert callers == ["service.app.execute:Writer._attempt"], callers


def test_the_append_sites_are_found_however_they_are_written() -> None:
    """The search above sees a store's append called with positional arguments only,
    with keywords, or handed on uncalled; a list's append (or another with fewer
    arguments than a game id and its events) it leaves alone."""
    source = """
class Sneaky:
    async def positional(self, store, game_id, events):
        await store.append(game_id, events)

    async def keywords(self, store, game_id, events):
        await store.append(game_id, events=events)

    def handed_on(self, store):
        return store.append

def lists(items, item, feed):
    items.append(item)
    feed.append()
"""
    assert sorted(_store_appends(ast.parse(source))) == [
        ("Sneaky.handed_on", 10),
        ("Sneaky.keywords", 7),
        ("Sneaky.positional", 4),
    ]
