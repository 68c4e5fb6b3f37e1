from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="TurnTimedOut")



@_attrs_define
class TurnTimedOut:
    """ 
        Attributes:
            seat (int):
            hand_number (int):
            type_ (Literal['turn_timed_out']):
     """

    seat: int
    hand_number: int
    type_: Literal['turn_timed_out']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        hand_number = self.hand_number

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "hand_number": hand_number,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        hand_number = d.pop("hand_number")

        type_ = cast(Literal['turn_timed_out'] , d.pop("type"))
        if type_ != 'turn_timed_out':
            raise ValueError(f"type must match const 'turn_timed_out', got '{type_}'")

        turn_timed_out = cls(
            seat=seat,
            hand_number=hand_number,
            type_=type_,
        )

        return turn_timed_out

