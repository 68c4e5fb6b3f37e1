from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cards_drawn_source import CardsDrawnSource
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="CardsDrawn")



@_attrs_define
class CardsDrawn:
    """ 
        Attributes:
            seat (int):
            source (CardsDrawnSource):
            count (int):
            cards (list[str] | None):
            type_ (Literal['cards_drawn']):
     """

    seat: int
    source: CardsDrawnSource
    count: int
    cards: list[str] | None
    type_: Literal['cards_drawn']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        source = self.source.value

        count = self.count

        cards: list[str] | None
        if isinstance(self.cards, list):
            cards = self.cards


        else:
            cards = self.cards

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "source": source,
            "count": count,
            "cards": cards,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        source = CardsDrawnSource(d.pop("source"))




        count = d.pop("count")

        def _parse_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = cast(list[str], data)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        cards = _parse_cards(d.pop("cards"))


        type_ = cast(Literal['cards_drawn'] , d.pop("type"))
        if type_ != 'cards_drawn':
            raise ValueError(f"type must match const 'cards_drawn', got '{type_}'")

        cards_drawn = cls(
            seat=seat,
            source=source,
            count=count,
            cards=cards,
            type_=type_,
        )

        return cards_drawn

