from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="GameEnded")



@_attrs_define
class GameEnded:
    """ 
        Attributes:
            totals (list[int]):
            winners (list[int]):
            type_ (Literal['game_ended']):
     """

    totals: list[int]
    winners: list[int]
    type_: Literal['game_ended']





    def to_dict(self) -> dict[str, Any]:
        totals = self.totals



        winners = self.winners



        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "totals": totals,
            "winners": winners,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        totals = cast(list[int], d.pop("totals"))


        winners = cast(list[int], d.pop("winners"))


        type_ = cast(Literal['game_ended'] , d.pop("type"))
        if type_ != 'game_ended':
            raise ValueError(f"type must match const 'game_ended', got '{type_}'")

        game_ended = cls(
            totals=totals,
            winners=winners,
            type_=type_,
        )

        return game_ended

