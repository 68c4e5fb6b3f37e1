from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="HandToBot")



@_attrs_define
class HandToBot:
    """ 
        Attributes:
            level (int | Unset): 1 random, 2 greedy, 3 careful, 4 search Default: `2`.
     """

    level: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        level = self.level


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = d.pop("level", UNSET)

        hand_to_bot = cls(
            level=level,
        )

        return hand_to_bot

