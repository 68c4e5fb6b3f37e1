"""AppendBatcher on a stand-in connection: what it sends; a dead loop's queue is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from service.store.append_batch import AppendBatcher


class FakeConnection:
    """Answers every EVALSHA with its first key, recording each write."""

    def __init__(self) -> None:
        self.writes: list[list[tuple[Any, ...]]] = []
        self._replies: list[Any] = []

    def pack_commands(self, commands: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        return commands

    async def send_packed_command(self, commands: list[tuple[Any, ...]]) -> None:
        self.writes.append(commands)
        self._replies += [command[3] for command in commands]  # EVALSHA sha numkeys key...

    async def read_response(self, timeout: float | None = None) -> Any:
        return self._replies.pop(0)

    async def disconnect(self) -> None:
        pass

    socket_timeout = 5.0


class FakePool:
    def __init__(self) -> None:
        self.connection = FakeConnection()

    async def get_connection(self) -> FakeConnection:
        return self.connection

    async def release(self, connection: FakeConnection) -> None:
        pass


class FakeClient:
    def __init__(self) -> None:
        self.connection_pool = FakePool()


class FakeScript:
    sha = "feed"
    script = "return KEYS[1]"


def batcher() -> tuple[AppendBatcher, FakeConnection]:
    client = FakeClient()
    return AppendBatcher(client, FakeScript()), client.connection_pool.connection  # type: ignore[arg-type]


def test_calls_of_one_loop_turn_are_written_together_and_answered_in_order() -> None:
    append, connection = batcher()

    async def run() -> list[Any]:
        return await asyncio.gather(*(append([f"k{i}"], [b"v"]) for i in range(4)))

    assert asyncio.run(run()) == ["k0", "k1", "k2", "k3"]
    assert connection.writes == [[("EVALSHA", "feed", 1, f"k{i}", b"v") for i in range(4)]]


def test_a_loop_that_ended_with_a_call_queued_does_not_stall_the_next_one() -> None:
    append, connection = batcher()
    ended = asyncio.new_event_loop()
    ended.create_task(append(["orphan"], []))
    # One turn: the call is queued and its sender scheduled, then the loop stops
    # for good before the sender runs.
    ended.call_soon(ended.stop)
    ended.run_forever()
    # Shut down as asyncio.run does: whatever is left is cancelled, unsent.
    left = asyncio.all_tasks(ended)
    for task in left:
        task.cancel()
    ended.run_until_complete(asyncio.gather(*left, return_exceptions=True))
    ended.close()

    async def call_again() -> Any:
        return await asyncio.wait_for(append(["next"], []), 2)

    assert asyncio.run(call_again()) == "next"
    assert connection.writes == [[("EVALSHA", "feed", 1, "next")]]
