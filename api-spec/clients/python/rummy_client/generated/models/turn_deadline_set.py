from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="TurnDeadlineSet")



@_attrs_define
class TurnDeadlineSet:
    """ 
        Attributes:
            seat (int):
            hand_number (int):
            deadline (str):
            type_ (Literal['turn_deadline_set']):
     """

    seat: int
    hand_number: int
    deadline: str
    type_: Literal['turn_deadline_set']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        hand_number = self.hand_number

        deadline = self.deadline

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "hand_number": hand_number,
            "deadline": deadline,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        hand_number = d.pop("hand_number")

        deadline = d.pop("deadline")

        type_ = cast(Literal['turn_deadline_set'] , d.pop("type"))
        if type_ != 'turn_deadline_set':
            raise ValueError(f"type must match const 'turn_deadline_set', got '{type_}'")

        turn_deadline_set = cls(
            seat=seat,
            hand_number=hand_number,
            deadline=deadline,
            type_=type_,
        )

        return turn_deadline_set

