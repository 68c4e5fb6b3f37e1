"""A problem answer (RFC 9457) as an exception that carries its code and facts."""

from __future__ import annotations

import json
from typing import Any

import httpx

__all__ = ["ProblemError", "raise_for_problem"]


class ProblemError(Exception):
    """The server refused: `code` is stable (switch on it), `facts` name what was involved.

    A code this client does not know is kept as the string it came as: a newer
    server's codes never crash an older client.
    """

    def __init__(
        self,
        status: int,
        code: str,
        detail: str = "",
        facts: dict[str, Any] | None = None,
        retry_after_s: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}" if detail else f"{status} {code}")
        self.status = status
        self.code = code
        self.detail = detail
        self.facts = facts or {}
        self.retry_after_s = retry_after_s

    @classmethod
    def from_problem(cls, problem: dict[str, Any], retry_after_s: float | None = None) -> ProblemError:
        return cls(
            status=int(problem.get("status", 0)),
            code=str(problem.get("code", "unknown")),
            detail=str(problem.get("detail", "")),
            facts=problem.get("facts") or {},
            retry_after_s=retry_after_s,
        )


def raise_for_problem(response: httpx.Response) -> None:
    """An httpx response hook: a 4xx or 5xx becomes a ProblemError before any
    generated parser reads it (so an unknown code cannot break the parse)."""
    if response.status_code < 400:
        return
    response.read()
    try:
        problem = json.loads(response.content)
    except ValueError:
        problem = {}
    if not isinstance(problem, dict):
        problem = {}
    problem.setdefault("status", response.status_code)
    problem.setdefault("code", "unknown")
    problem.setdefault("detail", response.text[:200] if not problem.get("detail") else "")
    retry_after = response.headers.get("retry-after")
    try:
        retry_after_s = float(retry_after) if retry_after is not None else None
    except ValueError:
        retry_after_s = None
    raise ProblemError.from_problem(problem, retry_after_s)
