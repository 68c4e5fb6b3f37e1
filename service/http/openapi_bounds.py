"""The bounds Litestar drops or cannot state: seat counts, knob overrides, a view's
numbers, the preset names."""

from __future__ import annotations

from dataclasses import replace

from litestar.openapi.spec import OpenAPI, OpenAPIType, Reference, Schema

from domain.knob_ranges import KNOB_RANGES
from domain.rules import PRESETS

__all__ = ["bound_views", "list_presets", "state_seat_counts", "type_rule_overrides"]


def state_seat_counts(schemas: dict[str, Schema]) -> None:
    """The RuleSet's seat-count maps and lists, with the bounds Litestar drops
    from a constrained integer inside a container."""
    ruleset = schemas.get("RuleSet")
    properties = ruleset.properties if ruleset is not None else None
    if not properties:
        return
    players, hand_size = properties.get("players"), properties.get("hand_size")
    low, high = KNOB_RANGES["players"]
    if isinstance(players, Schema):
        players.items = Schema(type=OpenAPIType.INTEGER, minimum=low, maximum=high)
        players.unique_items = True
    if isinstance(hand_size, Schema):
        cards_low, cards_high = KNOB_RANGES["hand_size"]
        hand_size.property_names = Schema(type=OpenAPIType.STRING, pattern=f"^[{low}-{high}]$")
        hand_size.additional_properties = Schema(
            type=OpenAPIType.INTEGER, minimum=cards_low, maximum=cards_high
        )


# Request fields that take knob overrides, read by build_ruleset (plain objects
# to Litestar, so that a bad knob is the rules' 422 naming it, not a 400).
_OVERRIDE_FIELDS = {"CreateGame": ("rules",), "SuggestRequest": ("rules", "ruleset")}


def type_rule_overrides(document: OpenAPI, schemas: dict[str, Schema]) -> None:
    """`rules` as the document states it: any of the RuleSet's knobs, each in
    its range, and no other."""
    ruleset = schemas.get("RuleSet")
    if ruleset is None or not ruleset.properties or document.components is None:
        return
    knobs = {
        name: replace(knob, default=None) if isinstance(knob, Schema) else knob
        for name, knob in ruleset.properties.items()
    }
    overrides = Schema(
        type=OpenAPIType.OBJECT,
        properties=knobs,
        additional_properties=False,
        description="Knob overrides: any knobs of a RuleSet (GET /rulesets), each in its "
        "range; the preset gives the others.",
    )
    document.components.schemas = {
        **(document.components.schemas or {}),
        "RuleOverrides": overrides,
    }
    reference = Reference(ref="#/components/schemas/RuleOverrides")
    for struct, names in _OVERRIDE_FIELDS.items():
        properties = schemas[struct].properties if struct in schemas else None
        for name in names:
            if properties and name in properties:
                current = properties[name]
                nullable = isinstance(current, Schema) and bool(current.one_of)
                properties[name] = (
                    Schema(one_of=[reference, Schema(type=OpenAPIType.NULL)])
                    if nullable
                    else reference
                )


def list_presets(schemas: dict[str, Schema]) -> None:
    """A new game's `preset` as the enum of the presets (a plain string to Litestar, so
    that an unknown one is the rules' 422 listing them)."""
    preset = (schemas["CreateGame"].properties or {}).get("preset")
    if isinstance(preset, Schema):
        preset.enum = sorted(PRESETS)


_SEATS_LOW, _SEATS_HIGH = KNOB_RANGES["players"]
# A View's fields and what the server accepts for each (the bots' /bots/suggest
# reads one): a seat number, a count, a list with one entry a seat.
_VIEW_COUNTS = ("hand_number", "stock_count", "reuses", "melds_this_turn", "jokers_to_play")
_VIEW_PER_SEAT = ("hand_sizes", "opened")


def bound_views(schemas: dict[str, Schema]) -> None:
    """The View's seat numbers, seat count and card counts in the ranges the server
    accepts (a view consistent in shape but impossible is still the 422 `invalid_view`)."""
    view = schemas.get("View")
    properties = view.properties if view is not None else None
    if not properties:
        return
    seat = Schema(type=OpenAPIType.INTEGER, minimum=0, maximum=_SEATS_HIGH - 1)
    properties["turn"] = seat
    properties["dealer"] = Schema(
        type=OpenAPIType.INTEGER,
        minimum=-1,
        maximum=_SEATS_HIGH - 1,
        description="The hand's dealer; -1 before the first deal (phase `deal`).",
    )
    properties["seat"] = Schema(one_of=[seat, Schema(type=OpenAPIType.NULL)])
    properties["seats"] = Schema(type=OpenAPIType.INTEGER, minimum=_SEATS_LOW, maximum=_SEATS_HIGH)
    for name in _VIEW_COUNTS:
        properties[name] = Schema(type=OpenAPIType.INTEGER, minimum=0)
    for name in _VIEW_PER_SEAT:
        listed = properties.get(name)
        if isinstance(listed, Schema):
            listed.min_items, listed.max_items = _SEATS_LOW, _SEATS_HIGH
            if name == "hand_sizes":
                listed.items = Schema(type=OpenAPIType.INTEGER, minimum=0)
