"""A command is defined once: each request body is the domain command's fields, generated."""

from __future__ import annotations

import typing

import msgspec
import pytest

from domain.commands import Discard, Draw, Knock, LayMelds, LayOff, PlayerCommand, SwapJoker
from service.app.wire_form import wire_command
from service.http.schemas_commands import COMMAND_TAGS, WIRE_OF, CommandBase, from_domain, to_domain

COMMANDS = [
    Draw(),
    Draw(source="discard", count=3),
    LayMelds(melds=(("7H", "7S", "7D"), ("2C", "3C", "4C"))),
    LayOff(card="AH", meld_id=2, end="low"),
    LayOff(card="JK", meld_id=1),
    SwapJoker(card="5D", meld_id=4),
    Discard(card="TC"),
    Knock(),
]


def test_every_player_command_has_one_body_with_the_same_fields_less_the_services() -> None:
    assert set(WIRE_OF) == set(typing.get_args(PlayerCommand))
    assert COMMAND_TAGS == ("draw", "lay_melds", "lay_off", "swap_joker", "discard", "knock")
    for command, wire in WIRE_OF.items():
        domain_fields = {field.name for field in msgspec.structs.fields(command)} - {"shuffle"}
        wire_fields = {field.name for field in msgspec.structs.fields(wire)}
        assert wire_fields == domain_fields | {"expected_version", "command_id"}
        assert wire.__struct_config__.tag == command.__struct_config__.tag
        assert issubclass(wire, CommandBase)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: repr(command))
def test_a_command_crosses_the_wire_and_back_unchanged(command: PlayerCommand) -> None:
    body = from_domain(command)
    # What the view lists is what the API's body encodes to, byte for byte.
    assert msgspec.json.encode(body) == bytes(wire_command(command))
    decoded = msgspec.json.decode(msgspec.json.encode(body), type=type(body))
    back = to_domain(decoded)
    assert back == command and hash(back) == hash(command)


def test_the_service_field_is_not_part_of_a_body() -> None:
    draw = WIRE_OF[Draw]
    with pytest.raises(msgspec.ValidationError, match="shuffle"):
        msgspec.json.decode(b'{"type": "draw", "shuffle": [0]}', type=draw)
