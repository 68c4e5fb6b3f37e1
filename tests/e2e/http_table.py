"""Helpers of the HTTP tests: create games, pick legal moves, check what a viewer may see."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.events import AnyEvent, GameEnded, HandEnded
from domain.game import evolve, replay
from domain.state import GameState
from service.app.envelope import Envelope, decode_envelope
from service.store import EventStore

HIDDEN_WHEN_NOT_OWN = ("hand_dealt", "cards_drawn", "stock_renewed", "knocked")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient[Any], **body: Any) -> dict[str, Any]:
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    response = client.post("/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A kind of command uniformly among the kinds on offer, then one of that kind:
    uniform over all commands would almost never discard (lay-offs are many)."""
    kinds = sorted({command["type"] for command in legal})
    kind = rng.choice(kinds)
    return rng.choice([command for command in legal if command["type"] == kind])


def finish(client: Any, game: dict[str, Any], seed: int) -> int:
    """Play every seat of `game` from its legal commands to the end: the last version.
    `client`: a test client or an httpx.Client on a served app."""
    rng = random.Random(seed)
    game_id = game["game_id"]
    for _ in range(5000):
        summary = client.get(f"/games/{game_id}").json()
        if summary["status"] == "finished":
            return int(summary["version"])
        token = game["tokens"][str(summary["view"]["turn"])]
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        client.post(
            f"/games/{game_id}/commands",
            json=pick(view["legal_commands"], rng),
            headers=auth(token),
        )
    raise AssertionError("the game did not end in 5000 commands")


async def stored_log(store: EventStore, game_id: str) -> list[Envelope]:
    return [decode_envelope(event.data) for event in await store.read(game_id)]


class Folded:
    """The states of a growing log, folded once each (replaying from scratch at
    every step would make a long game quadratic)."""

    def __init__(self) -> None:
        self.states: list[GameState] = []

    def at(self, log: list[Envelope], version: int) -> GameState:
        if not self.states:
            self.states.append(replay([log[0].event]))
        while len(self.states) < version:
            self.states.append(evolve(self.states[-1], log[len(self.states)].event))
        return self.states[version - 1]


def _revealed_through(log: list[Envelope], at_version: int) -> int:
    ended = [e.version for e in log[:at_version] if isinstance(e.event, HandEnded)]
    return ended[-1] if ended else 0


def unredacted_through(
    log: list[Envelope], viewer: int | None, at_version: int, *, private_log: bool = False
) -> int:
    """What the viewer may see unredacted: nothing for a private log's spectator; else
    a finished game whole, and hands already over when the ruleset reveals them."""
    if private_log and viewer is None:
        return 0
    if any(isinstance(e.event, GameEnded) for e in log[:at_version]):
        return at_version
    ruleset = log[0].event.ruleset  # type: ignore[union-attr]
    return _revealed_through(log, at_version) if ruleset.reveal_after_hand else 0


def check_no_leak(
    log: list[Envelope],
    served: list[dict[str, Any]],
    viewer: int | None,
    at_version: int,
    *,
    private_log: bool = False,
) -> None:
    """Every served envelope shows the viewer nothing of another seat's hand or the stock,
    except what `unredacted_through` allows."""
    revealed = unredacted_through(log, viewer, at_version, private_log=private_log)
    for raw in served:
        envelope = msgspec.json.decode(msgspec.json.encode(raw), type=Envelope)
        original = log[envelope.version - 1]
        assert envelope.version == original.version
        if envelope.version <= revealed:
            assert envelope.event == original.event
            continue
        _check_event(envelope.event, original.event, viewer)


def _check_event(event: AnyEvent, original: AnyEvent, viewer: int | None) -> None:
    kind = event.__struct_config__.tag
    data = msgspec.to_builtins(event)
    if kind == "hand_dealt":
        assert data["deck"] is None
        for seat, hand in enumerate(data["hands"]):
            assert (hand is not None) == (seat == viewer), (seat, viewer, hand)
    elif kind == "cards_drawn" and data["source"] == "stock":
        assert (data["cards"] is not None) == (data["seat"] == viewer)
    elif kind == "stock_renewed":
        assert data["stock"] is None
    elif kind == "knocked":
        assert (data["stock_card"] is not None) == (data["seat"] == viewer)
    else:
        assert event == original


def check_view(view: dict[str, Any], state: GameState, viewer: int | None) -> None:
    """The view holds the viewer's own hand only, and no stock card."""
    assert view["seat"] == viewer
    assert "stock" not in view
    if viewer is None or state.phase == "deal" or not state.hands:
        assert view["hand"] is None
    else:
        assert view["hand"] == sorted(state.hands[viewer])
    assert view["stock_count"] == len(state.stock)


def finish_beside_a_resigned_seat(
    client: TestClient[Any], game_id: str, token: str, resigned: int = 1
) -> None:
    """Plays a game to its end: the token's seat draws first and discards last, and the
    resigned seat's bot moves as its job would (no worker runs beside a TestClient)."""
    from domain.views import view_for

    games = client.app.state.games

    async def bot_move() -> None:
        view = view_for((await games.game(game_id)).record.state, resigned)
        command = view.legal_commands[0] if view.phase == "draw" else view.legal_commands[-1]
        await games.commands.handle(game_id, resigned, command, actor="bot")

    for _ in range(3000):
        summary = client.get(f"/games/{game_id}").json()
        if summary["status"] == "finished":
            return
        if summary["view"]["turn"] == resigned:
            with client.portal() as portal:
                portal.call(bot_move)
            continue
        view = client.get(f"/games/{game_id}/view", headers=auth(token)).json()
        legal = view["legal_commands"]
        command = legal[0] if view["phase"] == "draw" else legal[-1]
        client.post(f"/games/{game_id}/commands", json=command, headers=auth(token))
    raise AssertionError("the game did not end")
