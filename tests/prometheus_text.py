"""A strict reader of the Prometheus text exposition format (0.0.4), for the tests.

Every line must be a HELP, a TYPE or a sample of a family whose TYPE came first;
histogram buckets must be cumulative and end at +Inf with the count.
"""

from __future__ import annotations

import math
import re

_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
_LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\["\\n])*"'
_VALUE = r"[-+]?(?:[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|Inf)|NaN"
_SAMPLE = re.compile(rf"({_NAME})(?:\{{((?:{_LABEL})(?:,{_LABEL})*)?\}})? ({_VALUE})")
_HELP = re.compile(rf"# HELP ({_NAME}) .*")
_TYPE = re.compile(rf"# TYPE ({_NAME}) (counter|gauge|histogram|summary|untyped)")
_PAIR = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"')

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    """Each sample's value by (name, labels); AssertionError on any line out of format."""
    assert text.endswith("\n"), "the exposition ends with a newline"
    types: dict[str, str] = {}
    samples: Samples = {}
    for number, line in enumerate(text[:-1].split("\n"), start=1):
        if (typed := _TYPE.fullmatch(line)) is not None:
            assert typed[1] not in types, f"line {number}: a second TYPE for {typed[1]}"
            types[typed[1]] = typed[2]
            continue
        if _HELP.fullmatch(line) is not None:
            continue
        sample = _SAMPLE.fullmatch(line)
        assert sample is not None, f"line {number} is not a sample: {line!r}"
        name, labels, value = sample[1], sample[2] or "", sample[3]
        family = re.sub(r"_(bucket|sum|count)$", "", name)
        kind = types.get(name) or types.get(family)
        assert kind is not None, f"line {number}: {name} has no TYPE before it"
        key = (name, frozenset(_PAIR.findall(labels)))
        assert key not in samples, f"line {number}: a repeated sample {line!r}"
        samples[key] = float(value)
    for name, kind in types.items():
        if kind == "histogram":
            _check_histogram(name, samples)
    return samples


def _check_histogram(name: str, samples: Samples) -> None:
    series: dict[frozenset[tuple[str, str]], list[tuple[float, float]]] = {}
    for (sample, labels), value in samples.items():
        if sample == f"{name}_bucket":
            bound = dict(labels)["le"]
            rest = frozenset(pair for pair in labels if pair[0] != "le")
            series.setdefault(rest, []).append((float(bound), value))
    for labels, buckets in series.items():
        buckets.sort()
        counts = [count for _, count in buckets]
        assert counts == sorted(counts), f"{name}{dict(labels)}: buckets are not cumulative"
        assert math.isinf(buckets[-1][0]), f"{name}{dict(labels)}: no +Inf bucket"
        assert samples[(f"{name}_count", labels)] == counts[-1]
        assert (f"{name}_sum", labels) in samples


def value(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value; 0 when the series is absent."""
    return samples.get((name, frozenset(labels.items())), 0.0)
