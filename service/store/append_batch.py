"""Group commit: the appends a process starts in one event-loop turn go to Redis together.

Under load, many commands (for many games) reach their append in the same
turn of the event loop. Sent one by one, each pays a round trip's client-side
work: a connection from the pool, a socket write, a wake-up for its reply.
Sent back to back on one connection they share it, and the API spends about
a quarter less CPU per command (`rummy loadtest`: 0.26 -> 0.20 ms).

There is no MULTI around a batch: each script call stays its own atomic
unit, exactly as if sent alone, and one call's error (a version conflict is
a reply, a reused command id too) never touches the others. A batch waits
for nothing: it leaves on the loop's next turn with whatever was queued.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from typing import Any

import redis.exceptions
from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, ResponseError

from service.store.durability import ACKNOWLEDGED_BY_MASTER, Durability, NotReplicated

__all__ = ["AppendBatcher"]


class _Call:
    __slots__ = ("args", "done", "keys")

    def __init__(self, keys: Sequence[Any], args: Sequence[Any], done: asyncio.Future[Any]):
        self.keys = keys
        self.args = args
        self.done = done


class AppendBatcher:
    """Runs one registered script per call; the calls of one loop turn share a round trip."""

    def __init__(
        self, client: Redis, script: AsyncScript, durability: Durability = ACKNOWLEDGED_BY_MASTER
    ) -> None:
        self._client = client
        self._script = script
        self._durability = durability
        self._pending: list[_Call] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sending: set[asyncio.Task[None]] = set()  # held: the loop keeps weak references

    async def __call__(self, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            # A loop that ended with calls queued took their sender with it:
            # start afresh, or the next call would wait for a batch never sent.
            self._loop, self._pending = loop, []
        call = _Call(keys, args, loop.create_future())
        self._pending.append(call)
        if len(self._pending) == 1:
            # The task's first step runs on the loop's next turn, after every
            # callback of this one: the appends they start join this batch.
            task = loop.create_task(self._send_pending())
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        return await call.done

    async def _send_pending(self) -> None:
        batch, self._pending = self._pending, []
        try:
            replies = await self._round_trip(batch)
            lost = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
            if lost:
                # The server does not know the script (its first use, a restart,
                # SCRIPT FLUSH): none of those calls ran. Load it once, send them again.
                await self._client.script_load(self._script.script)
                again = await self._round_trip([batch[i] for i in lost])
                for i, reply in zip(lost, again, strict=True):
                    replies[i] = reply
        except BaseException as error:
            # The callers get the error; the task passes on only what is not
            # Redis's (its own cancelling, an interrupt), else nobody reads it.
            for call in batch:
                _settle(call.done, error)
            if not isinstance(error, Exception):
                raise
            return
        for call, reply in zip(batch, replies, strict=True):
            _settle(call.done, reply)

    async def _round_trip(self, batch: Sequence[_Call]) -> list[Any]:
        """Every call's reply (or its error reply as an exception), in order."""
        sha = self._script.sha
        pool = self._client.connection_pool
        connection = await pool.get_connection()  # type: ignore[no-untyped-call]
        try:
            commands = [("EVALSHA", sha, len(c.keys), *c.keys, *c.args) for c in batch]
            commands += wait_command(self._durability)
            await connection.send_packed_command(connection.pack_commands(commands))
            # One deadline for all the replies, not one timer each (a reply
            # read with no timeout of its own, `math.inf` in redis-py's terms).
            replies: list[Any] = []
            async with asyncio.timeout(connection.socket_timeout):
                for _ in commands:
                    try:
                        replies.append(await connection.read_response(timeout=math.inf))
                    except ResponseError as error:  # an error reply: the stream stays in step
                        replies.append(error)
            return confirmed(replies, self._durability)
        except TimeoutError as timeout:
            await connection.disconnect()
            raise redis.exceptions.TimeoutError(
                f"no reply from Redis within {connection.socket_timeout} s"
            ) from timeout
        except BaseException:
            # Cut off mid-batch (a timeout, a cancel, a dropped socket): the
            # replies left unread would answer the next user of the connection.
            await connection.disconnect()
            raise
        finally:
            await pool.release(connection)


def wait_command(durability: Durability) -> list[tuple[Any, ...]]:
    """The WAIT that follows a batch on its connection, if the mode asks for replicas."""
    if not durability.replicas:
        return []
    return [("WAIT", durability.replicas, durability.timeout_ms)]


def confirmed(replies: list[Any], durability: Durability) -> list[Any]:
    """The batch's replies without the WAIT's; each one `NotReplicated` when the
    replicas did not acknowledge in time (an error reply wrote nothing: it stays)."""
    if not durability.replicas:
        return replies
    *replies, acknowledged = replies
    if isinstance(acknowledged, int) and acknowledged >= durability.replicas:
        return replies
    count = acknowledged if isinstance(acknowledged, int) else 0
    short = NotReplicated(durability.replicas, count, durability.timeout_ms)
    return [reply if isinstance(reply, Exception) else short for reply in replies]


def _settle(done: asyncio.Future[Any], outcome: Any) -> None:
    """Hands a reply or an error to a caller that still waits (one that gave up is skipped)."""
    if done.done():
        return
    if isinstance(outcome, asyncio.CancelledError):
        done.cancel()
    elif isinstance(outcome, BaseException):
        done.set_exception(outcome)
    else:
        done.set_result(outcome)
