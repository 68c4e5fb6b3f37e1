from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="Knocked")



@_attrs_define
class Knocked:
    """ 
        Attributes:
            seat (int):
            card (str):
            stock_card (None | str):
            type_ (Literal['knocked']):
     """

    seat: int
    card: str
    stock_card: None | str
    type_: Literal['knocked']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card

        stock_card: None | str
        stock_card = self.stock_card

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "stock_card": stock_card,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = d.pop("card")

        def _parse_stock_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stock_card = _parse_stock_card(d.pop("stock_card"))


        type_ = cast(Literal['knocked'] , d.pop("type"))
        if type_ != 'knocked':
            raise ValueError(f"type must match const 'knocked', got '{type_}'")

        knocked = cls(
            seat=seat,
            card=card,
            stock_card=stock_card,
            type_=type_,
        )

        return knocked

