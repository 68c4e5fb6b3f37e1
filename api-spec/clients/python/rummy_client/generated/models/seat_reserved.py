from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SeatReserved")



@_attrs_define
class SeatReserved:
    """ 
        Attributes:
            seat (int):
            mark (str):
            type_ (Literal['seat_reserved']):
     """

    seat: int
    mark: str
    type_: Literal['seat_reserved']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        mark = self.mark

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "mark": mark,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        mark = d.pop("mark")

        type_ = cast(Literal['seat_reserved'] , d.pop("type"))
        if type_ != 'seat_reserved':
            raise ValueError(f"type must match const 'seat_reserved', got '{type_}'")

        seat_reserved = cls(
            seat=seat,
            mark=mark,
            type_=type_,
        )

        return seat_reserved

