"""Secrets carried in URLs (tickets, invite codes, tokens) never reach a log line.

A browser's WebSocket cannot send headers, so a ticket or a private table's code
rides in the query string, and uvicorn logs the path of every socket it accepts.
"""

from __future__ import annotations

import logging
import re

__all__ = ["REDACTED", "SecretQueryFilter", "redact_secrets"]

REDACTED = "[redacted]"
# The query parameters whose values open a game or a seat.
_SECRET_QUERY = re.compile(
    r"(?P<name>[?&](?:ticket|invite|invite_code|code|token)=)[^&\s\"'#]*", re.IGNORECASE
)


def redact_secrets(text: str) -> str:
    """`text` with the value of every secret query parameter replaced."""
    return _SECRET_QUERY.sub(lambda match: match["name"] + REDACTED, text)


class SecretQueryFilter(logging.Filter):
    """Rewrites a record's message, once rendered, without the secrets in its URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_secrets(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True
