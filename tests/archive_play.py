"""Helpers of the archiving tests: a game played to its end over HTTP (the bytes
tool's), and every read route's answers for it, to compare before and after archiving."""

from __future__ import annotations

from typing import Any

import msgspec

from service.tools.archive_bytes import Played, auth, play_to_the_end

__all__ = ["Played", "auth", "fork_log", "play_to_the_end", "read_routes", "refusals"]


async def read_routes(client: Any, played: Played) -> dict[str, tuple[int, bytes]]:
    """Every read route's status and body for the game, as each viewer gets it."""
    game_id, version = played.game_id, played.version
    viewers: dict[str, dict[str, str]] = {"spectator": {}}
    viewers |= {f"seat {seat}": auth(token) for seat, token in played.tokens.items()}
    invite = {"invite": played.invite} if played.invite else {}
    paths: list[tuple[str, dict[str, Any]]] = [
        (f"/games/{game_id}", {}),
        (f"/games/{game_id}/view", {}),
        (f"/games/{game_id}/events", {"after": 0}),
        (f"/games/{game_id}/events", {"after": 5, "limit": 7}),
        # A long poll at the end of a finished game answers at once.
        (f"/games/{game_id}/events", {"after": version, "wait": 20}),
        (f"/games/{game_id}/events/stream", {"after": 0}),
        (f"/games/{game_id}/events/stream", {"after": version}),
        (f"/games/{game_id}/log", {}),
        (f"/games/{game_id}/states/1", {}),
        (f"/games/{game_id}/states/{version // 2}", {}),
        (f"/games/{game_id}/states/{version}", {}),
        (f"/games/{game_id}/states/{version + 1}", {}),
    ]
    answers: dict[str, tuple[int, bytes]] = {}
    for viewer, headers in viewers.items():
        for path, params in paths:
            for with_invite in ({}, invite) if invite and viewer == "spectator" else ({},):
                response = await client.get(path, params=params | with_invite, headers=headers)
                key = f"{viewer} GET {path} {params | with_invite}"
                answers[key] = (response.status_code, _without_request_id(response.content))
        for seat, token in played.tokens.items():
            listed = await client.get("/players/me/games", headers=auth(token))
            answers[f"seat {seat} games"] = (listed.status_code, listed.content)
    for status in ("finished", "active", "waiting"):
        # The game's own line (other games come and go: a rematch, forks).
        lobby = await client.get("/games", params={"status": status})
        lines = [line for line in lobby.json()["games"] if line["game_id"] == game_id]
        answers[f"lobby {status}"] = (lobby.status_code, msgspec.json.encode(lines))
    return answers


def _without_request_id(body: bytes) -> bytes:
    """A problem's body without its request id (the one part that differs per request)."""
    if not body.startswith(b"{") or b'"request_id"' not in body:
        return body
    problem = msgspec.json.decode(body)
    problem.pop("request_id", None)
    return msgspec.json.encode(problem)


async def refusals(client: Any, played: Played) -> dict[str, tuple[int, Any]]:
    """What commands to the finished game get (codes and bodies, without request ids)."""
    game_id = played.game_id
    answers: dict[str, tuple[int, Any]] = {}
    for seat, token in played.tokens.items():
        for command in ({"type": "draw"}, {"type": "discard", "card": "KC"}):
            response = await client.post(
                f"/games/{game_id}/commands", json=command, headers=auth(token)
            )
            body = response.json()
            body.pop("request_id", None)
            body.pop("instance", None)
            answers[f"seat {seat} {command}"] = (response.status_code, body)
        # Nor can a seat change hands (and nothing is written back for the game).
        path = f"/games/{game_id}/seats/{seat}/bot"
        for method, body in (("POST", {"level": 2}), ("DELETE", None)):
            response = await client.request(method, path, json=body, headers=auth(token))
            assert (response.status_code, response.json()["code"]) == (409, "game_over")
    return answers


async def fork_log(client: Any, played: Played) -> list[dict[str, Any]]:
    """A fork of the game at its middle, and the fork's events (its ids and times aside)."""
    forked = await client.post(
        f"/games/{played.game_id}/fork",
        json={"version": played.version // 2, "seed": 5},
        headers=auth(played.tokens[0]),
    )
    assert forked.status_code == 201, forked.text
    fork_id = forked.json()["game_id"]
    # A fork of a private table is private too, with a code of its own.
    tokens = forked.json()["tokens"]
    events = await client.get(
        f"/games/{fork_id}/events", params={"after": 0}, headers=auth(next(iter(tokens.values())))
    )
    assert events.status_code == 200, events.text
    return [
        {key: value for key, value in envelope.items() if key not in ("at",)}
        | {"event": _without_ids(envelope["event"])}
        for envelope in events.json()["events"]
    ]


def _without_ids(event: dict[str, Any]) -> dict[str, Any]:
    """The event without the ids and times of this fork (its opening says when it was made)."""
    without = {key: value for key, value in event.items() if key not in ("game_id", "forked_from")}
    if event.get("opening"):
        without["opening"] = {k: v for k, v in event["opening"].items() if k != "created_at"}
    return without
