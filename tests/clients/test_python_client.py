"""The official Python client (api-spec/clients/python): current with the contract, and
enough to play a game against a bot, follow it live through drops, and move its log,
with no HTTP written by hand."""

from __future__ import annotations

import filecmp
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
from cut_proxy import cut_proxy
from rummy_client import ProblemError, connect, follow
from rummy_client.generated import AuthenticatedClient, models
from rummy_client.generated.api.events import list_events
from rummy_client.generated.api.games import create_game, get_game
from rummy_client.generated.api.logs import export_log, import_log
from rummy_client.generated.api.seats import get_seat_view, post_command
from rummy_client.generated.types import File
from rummy_client.problems import raise_for_problem
from served import rummy_served

# Long (whole games through the client): handed out first (tests/conftest.py).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "api-spec" / "clients" / "python"
T = TypeVar("T")


def test_the_committed_client_is_what_the_contract_generates(tmp_path: Path) -> None:
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run(
        [str(generator), "generate", "--path", str(ROOT / "api-spec" / "openapi.json")]
        + ["--meta", "none", "--config", str(CLIENT / "generator.yaml")]
        + ["--output-path", str(tmp_path / "generated")],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    fresh = tmp_path / "generated"
    committed = CLIENT / "rummy_client" / "generated"
    assert _files(fresh) == _files(committed), "run `make clients`"
    _, mismatched, errors = filecmp.cmpfiles(fresh, committed, sorted(_files(fresh)), shallow=False)
    assert (mismatched, errors) == ([], []), "run `make clients`"


def _files(folder: Path) -> set[str]:
    return {
        str(path.relative_to(folder))
        for path in folder.rglob("*.py")
        if "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with rummy_served(tmp_path_factory.mktemp("serve")) as url:
        yield url


def test_the_readme_example_runs_to_the_games_end(server: str) -> None:
    example = re.search(r"```python\n(.*?)```", (CLIENT / "README.md").read_text(), re.S)
    assert example is not None
    code = example.group(1).replace("http://127.0.0.1:8000", server)
    # This checkout's client, whichever one the environment installed.
    path = os.pathsep.join([str(CLIENT), os.environ.get("PYTHONPATH", "")])
    ran = subprocess.run(
        [sys.executable, "-c", code],
        env=os.environ | {"PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    # Followed to the end, not waiting on the seat: the game's end, or (a tie played
    # on past three hands with nobody at the table) its abandonment.
    assert re.search(r" game_(ended|abandoned)\n", ran.stdout), ran.stdout[-300:]


def _new_game_against_a_bot(base_url: str, level: int = 3) -> tuple[str, str]:
    """A one-hand game, seat 0 to the caller, against a bot (level 3: the hand is short)."""
    body = models.CreateGame(
        seats=[
            models.SeatSpec(kind=models.SeatSpecKind.HUMAN),
            models.SeatSpec(kind=models.SeatSpecKind.BOT, level=level),
        ],
        rules=models.RuleOverrides(game_end="hands:1"),
    )
    with connect(base_url) as anyone:
        created = create_game.sync(client=anyone, body=body)
    assert isinstance(created, models.CreatedGameOut)
    return created.game_id, created.tokens.additional_properties["0"]


def _play_to_the_end(base_url: str, game_id: str, token: str) -> int:
    """Seat 0 plays from its legal commands (a meld when it can, else the first) until
    the game ends; the bot answers through the server's worker. The game's last version."""
    with connect(base_url, token) as seat:
        return _play(seat, game_id)


def _play(seat: AuthenticatedClient, game_id: str) -> int:
    for _ in range(2000):
        summary = get_game.sync(game_id, client=seat)
        assert isinstance(summary, models.GameSummary)
        if summary.status == models.GameSummaryStatus.FINISHED:
            return summary.version
        view = get_seat_view.sync(game_id, client=seat)
        assert isinstance(view, models.View)
        if view.turn != 0 or not view.legal_commands:
            list_events.sync(game_id, client=seat, after=view.version, wait=10)
            continue
        melds = [c for c in view.legal_commands if isinstance(c, models.LayMeldsCommand)]
        command = melds[0] if melds else view.legal_commands[-1]
        command.expected_version = view.version
        _past_the_rate_limit(partial(post_command.sync, game_id, client=seat, body=command))
    raise AssertionError("the game did not end")


def _past_the_rate_limit(send: Callable[[], T]) -> T:
    """What `send` answers once the address's command budget lets it through: a client
    plays within the server's rate limit, waiting when told to, and the games this
    module's tests played just before may have spent this second's budget."""
    for _ in range(20):
        try:
            answer = send()
        except ProblemError as refusal:
            if refusal.code != "rate_limited":
                raise
            time.sleep(refusal.retry_after_s or 1.0)
            continue
        limited = models.PostCommandProblemCode.RATE_LIMITED
        if not (isinstance(answer, models.PostCommandProblem) and answer.code == limited):
            return answer
        time.sleep(1.0)
    raise AssertionError("still rate limited after 20 tries")


def test_a_whole_game_against_a_bot_followed_live_through_two_drops(server: str) -> None:
    # Level 1: its hands are long, the second drop comes before the end.
    game_id, token = _new_game_against_a_bot(server, level=1)
    seen: list[int] = []
    with cut_proxy(server) as proxy:
        follower_done = threading.Event()
        failed: list[BaseException] = []

        def watch() -> None:
            try:
                with connect(proxy.url, token) as watcher:
                    for envelope in follow(watcher, game_id):
                        seen.append(envelope["version"])
                        if len(seen) in (5, 25):  # two drops mid-game
                            proxy.cut()
            except BaseException as error:  # the test reports it, not the thread
                failed.append(error)
            follower_done.set()

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        last = _play_to_the_end(server, game_id, token)
        assert follower_done.wait(timeout=120), f"the follower stopped at {seen[-1:]}"
        assert failed == []
        assert proxy.cuts == 2
    assert seen == list(range(1, last + 1))  # no gap, no repeat, to the end


def test_the_exported_log_imports_as_the_same_game(server: str) -> None:
    game_id, token = _new_game_against_a_bot(server)
    last = _play_to_the_end(server, game_id, token)
    with connect(server, token) as seat, connect(server) as anyone:
        exported = export_log.sync(game_id, client=seat, format_=models.ExportLogFormat.JSON)
        # One response, one parser in this generator: `format=json` comes as bytes too.
        assert isinstance(exported, File)
        document = models.LogDocument.from_dict(json.loads(exported.payload.read()))
        imported = import_log.sync(client=anyone, body=document)
        assert isinstance(imported, models.CreatedGameOut)
        original = get_game.sync(game_id, client=seat)
        copy = get_game.sync(imported.game_id, client=anyone)
    assert isinstance(original, models.GameSummary) and isinstance(copy, models.GameSummary)
    assert copy.version == last and copy.view.totals == original.view.totals
    assert copy.status == models.GameSummaryStatus.FINISHED


def test_the_log_exported_at_the_default_format_imports_as_the_same_game(server: str) -> None:
    game_id, token = _new_game_against_a_bot(server)
    last = _play_to_the_end(server, game_id, token)
    with connect(server, token) as seat, connect(server) as anyone:
        exported = export_log.sync(game_id, client=seat)
        # The default answer is JSON lines (`application/x-ndjson`): its raw bytes.
        assert isinstance(exported, File), exported
        header, *events = exported.payload.read().splitlines()
        document = models.LogDocument.from_dict(
            {"header": json.loads(header), "events": [json.loads(line) for line in events]}
        )
        imported = import_log.sync(client=anyone, body=document)
        assert isinstance(imported, models.CreatedGameOut)
        copy = get_game.sync(imported.game_id, client=anyone)
    assert isinstance(copy, models.GameSummary) and copy.version == last


def test_a_refusal_is_a_problem_error_with_its_code_and_facts(server: str) -> None:
    game_id, token = _new_game_against_a_bot(server)
    body = models.DrawCommand(type_="draw", expected_version=999)
    with connect(server, token) as seat, pytest.raises(ProblemError) as refused:
        _past_the_rate_limit(lambda: post_command.sync(game_id, client=seat, body=body))
    assert refused.value.status == 409
    assert refused.value.code == "version_conflict"
    assert refused.value.facts["current_version"] >= 2


def test_a_refusal_parses_as_the_operations_problem_with_facts_typed_by_code(
    server: str,
) -> None:
    game_id, token = _new_game_against_a_bot(server)
    body = models.DrawCommand(type_="draw", expected_version=999)
    # No raising hook: the generated parser's own reading of the 409.
    with AuthenticatedClient(base_url=server, token=token) as seat:
        refused = _past_the_rate_limit(lambda: post_command.sync(game_id, client=seat, body=body))
    assert isinstance(refused, models.PostCommandProblem)
    assert refused.code == models.PostCommandProblemCode.VERSION_CONFLICT
    assert isinstance(refused.facts, models.VersionConflictFacts)
    assert refused.facts.expected_version == 999 and refused.facts.current_version >= 2


def test_facts_a_newer_server_adds_are_kept() -> None:
    facts = {"kind": "create", "per": "client", "limit": "5/1 minute", "retry_after_s": 3}
    problem = models.CreateGameProblem.from_dict(
        {"type": "/problems/rate_limited", "title": "Rate limited", "status": 429}
        | {"code": "rate_limited", "facts": facts | {"burst": 2}}
    )
    assert isinstance(problem.facts, models.RateLimitedFacts)
    assert problem.facts.retry_after_s == 3 and problem.facts["burst"] == 2


def test_a_code_this_client_does_not_know_is_kept_not_a_crash() -> None:
    body = b'{"status": 418, "code": "tea_time", "detail": "later", "facts": {"cups": 2}}'
    response = httpx.Response(418, content=body, headers={"retry-after": "3"})
    with pytest.raises(ProblemError) as refused:
        raise_for_problem(response)
    assert (refused.value.code, refused.value.facts, refused.value.retry_after_s) == (
        "tea_time",
        {"cups": 2},
        3.0,
    )
