from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="SeatClaimed")



@_attrs_define
class SeatClaimed:
    """ 
        Attributes:
            seat (int):
            claim (str):
            type_ (Literal['seat_claimed']):
     """

    seat: int
    claim: str
    type_: Literal['seat_claimed']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        claim = self.claim

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "claim": claim,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        claim = d.pop("claim")

        type_ = cast(Literal['seat_claimed'] , d.pop("type"))
        if type_ != 'seat_claimed':
            raise ValueError(f"type must match const 'seat_claimed', got '{type_}'")

        seat_claimed = cls(
            seat=seat,
            claim=claim,
            type_=type_,
        )

        return seat_claimed

