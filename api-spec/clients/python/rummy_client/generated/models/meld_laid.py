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





T = TypeVar("T", bound="MeldLaid")



@_attrs_define
class MeldLaid:
    """ 
        Attributes:
            seat (int):
            meld (Meld):
            type_ (Literal['meld_laid']):
     """

    seat: int
    meld: Meld
    type_: Literal['meld_laid']





    def to_dict(self) -> dict[str, Any]:
        from ..models.meld import Meld # noqa: PLC0415
        seat = self.seat

        meld = self.meld.to_dict()

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "meld": meld,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.meld import Meld # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        meld = Meld.from_dict(d.pop("meld"))




        type_ = cast(Literal['meld_laid'] , d.pop("type"))
        if type_ != 'meld_laid':
            raise ValueError(f"type must match const 'meld_laid', got '{type_}'")

        meld_laid = cls(
            seat=seat,
            meld=meld,
            type_=type_,
        )

        return meld_laid

