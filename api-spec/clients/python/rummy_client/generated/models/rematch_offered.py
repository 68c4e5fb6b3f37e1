from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="RematchOffered")



@_attrs_define
class RematchOffered:
    """ 
        Attributes:
            seat (int):
            game_id (str):
            type_ (Literal['rematch_offered']):
     """

    seat: int
    game_id: str
    type_: Literal['rematch_offered']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        game_id = self.game_id

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "game_id": game_id,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        game_id = d.pop("game_id")

        type_ = cast(Literal['rematch_offered'] , d.pop("type"))
        if type_ != 'rematch_offered':
            raise ValueError(f"type must match const 'rematch_offered', got '{type_}'")

        rematch_offered = cls(
            seat=seat,
            game_id=game_id,
            type_=type_,
        )

        return rematch_offered

