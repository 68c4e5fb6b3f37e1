from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="StockRenewed")



@_attrs_define
class StockRenewed:
    """ 
        Attributes:
            seat (int):
            count (int):
            shuffled (bool):
            stock (list[str] | None):
            type_ (Literal['stock_renewed']):
     """

    seat: int
    count: int
    shuffled: bool
    stock: list[str] | None
    type_: Literal['stock_renewed']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        count = self.count

        shuffled = self.shuffled

        stock: list[str] | None
        if isinstance(self.stock, list):
            stock = self.stock


        else:
            stock = self.stock

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "count": count,
            "shuffled": shuffled,
            "stock": stock,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        count = d.pop("count")

        shuffled = d.pop("shuffled")

        def _parse_stock(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                stock_type_0 = cast(list[str], data)

                return stock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        stock = _parse_stock(d.pop("stock"))


        type_ = cast(Literal['stock_renewed'] , d.pop("type"))
        if type_ != 'stock_renewed':
            raise ValueError(f"type must match const 'stock_renewed', got '{type_}'")

        stock_renewed = cls(
            seat=seat,
            count=count,
            shuffled=shuffled,
            stock=stock,
            type_=type_,
        )

        return stock_renewed

