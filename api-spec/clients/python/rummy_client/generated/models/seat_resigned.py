from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="SeatResigned")



@_attrs_define
class SeatResigned:
    """ 
        Attributes:
            seat (int):
            type_ (Literal['seat_resigned']):
            level (int | Unset): Default: `2`.
     """

    seat: int
    type_: Literal['seat_resigned']
    level: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_

        level = self.level


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "type": type_,
        })
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = cast(Literal['seat_resigned'] , d.pop("type"))
        if type_ != 'seat_resigned':
            raise ValueError(f"type must match const 'seat_resigned', got '{type_}'")

        level = d.pop("level", UNSET)

        seat_resigned = cls(
            seat=seat,
            type_=type_,
            level=level,
        )

        return seat_resigned

