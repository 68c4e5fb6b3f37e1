from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SeatControl")



@_attrs_define
class SeatControl:
    """ 
        Attributes:
            game_id (str):
            seat (int):
            bot_level (int | None):
     """

    game_id: str
    seat: int
    bot_level: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        bot_level: int | None
        bot_level = self.bot_level


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "seat": seat,
            "bot_level": bot_level,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        def _parse_bot_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))


        seat_control = cls(
            game_id=game_id,
            seat=seat,
            bot_level=bot_level,
        )


        seat_control.additional_properties = d
        return seat_control

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
