"""Request bodies: every JSON body passes service.app.json_guard before any route reads it,
and its values must have their declared types as sent."""

from __future__ import annotations

import functools
import math
from typing import Any, cast

import msgspec
from litestar import Request
from litestar._multipart import parse_content_header
from litestar.exceptions import ClientException, InternalServerException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.types import Empty, HTTPReceiveMessage

from service.app.errors import ServiceError
from service.app.json_guard import NOT_JSON, JsonRefused, check_json
from service.http.scope_headers import has_header, header_values

__all__ = ["CheckedRequest", "declares_json"]


class CheckedRequest(Request[Any, Any, Any]):
    """Litestar's request, whose `json()` (the one decoder of every JSON body
    parameter) refuses a body declared as another type than JSON with a 415, and
    too-deep documents, repeated keys and integers beyond 64 bits with a 400,
    before the route runs and before anything is written.

    Litestar converts a body to its type leniently (`"5"` and `5.0` pass as the
    integer 5); a body here must be what the schema says as it is sent."""

    @property
    def content_type(self) -> tuple[str, dict[str, str]]:
        # Read from the scope: Litestar's would build the map of every header first.
        if self._content_type is Empty:
            sent = header_values(self.scope, b"content-type")
            self._content_type = parse_content_header(sent[0] if sent else "")
        return self._content_type

    @property
    def content_length(self) -> int | None:
        if self._content_length is Empty:
            sent = header_values(self.scope, b"content-length")
            try:
                self._content_length = int(sent[0]) if sent else None
            except ValueError:
                raise ClientException(f"Invalid content-length: {sent[0]!r}") from None
        return self._content_length

    async def body(self) -> bytes:
        # Litestar's joins the chunks of `stream()`, an async generator: its set-up and
        # finalization (asyncio's hooks for async generators) cost more than the read of
        # a command's one chunk. The same reading, as a loop.
        if self._body is Empty:
            if (body := self._connection_state.body) is not Empty:
                self._body = body
            else:
                self._body = self._connection_state.body = await self._read_body()
        return self._body

    async def _read_body(self) -> bytes:
        """Every chunk the client sends, as Litestar's `stream()` reads them: refused
        (413) beyond the route's limit, announced or sent; a 500 when the client goes
        away before its body is in, or for a body already consumed as a stream."""
        if not self.is_connected:
            raise InternalServerException("stream consumed")
        if has_header(self.scope, b"content-encoding"):  # rare: not read on every body
            _check_no_content_coding(
                self.content_type[0], header_values(self.scope, b"content-encoding")
            )
        announced = self.content_length
        limit = self.route_handler.resolve_request_max_body_size() or math.inf
        if announced is not None and announced > limit:
            raise RequestEntityTooLarge
        chunks: list[bytes] = []
        received = 0
        while event := cast("HTTPReceiveMessage", await self.receive()):
            if event["type"] == "http.request":
                chunk = event["body"]
                if chunk:
                    received += len(chunk)
                    if received > limit:
                        raise RequestEntityTooLarge
                    chunks.append(chunk)
                if not event.get("more_body", False):
                    break
            if event["type"] == "http.disconnect":
                raise InternalServerException("client disconnected prematurely")
        self.is_connected = False
        return b"".join(chunks)

    async def json(self) -> Any:
        if self._connection_state.json is Empty:
            _check_declared_json(self.content_type[0])
            body = await self.body()
            try:
                document = check_json(body or b"null")
            except JsonRefused as refused:
                raise refused.problem() from None
            if document is not NOT_JSON:
                _check_types_as_sent(body or b"null", document, *_body_check(self))
                # Decoded once: Litestar's json() takes it from the connection state.
                self._connection_state.json = document
        return await super().json()


