"""The committed contract turned into a client by openapi-python-client plays a whole game.

The client is generated from api-spec/openapi.json into a temporary folder and
imported from there: create, every seat plays from its `legal_commands` (posted
back as the generated models they came as), the events are followed to the end,
the log is exported and imported into a new game.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import random
import subprocess
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from live_server import serving

from service.http.app import create_app
from service.store import InMemoryEventStore

SPEC = Path(__file__).resolve().parents[2] / "api-spec" / "openapi.json"
PACKAGE = "rummy_generated_client"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    folder = tmp_path_factory.mktemp("client")
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run(
        [str(generator), "generate", "--path", str(SPEC), "--meta", "none"]
        + ["--output-path", str(folder / PACKAGE)],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=folder,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.startswith(PACKAGE)]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serving(create_app(InMemoryEventStore())) as url:
        yield url


def _module(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_generated_client_plays_a_game_follows_it_and_moves_its_log(
    generated: ModuleType, base_url: str
) -> None:
    models = _module("models")
    with contextlib.ExitStack() as clients:
        _play(generated, models, base_url, clients)


# What a spectator (or a player not yet seated) may call without a token.
_ANYONE = (
    "events.list_events",
    "events.stream_events",
    "games.get_game",
    "games.create_game",
    "seats.claim_seat",
    "logs.export_log",
    "logs.get_state_at",
    "logs.fork_game",
    "logs.import_log",
)
_SEATS_ONLY = ("seats.get_seat_view", "seats.post_command", "events.create_ticket")


def test_the_routes_a_spectator_may_call_take_a_client_without_a_token(
    generated: ModuleType,
) -> None:
    # The type a caller's checker (mypy, an IDE) holds their client to.
    def accepted(operation: str) -> set[type]:
        client = inspect.signature(_module(f"api.{operation}").sync).parameters["client"]
        return set(typing.get_args(client.annotation)) or {client.annotation}

    for operation in _ANYONE:
        assert accepted(operation) == {generated.AuthenticatedClient, generated.Client}, operation
    for operation in _SEATS_ONLY:
        assert accepted(operation) == {generated.AuthenticatedClient}, operation


def _play(generated: ModuleType, models: Any, base_url: str, clients: contextlib.ExitStack) -> None:
    create_game = _module("api.games.create_game")
    get_game = _module("api.games.get_game")
    get_seat_view = _module("api.seats.get_seat_view")
    post_command = _module("api.seats.post_command")
    list_events = _module("api.events.list_events")
    export_log = _module("api.logs.export_log")
    import_log = _module("api.logs.import_log")
    anyone = clients.enter_context(
        generated.Client(base_url=base_url, raise_on_unexpected_status=True)
    )
    body = models.CreateGame(
        seats=[models.SeatSpec(kind=models.SeatSpecKind.HUMAN)] * 2,
        seed=11,
        rules=models.RuleOverrides(game_end="hands:1"),
    )
    created = create_game.sync(client=anyone, body=body)
    assert isinstance(created, models.CreatedGameOut), created
    game_id = created.game_id
    seats = {
        int(seat): clients.enter_context(
            generated.AuthenticatedClient(
                base_url=base_url, token=token, raise_on_unexpected_status=True
            )
        )
        for seat, token in created.tokens.additional_properties.items()
    }

    # Dealt: a spectator reads the log without a token, seat 0's token shows it its hand.
    dealt = _events(list_events, models, game_id, anyone)
    assert dealt and dealt != _events(list_events, models, game_id, seats[0])

    rng = random.Random(11)
    for _ in range(3000):
        summary = get_game.sync(game_id, client=anyone)
        assert isinstance(summary, models.GameSummary), summary
        if summary.status == models.GameSummaryStatus.FINISHED:
            break
        seat = seats[summary.view.turn]
        view = get_seat_view.sync(game_id, client=seat)
        assert isinstance(view, models.View), view
        # A legal command goes back as the model it came as, at the view's version.
        command = rng.choice(view.legal_commands)
        command.expected_version = view.version
        result = post_command.sync(game_id, client=seat, body=command)
        assert isinstance(result, models.CommandResult), result
    else:
        raise AssertionError("the game did not end")
    last = summary.version

    # A spectator follows the game to its end without a token, as a seat does with one.
    watched = _events(list_events, models, game_id, anyone)
    played = _events(list_events, models, game_id, seats[0])
    assert [envelope["version"] for envelope in watched] == list(range(1, last + 1))
    assert [envelope["version"] for envelope in played] == list(range(1, last + 1))

    # The default export is JSON lines, which the generator reads as the text they also are
    # (it knows no JSON-lines type: read as one JSON document, they failed with "Extra
    # data"); `format=json` comes as text too, one parser a response.
    lines = export_log.sync(game_id, client=seats[0])
    assert isinstance(lines, str), lines
    header, *logged = (json.loads(line) for line in lines.splitlines())
    as_json = export_log.sync(game_id, client=seats[0], format_=models.ExportLogFormat.JSON)
    assert isinstance(as_json, str) and json.loads(as_json) == {"header": header, "events": logged}
    document = models.LogDocument.from_dict(json.loads(as_json))
    assert len(document.events) == last
    imported = import_log.sync(client=anyone, body=document)
    assert isinstance(imported, models.CreatedGameOut), imported
    copy = get_game.sync(imported.game_id, client=anyone)
    assert isinstance(copy, models.GameSummary)
    assert copy.status == models.GameSummaryStatus.FINISHED and copy.version == last
    assert copy.view.totals == summary.view.totals


def _events(list_events: Any, models: Any, game_id: str, client: Any) -> list[dict[str, Any]]:
    """Every event of the game, page by page from each page's cursor, as `client` sees it."""
    events: list[dict[str, Any]] = []
    after = 0
    for _ in range(100):
        page = list_events.sync(game_id, client=client, after=after, limit=50)
        assert isinstance(page, models.EventPage), page
        events += [envelope.to_dict() for envelope in page.events]
        after = page.next_after
        if page.ended or not page.has_more:
            return events
    raise AssertionError("the pages did not end")


def test_a_problem_code_the_client_does_not_know_is_kept_not_a_crash(
    generated: ModuleType,
) -> None:
    # A newer server's code: the generated client raised ValueError on it.
    models = _module("models")
    problem = models.Problem.from_dict(
        {"type": "/problems/tea_time", "title": "Tea time", "status": 418, "code": "tea_time"}
    )
    assert problem.code == "tea_time"
    known = models.Problem.from_dict(
        {"type": "/problems/game_over", "title": "Game over", "status": 409, "code": "game_over"}
    )
    assert known.code == models.ProblemCode.GAME_OVER
