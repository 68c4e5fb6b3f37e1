"""`python -m service.tools.command_path`: what one seat's command crosses.

Serves a stock draw (`POST /games/{id}/commands`) through the whole app on the
in-memory store, as the HTTP tests build it (`--redis`: on an embedded Redis, as
`rummy serve` does), and prints the project modules
(`service/`, `domain/`, `workers/`) entered from the route handler's start to
its answer, in order, and the project's record types (msgspec structs,
dataclasses, named tuples) handed to or returned by a project function on the
way, each marked `new` when an instance of it was made during the command.
A game is played a first draw before the measured one, so imports and caches
are warm: the measured draw takes the path every command takes.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import dis
import gc
import inspect
import logging
import os
import sys
import tempfile
from collections.abc import Iterable
from contextlib import AsyncExitStack
from pathlib import Path
from types import CodeType, FrameType, ModuleType
from typing import Any

import httpx
import msgspec
from litestar import Response

from service.http.app import create_app
from service.store import EventStore, InMemoryEventStore, RedisEventStore
from service.store.embedded_redis import EmbeddedRedis

__all__ = ["PathTrace", "main", "trace_draw"]

BASE = "http://rummy.test"
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PACKAGES = ("service", "domain", "workers")
_ROUTE = "post_command"


def _module_of(filename: str) -> str | None:
    """`service/app/commands.py` for a project file, else None (this tool's own too)."""
    if not filename.startswith(_ROOT + os.sep):
        return None
    relative = os.path.relpath(filename, _ROOT)
    if not relative.startswith(tuple(p + os.sep for p in _PACKAGES)):
        return None
    if relative.startswith(os.path.join("service", "tools")):
        return None
    return relative


# A coroutine resumed is reported as a call too: only its first start enters its module.
_SUSPENDABLE = inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR
_starts: dict[CodeType, int] = {}


def _resumed(frame: FrameType) -> bool:
    """Whether this call event resumes a suspended coroutine or generator (one the
    request's task awaits through, started before the route: the middleware)."""
    code = frame.f_code
    if not code.co_flags & _SUSPENDABLE:
        return False
    if code not in _starts:
        first = next(i for i in dis.get_instructions(code) if i.opname == "RESUME")
        _starts[code] = first.offset
    return frame.f_lasti != _starts[code]


def _is_record(kind: type) -> bool:
    return (
        issubclass(kind, msgspec.Struct)
        or dataclasses.is_dataclass(kind)
        or (issubclass(kind, tuple) and hasattr(kind, "_fields"))
    )


def record_types() -> dict[type, str]:
    """Every record class the loaded project modules define, by where it is defined."""
    found: dict[type, str] = {}
    for name, module in list(sys.modules.items()):
        if not isinstance(module, ModuleType) or name.split(".")[0] not in _PACKAGES:
            continue
        for value in list(vars(module).values()):
            if (
                isinstance(value, type)
                and value.__module__ == name
                and _is_record(value)
                and value not in (msgspec.Struct,)
            ):
                found[value] = name
    # Records made at import (the request bodies `msgspec.defstruct` builds from the
    # domain's commands) belong where their project base is defined.
    for kind, name in list(found.items()):
        found.update(_subclasses(kind, name, found))
    return found


def _subclasses(kind: type, name: str, found: dict[type, str]) -> dict[type, str]:
    more: dict[type, str] = {}
    subclasses: list[type] = kind.__subclasses__()
    for sub in subclasses:
        if sub not in found:
            more[sub] = name
            more.update(_subclasses(sub, name, found))
    return more


class PathTrace:
    """A profile hook that notes what the route handler's work enters, once started."""

    def __init__(self, records: dict[type, str]) -> None:
        self.records = records
        self.modules: dict[str, int] = {}
        self.seen: dict[type, bool] = {}
        self.started = False
        self.done = False
        self._alive_before: set[int] = set()

    def arm(self) -> None:
        """Note the record instances alive now: any other seen later was made on the way."""
        self._alive_before = {id(obj) for obj in gc.get_objects() if type(obj) in self.records}

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event not in ("call", "return") or self.done:
            return
        code = frame.f_code
        if not self.started:
            if event == "call" and code.co_name == _ROUTE:
                self.started = True
            else:
                return
        module = _module_of(code.co_filename)
        if module is None:
            return
        if event == "call" and _resumed(frame):
            return
        if event == "call":
            self.modules[module] = self.modules.get(module, 0) + 1
            self._note(frame.f_locals.values())
            return
        self._note((arg,))
        if code.co_name == _ROUTE and isinstance(arg, Response):
            self.done = True  # the handler's answer: the route's work is over

    def _note(self, values: Iterable[Any]) -> None:
        for value in values:
            self._note_one(value)
            if isinstance(value, list | tuple | set | frozenset):
                for item in list(value)[:64]:
                    self._note_one(item)
            elif isinstance(value, dict):
                for item in list(value.values())[:64]:
                    self._note_one(item)

    def _note_one(self, value: Any) -> None:
        kind = type(value)
        if kind in self.records:
            self.seen[kind] = self.seen.get(kind, False) or id(value) not in self._alive_before


async def _draw(client: httpx.AsyncClient, seed: int, trace: PathTrace | None) -> None:
    body = {"preset": "basic", "seats": [{"kind": "human"}] * 2, "seed": seed}
    created = (await client.post("/games", json=body)).json()
    game_id, tokens = created["game_id"], created["tokens"]
    auth = {"Authorization": f"Bearer {tokens['0']}"}
    view = (await client.get(f"/games/{game_id}/view", headers=auth)).json()
    draw = next(c for c in view["legal_commands"] if c.get("type") == "draw")
    command = draw | {"command_id": f"draw-{seed}"}
    if trace is not None:
        trace.arm()
        sys.setprofile(trace)
    try:
        answer = await client.post(f"/games/{game_id}/commands", json=command, headers=auth)
    finally:
        sys.setprofile(None)
    if answer.status_code != 200:
        raise SystemExit(f"the draw got {answer.status_code}: {answer.text}")


async def _trace(redis_url: str | None) -> PathTrace:
    async with AsyncExitStack() as stack:
        store: EventStore = InMemoryEventStore()
        if redis_url is not None:
            from redis.asyncio import Redis

            redis = Redis.from_url(redis_url)
            stack.push_async_callback(redis.aclose)
            store = RedisEventStore(redis)
        app = create_app(store)
        logging.getLogger("httpx").setLevel(logging.WARNING)
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        await stack.enter_async_context(app.lifespan())
        client = await stack.enter_async_context(
            httpx.AsyncClient(transport=transport, base_url=BASE)
        )
        await _draw(client, seed=1, trace=None)  # warm: imports, caches
        trace = PathTrace(record_types())
        await _draw(client, seed=2, trace=trace)
    return trace


def trace_draw(*, redis: bool = False) -> PathTrace:
    """The trace of one stock draw served through the app."""
    if not redis:
        return asyncio.run(_trace(None))
    with EmbeddedRedis(Path(tempfile.mkdtemp()) / "redis") as server:
        return asyncio.run(_trace(server.url))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--redis", action="store_true", help="on an embedded Redis, not the in-memory store"
    )
    trace = trace_draw(redis=parser.parse_args().redis)
    if not trace.started:
        raise SystemExit(f"the route handler ({_ROUTE}) was never entered")
    print(f"modules entered from the route handler to its answer ({len(trace.modules)}):")
    for module, calls in trace.modules.items():
        print(f"  {module:<44} {calls:>5} calls")
    service = {k: new for k, new in trace.seen.items() if not trace.records[k].startswith("domain")}
    domain = {k: new for k, new in trace.seen.items() if trace.records[k].startswith("domain")}
    for title, kinds in (("service", service), ("domain", domain)):
        print(f"{title} record types crossed ({len(kinds)}; new: made during the command):")
        for kind, new in sorted(kinds.items(), key=lambda item: trace.records[item[0]]):
            mark = "new" if new else "   "
            print(f"  {mark} {kind.__name__:<24} {trace.records[kind]}")
    layers: dict[str, int] = {}
    for module in trace.modules:
        layer = "/".join(module.split("/")[:2]) if module.startswith("service/") else "domain"
        layers[layer] = layers.get(layer, 0) + 1
    print("modules by layer: " + ", ".join(f"{layer} {n}" for layer, n in layers.items()))
    print(
        f"figures: modules={len(trace.modules)} service_records={len(service)} "
        f"domain_records={len(domain)}"
    )


if __name__ == "__main__":
    main()
