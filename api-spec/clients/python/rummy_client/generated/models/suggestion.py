from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.discard_command import DiscardCommand
  from ..models.draw_command import DrawCommand
  from ..models.knock_command import KnockCommand
  from ..models.lay_melds_command import LayMeldsCommand
  from ..models.lay_off_command import LayOffCommand
  from ..models.swap_joker_command import SwapJokerCommand





T = TypeVar("T", bound="Suggestion")



@_attrs_define
class Suggestion:
    """ 
        Attributes:
            command (DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | None |
                SwapJokerCommand):
            level (int):
     """

    command: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | None | SwapJokerCommand
    level: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_command import DiscardCommand # noqa: PLC0415
        from ..models.draw_command import DrawCommand # noqa: PLC0415
        from ..models.knock_command import KnockCommand # noqa: PLC0415
        from ..models.lay_melds_command import LayMeldsCommand # noqa: PLC0415
        from ..models.lay_off_command import LayOffCommand # noqa: PLC0415
        from ..models.swap_joker_command import SwapJokerCommand # noqa: PLC0415
        command: dict[str, Any] | None
        if isinstance(self.command, DrawCommand):
            command = self.command.to_dict()
        elif isinstance(self.command, LayMeldsCommand):
            command = self.command.to_dict()
        elif isinstance(self.command, LayOffCommand):
            command = self.command.to_dict()
        elif isinstance(self.command, SwapJokerCommand):
            command = self.command.to_dict()
        elif isinstance(self.command, DiscardCommand):
            command = self.command.to_dict()
        elif isinstance(self.command, KnockCommand):
            command = self.command.to_dict()
        else:
            command = self.command

        level = self.level


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "command": command,
            "level": level,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.discard_command import DiscardCommand # noqa: PLC0415
        from ..models.draw_command import DrawCommand # noqa: PLC0415
        from ..models.knock_command import KnockCommand # noqa: PLC0415
        from ..models.lay_melds_command import LayMeldsCommand # noqa: PLC0415
        from ..models.lay_off_command import LayOffCommand # noqa: PLC0415
        from ..models.swap_joker_command import SwapJokerCommand # noqa: PLC0415
        d = dict(src_dict)
        def _parse_command(data: object) -> DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | None | SwapJokerCommand:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_0 = DrawCommand.from_dict(data)



                return command_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_1 = LayMeldsCommand.from_dict(data)



                return command_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_2 = LayOffCommand.from_dict(data)



                return command_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_3 = SwapJokerCommand.from_dict(data)



                return command_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_4 = DiscardCommand.from_dict(data)



                return command_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                command_type_5 = KnockCommand.from_dict(data)



                return command_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | None | SwapJokerCommand, data)

        command = _parse_command(d.pop("command"))


        level = d.pop("level")

        suggestion = cls(
            command=command,
            level=level,
        )


        suggestion.additional_properties = d
        return suggestion

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
