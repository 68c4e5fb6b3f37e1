"""How uvicorn serves the app: whose word it takes for a client's address, how
long a request may take to arrive, how large a WebSocket message may be, and how a
handshake it cannot accept is refused."""

from __future__ import annotations

from typing import Any

import uvicorn
from litestar import Litestar

from service.http.slow_clients import deadline_protocol
from service.http.websocket_handshakes import ProblemHandshakes
from service.runtime.settings import Settings

__all__ = ["uvicorn_config"]


def uvicorn_config(app: Litestar, settings: Settings, **options: Any) -> uvicorn.Config:
    """uvicorn's config for `app` on the settings' address; `options` add uvicorn's own."""
    return uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        http=deadline_protocol(header_s=settings.header_timeout_s, body_s=settings.body_timeout_s),
        # uvicorn's default believes X-Forwarded-For from 127.0.0.1 (and reads
        # FORWARDED_ALLOW_IPS itself): a client there would pick its own address,
        # and with it its rate-limit bucket. Only the named proxies are believed.
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=list(settings.trusted_proxies),
        # A WebSocket message is held to a body's limit (uvicorn's default is 16 MiB):
        # a client sends one small hello, and every message is read while it watches.
        ws_max_size=settings.max_body_bytes,
        # A handshake it cannot accept is answered with a problem, not plain text.
        ws=ProblemHandshakes,
        **options,
    )
