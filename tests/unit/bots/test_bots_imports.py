"""The bots' import boundary: a pure library over the domain, which never imports them."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
BOTS = DOMAIN / "bots"
# The bots take the caller's generator and clock: they read no time, ids or
# environment of their own (`random` builds the search's view-seeded generator).
FORBIDDEN = {"time", "datetime", "uuid", "os", "secrets"}


def _imported_modules(path: Path) -> set[str]:
    """Every module the file imports (inside functions too), by its full name."""
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: a relative import"
            assert node.module is not None
            modules.add(node.module)
            # `from domain import bots` names the package in the alias.
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def test_the_bots_import_only_the_domain_and_the_standard_library() -> None:
    files = sorted(BOTS.glob("**/*.py"))
    assert len(files) > 10
    for path in files:
        roots = {module.split(".")[0] for module in _imported_modules(path)}
        outside = {root for root in roots if root not in sys.stdlib_module_names} - {"domain"}
        assert not outside, f"{path.relative_to(DOMAIN)} imports {outside}"
        assert not roots & FORBIDDEN, f"{path.relative_to(DOMAIN)} imports {roots & FORBIDDEN}"


def test_the_rules_never_import_the_bots() -> None:
    files = [path for path in sorted(DOMAIN.glob("**/*.py")) if BOTS not in path.parents]
    assert len(files) > 10
    for path in files:
        bots = {
            m for m in _imported_modules(path) if m == "domain.bots" or m.startswith("domain.bots.")
        }
        assert not bots, f"{path.relative_to(DOMAIN)} imports {bots}"
