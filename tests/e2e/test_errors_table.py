"""The contract guide's table of errors is the service's: one row a status, and every
code the service answers (beside the rules' own, which fall back to 422) under the
status it is answered with.

The table had grown two rows for 401, 403, 404, 405, 409 and 413, each pair
disagreeing (the league's 404 codes in one, `invalid_ticket` in the other), and
left out codes every table route answers: `not_seated` and `not_host` (403),
`seat_reserved`, `table_started`, `already_seated` (409), `version_not_found`,
`contention`. A client switching on the table missed them."""

from __future__ import annotations

import re
from pathlib import Path

from domain.errors import ERROR_CODES
from service.app.errors import STATUS_BY_CODE

GUIDE = (Path(__file__).resolve().parents[2] / "api-spec" / "README.md").read_text()


def _rows() -> list[tuple[int, set[str]]]:
    section = GUIDE.split("### Errors\n", 1)[1].split("\n### ", 1)[0]
    rows = []
    for line in section.splitlines():
        if match := re.match(r"\| (\d{3}) \| (.*) \|$", line):
            rows.append((int(match[1]), set(re.findall(r"`([a-z_]+)`", _unexplained(match[2])))))
    return rows


def _unexplained(codes: str) -> str:
    """The row without its parentheses, which explain codes with other names."""
    kept, depth = [], 0
    for char in codes:
        depth += (char == "(") - (char == ")")
        if depth == 0 and char != ")":
            kept.append(char)
    return "".join(kept)


def test_each_status_has_one_row() -> None:
    statuses = [status for status, _ in _rows()]
    assert sorted(statuses) == sorted(set(statuses)), statuses


def test_every_code_is_under_the_status_it_is_answered_with() -> None:
    listed = {code: status for status, codes in _rows() for code in codes}
    wrong = {
        code: (status, STATUS_BY_CODE.get(code))
        for code, status in listed.items()
        if STATUS_BY_CODE.get(code) != status
    }
    assert not wrong, wrong
    # The rules' codes are summed up as "every other domain code" (422) or listed.
    missing = sorted(set(STATUS_BY_CODE) - set(ERROR_CODES) - set(listed))
    assert not missing, missing
