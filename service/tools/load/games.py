"""The whole-game driver: virtual clients that each create two-seat games and play them out."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from service.tools.load.clients import (
    DEFAULT_TIMEOUT_S,
    REQUEST_TIMEOUT_S,
    run_bounded,
    timed_request,
)
from service.tools.load.figures import Tally
from service.tools.load.raw_http import RawConnection

__all__ = ["STOCK_DRAW", "GameLoad", "GameLoadReport", "play_games"]

# Bounds a game whose server never ends it.
MAX_COMMANDS_PER_GAME = 5000
STOCK_DRAW = b'{"type":"draw","source":"stock","count":1}'


class _View(msgspec.Struct):
    """The seat view fields the driver needs; commands stay raw JSON, posted as they are."""

    seat: int | None
    turn: int
    phase: str
    stock_count: int
    legal_commands: list[msgspec.Raw]


class _Result(msgspec.Struct):
    version: int
    view: _View


class _Created(msgspec.Struct):
    game_id: str
    tokens: dict[str, str]


_view_decoder = msgspec.json.Decoder(_View)
_result_decoder = msgspec.json.Decoder(_Result)
_created_decoder = msgspec.json.Decoder(_Created)


@dataclass(frozen=True)
class GameLoad:
    url: str = "http://127.0.0.1:8000"
    # Several API nodes: the virtual clients take them in turn (else `url` alone).
    urls: tuple[str, ...] = ()
    games: int = 200
    concurrency: int = 50
    preset: str = "basic"
    seed: int = 0
    rules: Mapping[str, Any] = field(default_factory=lambda: {"game_end": "hands:1"})
    timeout_s: float = DEFAULT_TIMEOUT_S
    max_commands_per_game: int = MAX_COMMANDS_PER_GAME
    # Read the next seat's view at every change of turn, instead of drawing blind.
    reads: bool = False


@dataclass
class GameLoadReport:
    games: int
    finished: int = 0
    failed: int = 0
    unfinished: int = 0
    elapsed_s: float = 0.0
    timed_out: bool = False
    commands: Tally = field(default_factory=Tally)
    reads: Tally = field(default_factory=Tally)
    creates: Tally = field(default_factory=Tally)
    # CPU seconds the spawned API process spent in the measured phase (None: not spawned).
    server_cpu_s: float | None = None

    @property
    def tallies(self) -> tuple[Tally, ...]:
        return (self.creates, self.reads, self.commands)

    @property
    def server_errors(self) -> int:
        return sum(tally.server_errors for tally in self.tallies)

    @property
    def client_errors(self) -> int:
        return sum(tally.client_errors for tally in self.tallies)

    @property
    def transport_errors(self) -> int:
        return sum(tally.transport_errors for tally in self.tallies)

    @property
    def requests(self) -> int:
        return sum(len(tally.latencies) for tally in self.tallies)

    @property
    def ok(self) -> bool:
        return (
            not self.timed_out
            and self.finished == self.games
            and not (self.server_errors or self.client_errors or self.transport_errors)
        )


async def _read_view(
    client: RawConnection, report: GameLoadReport, game_id: str, token: str
) -> _View | None:
    body = await timed_request(
        client, report.reads, "GET", f"/games/{game_id}/view", expect=200, token=token
    )
    return None if body is None else _view_decoder.decode(body)


async def _play_one(
    client: RawConnection, config: GameLoad, index: int, report: GameLoadReport
) -> None:
    seed = config.seed + index
    rng = random.Random(seed)
    creation = {
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "preset": config.preset,
        "rules": dict(config.rules),
        "seed": seed,
    }
    body = await timed_request(
        client,
        report.creates,
        "POST",
        "/games",
        expect=201,
        content=msgspec.json.encode(creation),
    )
    if body is None:
        report.failed += 1
        return
    created = _created_decoder.decode(body)
    game_id = created.game_id
    tokens = {int(seat): token for seat, token in created.tokens.items()}
    view = await _read_view(client, report, game_id, tokens[0])
    if view is not None and view.phase != "over" and view.turn != 0:
        view = await _read_view(client, report, game_id, tokens[view.turn])
    for _ in range(config.max_commands_per_game):
        if view is None:
            report.failed += 1
            return
        if view.phase == "over":
            report.finished += 1
            return
        seat = view.turn
        if view.seat != seat:
            # The view is the last player's answer: the next seat opens with a stock draw.
            command = STOCK_DRAW
        elif view.legal_commands:
            command = bytes(rng.choice(view.legal_commands))
        else:
            report.commands.note_error(f"game {game_id}: seat {seat} has no legal command")
            report.failed += 1
            return
        body = await timed_request(
            client,
            report.commands,
            "POST",
            f"/games/{game_id}/commands",
            expect=200,
            content=command,
            token=tokens[seat],
        )
        if body is None:
            report.failed += 1
            return
        view = _result_decoder.decode(body).view
        if view.phase != "over" and view.turn != seat and not _may_draw_blind(view, config):
            # The answer is the caller's view; the next seat's needs one read.
            view = await _read_view(client, report, game_id, tokens[view.turn])
    report.unfinished += 1


def _may_draw_blind(view: _View, config: GameLoad) -> bool:
    """Whether the next seat may open its turn with a stock draw without reading its view."""
    return not config.reads and view.phase == "draw" and view.stock_count > 0


async def play_games(
    config: GameLoad, *, on_game: Callable[[], None] | None = None
) -> GameLoadReport:
    """Play `config.games` games with `config.concurrency` virtual clients."""
    report = GameLoadReport(games=config.games)
    indexes = iter(range(config.games))

    urls = config.urls or (config.url,)

    async def worker(number: int) -> None:
        # Each virtual client has its own connection and takes the next game when done.
        url = urls[number % len(urls)]
        async with RawConnection(url, timeout_s=REQUEST_TIMEOUT_S) as connection:
            for index in indexes:
                await _play_one(connection, config, index, report)
                if on_game is not None:
                    on_game()

    started = time.perf_counter()
    workers = [worker(number) for number in range(max(1, min(config.concurrency, config.games)))]
    report.timed_out = not await run_bounded(workers, config.timeout_s)
    report.elapsed_s = time.perf_counter() - started
    return report
