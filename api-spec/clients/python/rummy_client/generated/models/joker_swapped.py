from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.meld import Meld





T = TypeVar("T", bound="JokerSwapped")



@_attrs_define
class JokerSwapped:
    """ 
        Attributes:
            seat (int):
            card (str):
            meld (Meld):
            type_ (Literal['joker_swapped']):
     """

    seat: int
    card: str
    meld: Meld
    type_: Literal['joker_swapped']





    def to_dict(self) -> dict[str, Any]:
        from ..models.meld import Meld # noqa: PLC0415
        seat = self.seat

        card = self.card

        meld = self.meld.to_dict()

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "meld": meld,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.meld import Meld # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        card = d.pop("card")

        meld = Meld.from_dict(d.pop("meld"))




        type_ = cast(Literal['joker_swapped'] , d.pop("type"))
        if type_ != 'joker_swapped':
            raise ValueError(f"type must match const 'joker_swapped', got '{type_}'")

        joker_swapped = cls(
            seat=seat,
            card=card,
            meld=meld,
            type_=type_,
        )

        return joker_swapped

