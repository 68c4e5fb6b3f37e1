from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="DeckRevealed")



@_attrs_define
class DeckRevealed:
    """ 
        Attributes:
            hand_number (int):
            salt (str):
            type_ (Literal['deck_revealed']):
     """

    hand_number: int
    salt: str
    type_: Literal['deck_revealed']





    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        salt = self.salt

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hand_number": hand_number,
            "salt": salt,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        salt = d.pop("salt")

        type_ = cast(Literal['deck_revealed'] , d.pop("type"))
        if type_ != 'deck_revealed':
            raise ValueError(f"type must match const 'deck_revealed', got '{type_}'")

        deck_revealed = cls(
            hand_number=hand_number,
            salt=salt,
            type_=type_,
        )

        return deck_revealed

