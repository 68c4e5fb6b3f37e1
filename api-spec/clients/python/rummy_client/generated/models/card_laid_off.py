from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_end import RunEnd
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.meld import Meld





T = TypeVar("T", bound="CardLaidOff")



@_attrs_define
class CardLaidOff:
    """ 
        Attributes:
            seat (int):
            card (str):
            end (RunEnd):
            meld (Meld):
            type_ (Literal['card_laid_off']):
     """

    seat: int
    card: str
    end: RunEnd
    meld: Meld
    type_: Literal['card_laid_off']





    def to_dict(self) -> dict[str, Any]:
        from ..models.meld import Meld # noqa: PLC0415
        seat = self.seat

        card = self.card

        end = self.end.value

        meld = self.meld.to_dict()

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "end": end,
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

        end = RunEnd(d.pop("end"))




        meld = Meld.from_dict(d.pop("meld"))




        type_ = cast(Literal['card_laid_off'] , d.pop("type"))
        if type_ != 'card_laid_off':
            raise ValueError(f"type must match const 'card_laid_off', got '{type_}'")

        card_laid_off = cls(
            seat=seat,
            card=card,
            end=end,
            meld=meld,
            type_=type_,
        )

        return card_laid_off

