"""Which characters a name or a command id may not hold: every control and format
character and line or paragraph separator, and no other (a no-break space, an
accent, a letter of any script passes)."""

from __future__ import annotations

import sys
import unicodedata

from service.app.players import hidden_character

REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def test_every_code_point_is_refused_by_its_category_alone() -> None:
    # Checked whole (about a second): the common case is answered by one
    # `str.isprintable` call, which must refuse nothing more and let nothing through.
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        refused = unicodedata.category(char) in REFUSED
        assert (hidden_character(f"a{char}b") is not None) == refused, hex(code)


def test_the_character_is_named() -> None:
    assert hidden_character("draw\u202e1") == "U+202E"
    assert hidden_character("Zoë\u00a0Ng") is None
