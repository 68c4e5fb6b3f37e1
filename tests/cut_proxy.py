"""A TCP proxy on 127.0.0.1 whose connections a test can cut, as a network drop would."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit


class CutProxy:
    def __init__(self, upstream: str) -> None:
        target = urlsplit(upstream)
        self._upstream = (target.hostname or "127.0.0.1", target.port or 80)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.cuts = 0
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"

    def cut(self) -> None:
        """Drop every open connection, both ways, at once."""
        with self._lock:
            sockets, self._open = self._open, set()
            self.cuts += 1
        for each in sockets:
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)
            each.close()

    def serve(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self._upstream)
            with self._lock:
                self._open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=_pipe, args=(source, sink), daemon=True).start()

    def close(self) -> None:
        self._listener.close()
        self.cut()


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    for each in (source, sink):
        with contextlib.suppress(OSError):
            each.shutdown(socket.SHUT_RDWR)


@contextmanager
def cut_proxy(upstream: str) -> Iterator[CutProxy]:
    proxy = CutProxy(upstream)
    thread = threading.Thread(target=proxy.serve, daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        proxy.close()
