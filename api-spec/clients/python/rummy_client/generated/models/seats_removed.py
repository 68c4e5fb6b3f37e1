from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="SeatsRemoved")



@_attrs_define
class SeatsRemoved:
    """ 
        Attributes:
            seats (list[int]):
            type_ (Literal['seats_removed']):
     """

    seats: list[int]
    type_: Literal['seats_removed']





    def to_dict(self) -> dict[str, Any]:
        seats = self.seats



        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seats": seats,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seats = cast(list[int], d.pop("seats"))


        type_ = cast(Literal['seats_removed'] , d.pop("type"))
        if type_ != 'seats_removed':
            raise ValueError(f"type must match const 'seats_removed', got '{type_}'")

        seats_removed = cls(
            seats=seats,
            type_=type_,
        )

        return seats_removed

