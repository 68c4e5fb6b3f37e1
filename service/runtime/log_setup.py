"""Process logging: text or JSON lines on stderr, each line with its request id and
no secret of a URL."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Literal

from service.runtime.log_redaction import SecretQueryFilter
from service.runtime.request_ids import RequestIdFilter

__all__ = ["LogFormat", "JsonFormatter", "configure_logging"]

LogFormat = Literal["text", "json"]
_TEXT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure_logging(log_format: LogFormat = "text", level: int = logging.INFO) -> None:
    """The root logger's one handler; other loggers (uvicorn's, rq's) propagate to it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(RequestIdFilter())
    handler.addFilter(SecretQueryFilter())
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(_TEXT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
