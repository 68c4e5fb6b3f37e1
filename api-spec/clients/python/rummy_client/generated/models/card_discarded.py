from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="CardDiscarded")



@_attrs_define
class CardDiscarded:
    """ 
        Attributes:
            seat (int):
            card (str):
            type_ (Literal['card_discarded']):
     """

    seat: int
    card: str
    type_: Literal['card_discarded']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = d.pop("card")

        type_ = cast(Literal['card_discarded'] , d.pop("type"))
        if type_ != 'card_discarded':
            raise ValueError(f"type must match const 'card_discarded', got '{type_}'")

        card_discarded = cls(
            seat=seat,
            card=card,
            type_=type_,
        )

        return card_discarded

