from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SeatLeft")



@_attrs_define
class SeatLeft:
    """ 
        Attributes:
            seat (int):
            type_ (Literal['seat_left']):
     """

    seat: int
    type_: Literal['seat_left']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        type_ = cast(Literal['seat_left'] , d.pop("type"))
        if type_ != 'seat_left':
            raise ValueError(f"type must match const 'seat_left', got '{type_}'")

        seat_left = cls(
            seat=seat,
            type_=type_,
        )

        return seat_left