def _check_declared_json(media_type: str) -> None:
    """415 `unsupported_media_type` for a body declared as something other than JSON.

    A body sent as text or a form is what a browser sends to another origin without
    asking first, and what a client sends by mistake: read as JSON all the same, it
    would be taken for what it does not claim to be. No type at all stays read as
    JSON: a hand-made request that names none (httpx's `content=`) relies on it."""
    declared = media_type.strip().lower()
    if declared and not declares_json(declared):
        raise ServiceError(
            "unsupported_media_type",
            f"the body must be sent as application/json, not {declared}",
            content_type=declared,
        )


def _check_no_content_coding(media_type: str, codings: list[str]) -> None:
    """415 `unsupported_media_type` for a body sent in a content coding (gzip, …).

    Bodies are read as sent: a gzipped one was read as JSON and refused as malformed,
    as if its client had written it wrong, and one merely labelled so was taken. RFC
    9110 (8.4, 15.5.16): a 415 whose Accept-Encoding names the codings taken."""
    sent = [coding.strip().lower() for value in codings for coding in value.split(",")]
    if any(coding not in ("", "identity") for coding in sent):
        declared = ", ".join(codings)
        refused = ServiceError(
            "unsupported_media_type",
            f"the body must be sent as it is, not in the content coding {declared!r}",
            content_type=media_type.strip().lower(),
        )
        refused.headers = {"Accept-Encoding": "identity"}
        raise refused


def declares_json(media_type: str) -> bool:
    """Whether a (parameterless) media type is JSON: `application/json`, or an
    `application/...+json` type, in any case."""
    kind, _, subtype = media_type.strip().lower().partition("/")
    return kind == "application" and (subtype == "json" or subtype.endswith("+json"))


# Where a route keeps its body's type and that type's strict decoder, found at its first
# body: every command's is checked, and finding the decoder by its type (a union, hashed
# in Python by `typing`) took calls of its own. In the handler's own `opt`, as query.py's.
_BODY_CHECK = "rummy.body_check"


def _body_check(request: Request[Any, Any, Any]) -> tuple[Any, msgspec.json.Decoder[Any] | None]:
    """The route's body type (None: it takes none) and its strict decoder (`_strict_decoder`)."""
    # From the scope: Litestar's `route_handler` property is two calls, on every body.
    handler = request.scope["route_handler"]
    found: tuple[Any, msgspec.json.Decoder[Any] | None] | None = handler.opt.get(_BODY_CHECK)
    if found is None:
        parameter = handler.parsed_fn_signature.parameters.get("data")
        body_type = None if parameter is None else parameter.annotation
        decoder = None if body_type is None else _strict_decoder(body_type)
        found = handler.opt[_BODY_CHECK] = (body_type, decoder)
    return found


def _check_types_as_sent(
    body: bytes, document: Any, body_type: Any, decoder: msgspec.json.Decoder[Any] | None
) -> None:
    if body_type is None:
        return
    if decoder is not None:
        try:
            decoder.decode(body)
            return
        except msgspec.DecodeError:
            pass  # the document's own conversion below names the fault
    try:
        msgspec.convert(document, type=body_type, strict=True, str_keys=True)
    except msgspec.ValidationError as strict_error:
        try:
            msgspec.convert(document, type=body_type, strict=False, str_keys=True)
        except msgspec.ValidationError:
            return  # wrong whatever the leniency: Litestar's own check names it
        message, _, place = str(strict_error).partition(" - at `")
        raise ServiceError("invalid_body", message, path=place.rstrip("`") or "$") from None


@functools.cache
def _strict_decoder(body_type: Any) -> msgspec.json.Decoder[Any] | None:
    """A strict decoder of `body_type`, built once: `msgspec.convert` builds one for a
    union on every call (a command body: 8.4 µs, against 0.4 µs to decode its bytes).
    It takes what the strict conversion of the decoded document takes."""
    try:
        return msgspec.json.Decoder(body_type, strict=True)
    except TypeError:
        return None  # not a type msgspec decodes: the conversion alone checks it
