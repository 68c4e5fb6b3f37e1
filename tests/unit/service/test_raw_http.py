"""The load driver's HTTP/1.1 client against a server that answers with canned bytes."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from service.tools.load.raw_http import HttpError, RawConnection, split_url

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def _serve(handler: Handler) -> tuple[asyncio.Server, str]:
    async def closing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await handler(reader, writer)
        finally:
            writer.close()

    server = await asyncio.start_server(closing, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, f"http://127.0.0.1:{port}"


async def _read_request(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.partition(b":")[2])
    return head + await reader.readexactly(length)


def test_requests_share_one_keep_alive_connection_and_carry_body_and_token() -> None:
    seen: list[bytes] = []
    connections: list[int] = []

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(1)
        while not reader.at_eof():
            try:
                seen.append(await _read_request(reader))
            except asyncio.IncompleteReadError:
                break
            writer.write(b"HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\nok")
            await writer.drain()
        writer.close()

    async def main() -> list[tuple[int, bytes]]:
        server, url = await _serve(handler)
        async with server, RawConnection(url + "/api") as connection:
            return [
                await connection.request("POST", "/games", body=b'{"a":1}', token="t0k"),
                await connection.request("GET", "/games/x/view"),
            ]

    answers = asyncio.run(main())

    assert answers == [(201, b"ok"), (201, b"ok")]
    assert len(connections) == 1
    assert seen[0].startswith(b"POST /api/games HTTP/1.1\r\n")
    assert b"authorization: Bearer t0k\r\n" in seen[0] and seen[0].endswith(b'{"a":1}')
    assert seen[1].startswith(b"GET /api/games/x/view HTTP/1.1\r\n")
    assert b"authorization" not in seen[1]


def test_chunked_answers_are_joined() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _read_request(reader)
        writer.write(
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"
            b"3\r\nabc\r\n4;ext=1\r\ndefg\r\n0\r\n\r\n"
        )
        await writer.drain()

    async def main() -> tuple[int, bytes]:
        server, url = await _serve(handler)
        async with server, RawConnection(url) as connection:
            return await connection.request("GET", "/")

    assert asyncio.run(main()) == (200, b"abcdefg")


def test_a_connection_the_server_closed_while_idle_is_opened_again() -> None:
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # One answer per connection, then the server hangs up (keep-alive timed out).
        await _read_request(reader)
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\n1")
        await writer.drain()
        writer.close()

    async def main() -> list[tuple[int, bytes]]:
        server, url = await _serve(handler)
        async with server, RawConnection(url) as connection:
            first = await connection.request("GET", "/")
            await asyncio.sleep(0.05)
            return [first, await connection.request("GET", "/")]

    assert asyncio.run(main()) == [(200, b"1"), (200, b"1")]


def test_garbage_refusals_and_silence_are_http_errors() -> None:
    async def garbage(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await _read_request(reader)
        writer.write(b"SSH-2.0-OpenSSH\r\n\r\n")
        await writer.drain()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await asyncio.sleep(5)

    async def main() -> list[str]:
        errors = []
        for handler in (garbage, silent):
            server, url = await _serve(handler)
            async with server, RawConnection(url, timeout_s=0.3) as connection:
                with pytest.raises(HttpError) as caught:
                    await connection.request("GET", "/")
                errors.append(str(caught.value))
        closed_port = url.rsplit(":", 1)[1]
        async with RawConnection(f"http://127.0.0.1:{closed_port}") as connection:
            with pytest.raises(HttpError):
                await connection.request("GET", "/")
        return errors

    garbage_error, silent_error = asyncio.run(main())
    assert "not an HTTP/1.x answer" in garbage_error
    assert "TimeoutError" in silent_error


def test_only_plain_http_urls_are_accepted() -> None:
    assert split_url("http://127.0.0.1:8000/") == ("127.0.0.1", 8000, "")
    assert split_url("http://example.test/api/") == ("example.test", 80, "/api")
    with pytest.raises(ValueError, match="plain http"):
        split_url("https://example.test")
