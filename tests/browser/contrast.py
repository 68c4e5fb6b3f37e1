"""The contrast of every visible text on a page, from its computed styles (WCAG 2.1's
relative luminance): the text's colour over the first background behind it, each colour
stop of a gradient counted, opacity and alpha blended in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Normal text needs 4.5:1 (WCAG AA); the issue asks it of every text, large ones included.
LEAST = 4.5

# contrast.js: a comment line, then the function in parentheses.
LOW_CONTRAST = (Path(__file__).parent / "contrast.js").read_text().split("\n", 1)[1].strip()


def low_contrast(page: Any) -> list[str]:
    """Each visible text below 4.5:1 on the page as it is now, with its ratio."""
    found: list[str] = page.evaluate(LOW_CONTRAST, LEAST)
    return found
