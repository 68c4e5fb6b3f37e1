"""Command request bodies, generated from the domain's player-command union.

A command is defined once, in the domain (`domain.commands`); its request body
here is generated from it, adding only the wire's bounds and what every
command may carry (`expected_version`, `command_id`)."""

from __future__ import annotations

import typing
from typing import Annotated, Any

import msgspec

from domain.commands import PlayerCommand
from service.app.errors import ServiceError
from service.app.players import hidden_character
from service.http.schemas_bounds import MAX_CARDS, MAX_VERSION, WireCard, at_least_zero

__all__ = [
    "COMMAND_TAGS",
    "DOMAIN_OF",
    "WIRE_OF",
    "CommandBase",
    "CommandBody",
    "from_domain",
    "sent_command",
    "to_domain",
]


class CommandBase(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="type",
):
    """What every command may carry: the version it was decided on, and an id for safe retries."""

    expected_version: Annotated[int, at_least_zero(le=MAX_VERSION)] | None = None
    command_id: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=128,
                description="Any characters but control and format ones (422 "
                "`invalid_command`: every follower of the game is shown it).",
            ),
        ]
        | None
    ) = None


# The wire's bounds on the domain's command fields (the domain types them, the API caps them).
_MeldId = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
_WIRE_TYPES: dict[tuple[str, str], Any] = {
    ("draw", "count"): Annotated[int, msgspec.Meta(ge=1, le=MAX_CARDS)],
    ("lay_melds", "melds"): Annotated[
        list[Annotated[list[WireCard], msgspec.Meta(max_length=64)]],
        msgspec.Meta(max_length=32),
    ],
    ("lay_off", "card"): WireCard,
    ("lay_off", "meld_id"): _MeldId,
    ("swap_joker", "card"): WireCard,
    ("swap_joker", "meld_id"): _MeldId,
    ("discard", "card"): WireCard,
}
# Filled in by the service, never sent by a client (Draw.shuffle).
_SERVICE_FIELDS = frozenset({"shuffle"})


def _summary(doc: str | None) -> str:
    """A docstring's first sentence: the rest speaks of the service's side."""
    text = " ".join((doc or "").split())
    head, dot, _ = text.partition(". ")
    return head + "." if dot else text


def _wire_struct(command: type[PlayerCommand]) -> type[CommandBase]:
    """The request body of one domain command: its fields (less the service's), the
    wire's bounds on them, and CommandBase's `expected_version` and `command_id`."""
    tag = str(command.__struct_config__.tag)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for field in msgspec.structs.fields(command):
        if field.name in _SERVICE_FIELDS:
            continue
        kind = _WIRE_TYPES.get((tag, field.name), field.type)
        if field.default is msgspec.NODEFAULT:
            fields.append((field.name, kind))
        else:
            fields.append((field.name, kind, field.default))
    wire = msgspec.defstruct(
        f"{command.__name__}Command",
        fields,
        bases=(CommandBase,),
        tag=tag,
        frozen=True,
        kw_only=True,
        module=__name__,
    )
    wire.__doc__ = _summary(command.__doc__)
    return typing.cast(type[CommandBase], wire)


_DOMAIN_COMMANDS: tuple[type[PlayerCommand], ...] = typing.get_args(PlayerCommand)
# Each domain command and its request body, both ways.
WIRE_OF: dict[type[PlayerCommand], type[CommandBase]] = {
    command: _wire_struct(command) for command in _DOMAIN_COMMANDS
}
DOMAIN_OF: dict[type[CommandBase], type[PlayerCommand]] = {
    wire: command for command, wire in WIRE_OF.items()
}
_FIELDS_OF = {
    wire: tuple(field.name for field in msgspec.structs.fields(command))
    for command, wire in WIRE_OF.items()
}

if typing.TYPE_CHECKING:
    CommandBody = CommandBase
else:
    CommandBody = typing.Union[tuple(WIRE_OF.values())]  # noqa: UP007 (built at run time)
COMMAND_TAGS = tuple(str(command.__struct_config__.tag) for command in _DOMAIN_COMMANDS)


def sent_command(body: CommandBody) -> PlayerCommand:
    """The domain command a seat sent (`to_domain`); 422 `invalid_command` for a
    `command_id` holding what a name may not: every follower of the game reads it (each
    event's envelope, the exported log), where a bidi override or a line break would
    disguise what is around it."""
    if body.command_id is not None and (char := hidden_character(body.command_id)):
        raise ServiceError(
            "invalid_command",
            f"a command_id holds no control or format characters ({char})",
            field="command_id",
            character=char,
        )
    return to_domain(body)


def to_domain(body: CommandBody) -> PlayerCommand:
    """The domain command a request body stands for (the service fields at their defaults)."""
    wire = type(body)
    return DOMAIN_OF[wire](
        **{name: _frozen(getattr(body, name)) for name in _FIELDS_OF[wire] if hasattr(body, name)}
    )


def _frozen(value: Any) -> Any:
    # The wire reads arrays as lists; domain commands are hashable (tuples all the way).
    return tuple(map(_frozen, value)) if isinstance(value, list) else value


def from_domain(command: PlayerCommand) -> CommandBody:
    """The request body that posts this domain command."""
    wire = WIRE_OF[type(command)]
    return wire(
        **{name: getattr(command, name) for name in _FIELDS_OF[wire] if name not in _SERVICE_FIELDS}
    )
