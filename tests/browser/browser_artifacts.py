"""Where the browser tests write their screenshots, and the pair committed beside the page."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# Ignored by git; RUMMY_SCREENSHOTS=commit also refreshes the pair committed beside the page.
ARTIFACTS = REPO_ROOT / ".artifacts" / "browser"


def keep_screenshot(artifacts: Path, name: str) -> None:
    """Copies an artifact screenshot beside the page when asked to (RUMMY_SCREENSHOTS=commit)."""
    if os.environ.get("RUMMY_SCREENSHOTS") == "commit":
        shutil.copy(artifacts / name, REPO_ROOT / "service" / "http" / "static" / name)
