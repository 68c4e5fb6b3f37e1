"""A minimal keep-alive HTTP/1.1 client connection, for the load driver.

The load driver shares two cores with the server and Redis: with a full
client library (httpx) the driver itself, not the server, set the measured
latency (about 1 ms of client CPU a request). One connection per virtual
client, one request at a time on it, requests written as bytes and answers
read by Content-Length (or chunks): the client's share of the CPU stays
small, so what the figures show is the server.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

__all__ = ["HttpError", "RawConnection", "split_url"]

_HEADER_END = b"\r\n\r\n"
_MAX_HEADER_BYTES = 64 * 1024


class HttpError(Exception):
    """The connection failed or the server's answer was not HTTP/1.1 as expected."""


def split_url(url: str) -> tuple[str, int, str]:
    """(host, port, path prefix) of an `http://` base URL."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"only plain http://host[:port][/prefix] URLs are supported: {url!r}")
    return parts.hostname, parts.port or 80, parts.path.rstrip("/")


class RawConnection:
    """One keep-alive connection; reconnects once when the server closed it while idle."""

    def __init__(self, url: str, *, timeout_s: float = 30.0) -> None:
        self._host, self._port, self._prefix = split_url(url)
        self._host_header = f"{self._host}:{self._port}".encode()
        self._timeout_s = timeout_s
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        token: str | None = None,
    ) -> tuple[int, bytes]:
        """(status, body) of one request."""
        message = self._encode(method, path, body, token)
        fresh = self._writer is None
        try:
            async with asyncio.timeout(self._timeout_s):
                if fresh:
                    await self._connect()
                try:
                    return await self._exchange(message)
                except (ConnectionError, asyncio.IncompleteReadError):
                    if fresh:
                        raise
                    # A keep-alive connection the server closed while idle: one retry.
                    await self.aclose()
                    await self._connect()
                    return await self._exchange(message)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
            await self.aclose()
            raise HttpError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
        except HttpError:
            await self.aclose()
            raise

    async def aclose(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def __aenter__(self) -> RawConnection:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    def _encode(self, method: str, path: str, body: bytes | None, token: str | None) -> bytes:
        lines = [f"{method} {self._prefix}{path} HTTP/1.1".encode(), b"host: " + self._host_header]
        if token is not None:
            lines.append(f"authorization: Bearer {token}".encode())
        if body is not None:
            lines.append(b"content-type: application/json")
            lines.append(b"content-length: %d" % len(body))
        return b"\r\n".join(lines) + _HEADER_END + (body or b"")

    async def _connect(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(
            self._host, self._port, limit=_MAX_HEADER_BYTES
        )

    async def _exchange(self, message: bytes) -> tuple[int, bytes]:
        reader, writer = self._reader, self._writer
        assert reader is not None and writer is not None
        writer.write(message)
        head = await reader.readuntil(_HEADER_END)
        status, length, chunked, closes = _parse_head(head)
        if chunked:
            body = await _read_chunks(reader)
        elif length is not None:
            body = await reader.readexactly(length)
        else:
            body = await reader.read()  # no length: the body runs to the close
            closes = True
        if closes:
            await self.aclose()
        return status, body


def _parse_head(head: bytes) -> tuple[int, int | None, bool, bool]:
    """(status, content length, chunked, server closes) of a response head."""
    lines = head.split(b"\r\n")
    status_line = lines[0].split(b" ", 2)
    if len(status_line) < 2 or not status_line[0].startswith(b"HTTP/1."):
        raise HttpError(f"not an HTTP/1.x answer: {lines[0][:80]!r}")
    try:
        status = int(status_line[1])
    except ValueError as exc:
        raise HttpError(f"bad status line: {lines[0][:80]!r}") from exc
    length: int | None = None
    chunked = closes = False
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
        elif name == b"connection":
            closes = b"close" in value.lower()
    return status, length, chunked, closes


async def _read_chunks(reader: asyncio.StreamReader) -> bytes:
    parts: list[bytes] = []
    while True:
        size_line = await reader.readuntil(b"\r\n")
        size = int(size_line.split(b";", 1)[0], 16)
        if size == 0:
            # Trailers end with an empty line.
            while await reader.readuntil(b"\r\n") != b"\r\n":
                pass
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
