"""The JSON guard: depth, repeated keys and 64-bit integers, wherever they hide."""

from __future__ import annotations

import pytest

from service.app.json_guard import MAX_DEPTH, NOT_JSON, JsonRefused, check_json, check_json_lines


def _refused(body: bytes) -> JsonRefused:
    with pytest.raises(JsonRefused) as caught:
        check_json(body)
    return caught.value


def _lists(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_depth_is_counted_exactly_at_the_limit() -> None:
    assert check_json(_lists(MAX_DEPTH)) is not NOT_JSON
    assert _refused(_lists(MAX_DEPTH + 1)).facts == {"limit": MAX_DEPTH}
    mixed = b'{"a":' * MAX_DEPTH + b"1" + b"}" * MAX_DEPTH
    assert check_json(mixed) is not NOT_JSON
    assert _refused(b'[{"a":' * 17 + b"1" + b"}]" * 17).code == "json_too_deep"


def test_brackets_inside_strings_are_no_nesting() -> None:
    body = b'{"a":"' + b"[" * 500 + b'","b":"\\"[[[[' + b"{" * 500 + b'"}'
    assert check_json(body) == {"a": "[" * 500, "b": '"[[[[' + "{" * 500}


def test_deep_json_that_is_also_broken_is_refused_as_deep_not_recursed_into() -> None:
    assert _refused(b"[" * 100_000).code == "json_too_deep"
    assert _refused(b"[{" * 50_000 + b"]").code == "json_too_deep"
    # Shallow and broken: the decoder's own error follows (malformed_json).
    assert check_json(b"[[]]]") is NOT_JSON
    assert check_json(b'{"a": [}') is NOT_JSON


@pytest.mark.parametrize(
    ("body", "key", "path"),
    [
        (b'{"type":"draw","type":"discard","card":"KC"}', "type", "$"),
        (b'{"a":1,"\\u0061":2}', "a", "$"),
        (b'{"x":[1,{"k":"a:b","k":"c"}]}', "k", "$.x[1]"),
        (b'{"s":"say \\"hi\\": twice","s":1}', "s", "$"),
    ],
)
def test_a_key_given_twice_is_named_with_its_object(body: bytes, key: str, path: str) -> None:
    refused = _refused(body)
    assert refused.code == "duplicate_key"
    assert refused.facts == {"key": key, "path": path}


def test_equal_keys_in_different_objects_and_colons_in_strings_are_fine() -> None:
    body = b'[{"a":1,"b":"x:y:z"},{"a":2,"c":"\\u003a"}]'
    assert check_json(body) == [{"a": 1, "b": "x:y:z"}, {"a": 2, "c": ":"}]


@pytest.mark.parametrize(
    ("value", "ok"),
    [(2**63 - 1, True), (-(2**63), True), (2**63, False), (-(2**63) - 1, False), (10**40, False)],
)
def test_integers_must_fit_64_bits(value: int, ok: bool) -> None:
    body = b'{"rules":{"hand_size":{"2":[%d]}},"x":"12345678901234567890123"}' % value
    if ok:
        assert check_json(body)["rules"]["hand_size"]["2"] == [value]
        return
    refused = _refused(body)
    assert refused.code == "integer_out_of_range"
    assert refused.facts["path"] == "$.rules.hand_size.2[0]"


def test_a_long_fraction_is_not_an_integer() -> None:
    assert check_json(b"[0.12345678901234567890123, 1e300]") is not NOT_JSON


def test_json_lines_name_the_line_at_fault() -> None:
    check_json_lines(b'{"a":1}\n\n{"a":2}\n')
    with pytest.raises(JsonRefused) as caught:
        check_json_lines(b'{"a":1}\n{"a":1,"a":2}\n')
    assert caught.value.facts["line"] == 2
    assert caught.value.message.startswith("line 2:")


@pytest.mark.parametrize(
    ("body", "byte"),
    [
        (rb'{"name":"\ud800"}', 9),
        (rb'["ok","\uDBFF\n"]', 7),
        (rb'["\\\udc00"]', 4),
        (rb'["\ud83d\ude00", "\ud83d"]', 18),
    ],
)
def test_a_lone_surrogate_escape_is_named_where_it_is(body: bytes, byte: int) -> None:
    refused = _refused(body)
    assert refused.code == "malformed_json"
    assert f"at byte {byte}:" in refused.message and "surrogate" in refused.message


def test_surrogate_pairs_and_escaped_backslashes_are_no_lone_surrogates() -> None:
    assert check_json(rb'["\ud83d\ude00", "\\ud800"]') == ["\U0001f600", "\\ud800"]
    assert check_json(rb'["\\ud800", ') is NOT_JSON
