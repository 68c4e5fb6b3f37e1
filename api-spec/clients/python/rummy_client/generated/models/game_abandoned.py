from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GameAbandoned")



@_attrs_define
class GameAbandoned:
    """ 
        Attributes:
            hand_number (int):
            hands (int):
            type_ (Literal['game_abandoned']):
     """

    hand_number: int
    hands: int
    type_: Literal['game_abandoned']





    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        hands = self.hands

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hand_number": hand_number,
            "hands": hands,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        hands = d.pop("hands")

        type_ = cast(Literal['game_abandoned'] , d.pop("type"))
        if type_ != 'game_abandoned':
            raise ValueError(f"type must match const 'game_abandoned', got '{type_}'")

        game_abandoned = cls(
            hand_number=hand_number,
            hands=hands,
            type_=type_,
        )

        return game_abandoned

