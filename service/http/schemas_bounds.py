"""The wire's shared bounds: card codes, how many cards, versions, numbers at least zero."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

__all__ = ["MAX_CARDS", "MAX_VERSION", "WireCard", "at_least_zero"]

# Card codes are plain strings on the wire: an unknown code is a rules-level
# refusal (422 invalid_card) rather than a schema violation.
WireCard = Annotated[str, msgspec.Meta(description="A card code: `7H`, `TD`, `JK`.")]


def at_least_zero(**constraints: Any) -> msgspec.Meta:
    """`ge=0` that survives into the document: Litestar drops a falsy bound of an
    optional field, so it is restated as schema extra."""
    return msgspec.Meta(ge=0, extra_json_schema={"extra": {"minimum": 0}}, **constraints)


MAX_CARDS = 400
# Versions and meld ids fit 31 bits (the routes' path and query bounds say the same).
MAX_VERSION = 2**31
