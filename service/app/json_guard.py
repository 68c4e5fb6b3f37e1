"""JSON a parser would read differently or not at all: too deep, repeated keys, huge integers.

msgspec (like most parsers) keeps the last of two equal keys, recurses until
Python's recursion limit (a RecursionError, not a decode error) and reads an
integer of any size. Each is refused here, before any handler sees the body:
another reader of the same bytes (a log's next importer, a proxy that checks
`type`) would see another document, and an integer beyond 64 bits cannot be
stored (msgpack, Redis) once accepted.

The checks work on the body's skeleton (the bytes with every string literal
cut out), so they cost a few C-level passes; a slow path that names the place
runs only for a body that fails one.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from service.app.errors import ServiceError

__all__ = ["MAX_DEPTH", "NOT_JSON", "JsonRefused", "check_json", "check_json_lines"]

# Deeper than any body the API takes (a suggest view or a log line nests 6
# levels), far below the recursion limit of the parsers behind us (~1,000).
MAX_DEPTH = 32
INT_MIN, INT_MAX = -(2**63), 2**63 - 1

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
# Every byte but the four brackets, for bytes.translate(None, delete=...).
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPENS_TOO_MANY = re.compile(rb"[\[{]{%d}" % (MAX_DEPTH + 1))
# 2**63 has 19 digits: a shorter run of digits is a number inside the int64 range.
_LONG_DIGITS = re.compile(rb"[0-9]{19}")
# One escape in a string: \uXXXX (its code unit captured) or a backslash and one byte.
_ESCAPE = re.compile(rb"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)


class JsonRefused(ValueError):
    """A body refused before decoding: `code` (json_too_deep, duplicate_key,
    integer_out_of_range) and the facts that explain it."""

    def __init__(self, code: str, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.facts = facts

    def problem(self) -> ServiceError:
        """The refusal as the API answers it (400, with its code and facts)."""
        return ServiceError(self.code, self.message, **self.facts)


# What check_json returns for bytes that are not JSON at all.
NOT_JSON: Any = object()


def check_json(body: bytes) -> Any:
    """The decoded document, unless it is nested deeper than MAX_DEPTH, gives a
    key twice in one object, or holds an integer outside -2**63..2**63-1
    (JsonRefused). Bytes that are not JSON at all give NOT_JSON: the caller's
    own decoder reports them in its words."""
    skeleton = _strip_strings(body)
    _check_depth(skeleton)
    try:
        decoded = msgspec.json.decode(body)
    except msgspec.DecodeError:
        _check_surrogates(body)
        if _LONG_DIGITS.search(skeleton):
            _check_huge_integers(body)
        return NOT_JSON
    _check_members(body, skeleton, decoded)
    if _LONG_DIGITS.search(skeleton):
        _check_integers(decoded, "$")
    return decoded


def check_json_lines(body: bytes) -> None:
    """check_json for every line of a JSON-lines file; facts.line names the line."""
    for number, line in enumerate(body.splitlines(), 1):
        if line.strip():
            try:
                check_json(line)
            except JsonRefused as refused:
                refused.facts["line"] = number
                refused.message = f"line {number}: {refused.message}"
                raise


def _check_surrogates(body: bytes) -> None:
    """malformed_json naming a \\u escape that is half a UTF-16 surrogate pair.

    msgspec refuses one, but a high half without its low half reads to it as
    "Input data was truncated": a client would look for a cut-off body."""
    high: re.Match[bytes] | None = None
    for escape in _ESCAPE.finditer(body):
        unit = int(escape[1], 16) if escape[1] is not None else None
        if high is not None:
            if escape.start() != high.end() or unit is None or not 0xDC00 <= unit <= 0xDFFF:
                break
            high = None
        elif unit is not None and 0xD800 <= unit <= 0xDBFF:
            high = escape
        elif unit is not None and 0xDC00 <= unit <= 0xDFFF:
            raise _lone_surrogate(escape, "a low surrogate without a high one before it")
    if high is not None:
        raise _lone_surrogate(high, "a high surrogate without a low one after it")


def _lone_surrogate(escape: re.Match[bytes], fault: str) -> JsonRefused:
    text = escape[0].decode("ascii")
    return JsonRefused(
        "malformed_json",
        f"the JSON holds an invalid \\u escape at byte {escape.start()}: {text} is {fault} "
        "(a lone UTF-16 surrogate); send the character itself, or both halves of its pair",
    )


def _strip_strings(data: bytes) -> bytes:
    """`data` without its string literals (quotes included)."""
    if b"\\" not in data:
        # Without escapes every second quote closes a string: a C-level split.
        return b"".join(data.split(b'"')[::2])
    return _STRING.sub(b"", data)


def _check_depth(skeleton: bytes) -> None:
    brackets = skeleton.translate(None, _NOT_BRACKETS)
    if len(brackets) <= 2 * MAX_DEPTH:
        return  # too few brackets to nest deeper than the limit
    # Each pass strips the innermost pairs: one level of nesting.
    for _ in range(MAX_DEPTH + 1):
        if not brackets:
            return
        if _OPENS_TOO_MANY.search(brackets):
            break
        shorter = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if len(shorter) == len(brackets):
            return  # unbalanced, and not deep: not JSON, the decoder says why
        brackets = shorter
    raise JsonRefused(
        "json_too_deep", f"the JSON is nested deeper than {MAX_DEPTH} levels", limit=MAX_DEPTH
    )


def _check_members(body: bytes, skeleton: bytes, decoded: Any) -> None:
    # A colon outside strings separates one member from its value; the decoded
    # document, written again, has as many unless a repeated key was dropped.
    members = skeleton.count(b":")
    if members < 2:
        return
    if type(decoded) is dict and skeleton.count(b"{") == 1:
        # The document is the one object (a command's body): its keys are all the
        # members it kept, counted without writing it again (about 2 µs a command).
        kept = len(decoded)
    else:
        kept = _strip_strings(msgspec.json.encode(decoded)).count(b":")
    if kept != members:
        path, key = _repeated_key(json.loads(body, object_pairs_hook=_Object), "$")
        raise JsonRefused(
            "duplicate_key",
            f"key {key!r} is given twice in the object at {path}",
            key=key,
            path=path,
        )


class _Object(list[tuple[str, Any]]):
    """A JSON object as its pairs, in order, repeats kept (the slow path only)."""


def _repeated_key(node: Any, path: str) -> tuple[str, str]:
    """(path of the first object with a repeated key, that key), or ("", "")."""
    if isinstance(node, _Object):
        seen: set[str] = set()
        for key, _ in node:
            if key in seen:
                return path, key
            seen.add(key)
        children = [(f"{path}.{key}", value) for key, value in node]
    elif isinstance(node, list):
        children = [(f"{path}[{index}]", value) for index, value in enumerate(node)]
    else:
        return "", ""
    for child_path, child in children:
        found = _repeated_key(child, child_path)
        if found[0]:
            return found
    return "", ""


class _Huge(int):
    """An integer of more digits than Python reads (the slow path only): out of range."""


def _huge_or_int(digits: str) -> int:
    return _Huge() if len(digits) > 20 else int(digits)


def _check_huge_integers(body: bytes) -> None:
    """integer_out_of_range naming the place of an integer too long to read at all.

    msgspec refuses an integer of more than 4,300 digits (Python's limit on reading
    digits) as no JSON; the document is JSON, its integer out of range as any other."""
    try:
        decoded = json.loads(body, parse_int=_huge_or_int)
    except ValueError:
        return  # not JSON for another reason: the caller's decoder says why
    _check_integers(decoded, "$")


def _check_integers(node: Any, path: str) -> None:
    if isinstance(node, bool):
        return
    if isinstance(node, int):
        if isinstance(node, _Huge) or not INT_MIN <= node <= INT_MAX:
            raise JsonRefused(
                "integer_out_of_range",
                f"the integer at {path} is outside -2^63..2^63-1",
                path=path,
                minimum=INT_MIN,
                maximum=INT_MAX,
            )
    elif isinstance(node, dict):
        for key, value in node.items():
            _check_integers(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _check_integers(value, f"{path}[{index}]")
