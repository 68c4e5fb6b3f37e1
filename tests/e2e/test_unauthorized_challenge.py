"""A 401 names how to authenticate: `WWW-Authenticate: Bearer` (RFC 9110, 15.5.2; RFC 6750, 3).

Every 401 (`missing_token`, `invalid_token`, `invalid_ticket`) came without the header a
401 must carry, so an HTTP client that answers a challenge (or a proxy that checks for
one) saw a malformed 401.
"""

from __future__ import annotations

from typing import Any

from http_players import problem
from http_table import auth, create


def test_every_401_carries_a_bearer_challenge(client: Any) -> None:
    game_id = create(client, seed=2)["game_id"]
    missing = problem(client.get(f"/games/{game_id}/view"), 401, "missing_token")
    assert missing["status"] == 401
    answer = client.get(f"/games/{game_id}/view")
    assert answer.headers["www-authenticate"] == "Bearer"
    # An unknown token: RFC 6750's error code, as the problem's.
    unknown = client.get(f"/games/{game_id}/view", headers=auth("nope"))
    problem(unknown, 401, "invalid_token")
    assert unknown.headers["www-authenticate"] == 'Bearer error="invalid_token"'
    malformed = client.get("/players/me", headers={"Authorization": "Basic abc"})
    problem(malformed, 401, "invalid_token")
    assert malformed.headers["www-authenticate"] == 'Bearer error="invalid_token"'
    # A used or unknown ticket stands for a token: a new one is asked with the token.
    ticket = client.get(f"/games/{game_id}/events", params={"ticket": "spent"})
    problem(ticket, 401, "invalid_ticket")
    assert ticket.headers["www-authenticate"] == "Bearer"
    # HEAD answers the GET's headers, the challenge included.
    assert client.head(f"/games/{game_id}/view").headers["www-authenticate"] == "Bearer"
    # Other refusals carry none.
    assert "www-authenticate" not in client.get(f"/games/{'0' * 32}").headers
