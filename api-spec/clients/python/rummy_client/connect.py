"""A generated client set up as a game's client wants it."""

from __future__ import annotations

import httpx

from rummy_client.generated import AuthenticatedClient, Client
from rummy_client.problems import raise_for_problem

__all__ = ["connect"]


def connect(
    base_url: str, token: str | None = None, *, timeout_s: float = 40.0
) -> Client | AuthenticatedClient:
    """A client of the server at `base_url`, acting with `token` (a seat's or a
    player's) when one is given; every refusal raises `ProblemError`.

    The timeout is above the longest long poll (30 s) so a waiting read is not cut.
    """
    hooks = {"event_hooks": {"response": [raise_for_problem]}}

    timeout = httpx.Timeout(timeout_s)
    if token is None:
        return Client(base_url=base_url, timeout=timeout, httpx_args=hooks)
    return AuthenticatedClient(base_url=base_url, token=token, timeout=timeout, httpx_args=hooks)
