"""Secrets carried in URLs (tickets, invite codes, tokens) never reach a log line.

A browser's WebSocket cannot send headers, so a ticket or a private table's code
rides in the query string, and uvicorn logs the path of every socket it accepts.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

__all__ = ["REDACTED", "SecretQueryFilter", "redact_secrets"]

REDACTED = "[redacted]"
# The query parameters whose values open a game or a seat.
_SECRET_NAMES = frozenset({"ticket", "invite", "invite_code", "code", "token"})
# One query parameter in a logged URL: its name, as sent, and its value.
_QUERY_PARAMETER = re.compile(r"(?P<name>[?&][^=&\s\"'#]*=)[^&\s\"'#]*")


def redact_secrets(text: str) -> str:
    """`text` with the value of every secret query parameter replaced. A name is
    read as the server reads it, percent-decoded (`?%69nvite=` is `invite`)."""

    def hidden(match: re.Match[str]) -> str:
        name = unquote_plus(match["name"][1:-1]).lower()
        return match["name"] + REDACTED if name in _SECRET_NAMES else match[0]

    return _QUERY_PARAMETER.sub(hidden, text)


class SecretQueryFilter(logging.Filter):
    """Rewrites a record's message, once rendered, without the secrets in its URLs."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_secrets(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True
