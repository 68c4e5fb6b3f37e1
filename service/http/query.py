"""Query strings and paths: every query parameter a route reads is a single value, an
integer one (or an integer header, Last-Event-ID, or a path's integer) is written as one,
and a boolean one is `true` or `false`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl

from litestar.connection import ASGIConnection
from litestar.params import HeaderParameter
from litestar.routes.base import BaseRoute
from litestar.types import Empty
from litestar.typing import FieldDefinition
from litestar.utils.scope.state import ScopeState

from service.app.errors import ServiceError

__all__ = ["check_query_parameters", "written_as_an_integer"]

# Digits only: Litestar reads `5.0` and `1e3` as integers, which no client means. And
# one spelling each, as JSON writes them (no `01`, no `-0`): a path's `/seats/01` would
# answer as `/seats/1`, one resource under many names.
_INTEGER = re.compile(r"0|-?[1-9][0-9]*")
# As JSON and the OpenAPI document write them: Litestar also reads `1`, `0`, `True` and
# `null`, so one filter had many names and a typo (`rated=null`) filtered nothing.
_BOOLEANS = frozenset({"true", "false"})


def written_as_an_integer(text: str) -> bool:
    """Whether `text` is an integer in its one spelling: digits, `-` before a negative."""
    return _INTEGER.fullmatch(text) is not None


async def check_query_parameters(request: ASGIConnection[Any, Any, Any, Any]) -> None:
    """A `before_request` hook (and the WebSocket's first check): a parameter of the
    route given twice is a 400 `invalid_parameter` (parameters the route does not
    read are ignored, as ever).

    Litestar would quietly keep the last value, so `?offset=-1&offset=2` read as
    offset 2 and hid the client's mistake; no route takes a list in its query."""
    # From the scope: Litestar's `route_handler` property is two calls, on every request.
    handler = request.scope["route_handler"]
    headers, places = _integer_places(handler, request.scope.get("path_template", ""))
    if headers:
        _check_integer_headers(request, headers)
    if places:
        _check_path_integers(request, places)
    raw = request.scope["query_string"]
    if not raw:
        return
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    names = [name for name, _ in pairs]
    if len(set(names)) < len(names):
        declared = handler.parsed_fn_signature.parameters
        counts = Counter(names)
        repeated = sorted(name for name, count in counts.items() if count > 1 and name in declared)
        if repeated:
            raise ServiceError(
                "invalid_parameter",
                f"query parameter {repeated[0]!r} is given more than once",
                parameters=repeated,
            )
    integers, booleans = _typed_parameters(handler)
    for name, value in pairs:
        if name in integers and not _INTEGER.fullmatch(value):
            raise ServiceError(
                "invalid_parameter",
                f"query parameter {name!r} must be an integer, not {value!r}",
                parameters=[name],
            )
        if name in booleans and value not in _BOOLEANS:
            raise ServiceError(
                "invalid_parameter",
                f"query parameter {name!r} must be true or false, not {value!r}",
                parameters=[name],
            )


def _check_integer_headers(
    request: ASGIConnection[Any, Any, Any, Any], headers: tuple[tuple[str, str], ...]
) -> None:
    """Each of the route's integer `headers` (parameter, header) is written as an
    integer or not sent; one sent empty counts as not sent."""
    for name, header in headers:
        value = request.headers.get(header)
        if value == "":
            # No value (the SSE spec: an empty Last-Event-ID is no resume point).
            _drop_header(request, header)
        elif value is not None and not _INTEGER.fullmatch(value):
            raise ServiceError(
                "invalid_parameter",
                f"header {header!r} must be an integer, not {value!r}",
                parameters=[name],
            )


def _check_path_integers(
    request: ASGIConnection[Any, Any, Any, Any], places: tuple[tuple[int, str], ...]
) -> None:
    """Litestar reads a path's integer with `int()`, which takes `+1`, ` 1`, `1_0` and
    other scripts' digits: refused here as in a query."""
    segments = request.scope["path"].split("/")
    for index, name in places:
        segment = segments[index] if index < len(segments) else ""
        if not _INTEGER.fullmatch(segment):
            raise ServiceError(
                "invalid_parameter",
                f"path parameter {name!r} must be an integer, not {segment!r}",
                parameters=[name],
            )


def misfit_path_integer(
    routes: Sequence[BaseRoute], path: str
) -> tuple[BaseRoute, ServiceError] | None:
    """The route whose shape a path has (every fixed part and every other parameter
    fits) but for one integer that is no integer (`/states/abc`), with the
    invalid_parameter that names it: Litestar's router parses `{name:int}` itself and,
    finding no route, says 404, where a number out of range (`/states/-1`) or written
    otherwise (`+1`) is a 400. (The route's methods are the caller's to check first.)"""
    given = path.strip("/").split("/")
    for route in routes:
        parts = route.path_components
        if len(parts) != len(given):
            continue
        misfit: tuple[str, str] | None = None
        for part, segment in zip(parts, given, strict=True):
            if isinstance(part, str):
                if part != segment:
                    break
            elif part.type is int and not _INTEGER.fullmatch(segment):
                if misfit is not None:
                    break  # two misfits: not this route's shape
                misfit = (part.name, segment)
            elif not _parses(part.parser, segment):
                break
        else:
            if misfit is not None:
                name, segment = misfit
                return route, ServiceError(
                    "invalid_parameter",
                    f"path parameter {name!r} must be an integer, not {segment!r}",
                    parameters=[name],
                )
    return None


def _parses(parser: Callable[[str], Any] | None, segment: str) -> bool:
    if parser is None:
        return True
    try:
        parser(segment)
    except (ValueError, TypeError, ArithmeticError):
        return False
    return True


# Where each path template of a route has its integers, with the route's integer headers
# (Last-Event-ID): found at its first request (the check runs on every request, the
# command route's included), in one look-up. Kept in the handler's own `opt`, which
# Litestar gives every handler (its own OPTIONS ones too) for such notes.
_INTEGER_PLACES = "rummy.integer_places"
_Places = tuple[tuple[tuple[str, str], ...], tuple[tuple[int, str], ...]]


def _integer_places(handler: Any, template: str) -> _Places:
    """The route's integer headers (`_integer_headers`), and the (segment index,
    parameter) of each integer in its path `template`."""
    known: dict[str, _Places] = handler.opt.setdefault(_INTEGER_PLACES, {})
    places = known.get(template)
    if places is None:
        declared = handler.parsed_fn_signature.parameters
        in_path = tuple(
            (index, name)
            for index, pattern in enumerate(template.split("/"))
            if pattern.startswith("{")
            and (name := pattern.strip("{}").partition(":")[0]) in declared
            and _integer(declared[name])
        )
        places = known[template] = (_integer_headers(handler), in_path)
    return places


def _drop_header(request: ASGIConnection[Any, Any, Any, Any], header: str) -> None:
    """The request as if it came without `header` (read by the route after this hook)."""
    name = header.lower().encode("latin-1")
    request.scope["headers"] = [pair for pair in request.scope["headers"] if pair[0] != name]
    ScopeState.from_scope(request.scope).headers = Empty  # parsed again from the scope


def _integer_headers(handler: Any) -> tuple[tuple[str, str], ...]:
    """(parameter, header) of each integer header the route reads."""
    return tuple(
        (name, header)
        for name, field in handler.parsed_fn_signature.parameters.items()
        if (header := _header_of(field)) is not None and _integer(field)
    )


# The route's integer and boolean parameters by name, found at its first request with
# a query.
_TYPED_PARAMETERS = "rummy.typed_parameters"


def _typed_parameters(handler: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The names of the parameters the route reads as integers, and as booleans."""
    found: tuple[frozenset[str], frozenset[str]] | None = handler.opt.get(_TYPED_PARAMETERS)
    if found is None:
        declared = handler.parsed_fn_signature.parameters
        found = (
            frozenset(name for name, field in declared.items() if _integer(field)),
            frozenset(name for name, field in declared.items() if _of_type(field, bool)),
        )
        handler.opt[_TYPED_PARAMETERS] = found
    return found


def _header_of(field: FieldDefinition) -> str | None:
    kwarg = field.kwarg_definition
    header: str | None = getattr(kwarg, "header", None)
    if header is None and isinstance(kwarg, HeaderParameter):
        header = kwarg.name
    return header


def _integer(field: FieldDefinition) -> bool:
    return _of_type(field, int)


def _of_type(field: FieldDefinition, kind: type) -> bool:
    """Whether the field is of `kind`, or `kind | None`."""
    kinds = [inner.annotation for inner in field.inner_types] if field.is_optional else []
    return kind in (field.annotation, *kinds)
