"""Log lines: JSON when asked, and each with the request id it was written under."""

from __future__ import annotations

import json
import logging

import pytest

from service.runtime.log_setup import configure_logging
from service.runtime.request_ids import end_request_scope, request_scope


@pytest.fixture
def restored_root() -> object:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield root
    root.handlers[:] = handlers
    root.setLevel(level)


def test_json_lines_carry_the_request_id(
    restored_root: object, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("json")
    token = request_scope("req-7")
    try:
        logging.getLogger("service.test").warning("refused %s", "x")
    finally:
        end_request_scope(token)
    logging.getLogger("service.test").info("outside")
    first, second = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert first["message"] == "refused x" and first["request_id"] == "req-7"
    assert first["level"] == "WARNING" and first["logger"] == "service.test"
    assert second["request_id"] is None


def test_text_lines_name_the_request_too(
    restored_root: object, capsys: pytest.CaptureFixture[str]
) -> None:
    configure_logging("text")
    token = request_scope("req-8")
    try:
        logging.getLogger("service.test").warning("hello")
    finally:
        end_request_scope(token)
    assert "[req-8] hello" in capsys.readouterr().err
