from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SeatFilled")



@_attrs_define
class SeatFilled:
    """ 
        Attributes:
            seat (int):
            level (int):
            type_ (Literal['seat_filled']):
     """

    seat: int
    level: int
    type_: Literal['seat_filled']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        level = self.level

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "level": level,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        level = d.pop("level")

        type_ = cast(Literal['seat_filled'] , d.pop("type"))
        if type_ != 'seat_filled':
            raise ValueError(f"type must match const 'seat_filled', got '{type_}'")

        seat_filled = cls(
            seat=seat,
            level=level,
            type_=type_,
        )

        return seat_filled

