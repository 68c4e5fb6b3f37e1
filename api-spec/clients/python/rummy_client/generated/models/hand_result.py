from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="HandResult")



@_attrs_define
class HandResult:
    """ 
        Attributes:
            hand_number (int):
            winner (int | None):
            rummy (bool):
            scores (list[int]):
     """

    hand_number: int
    winner: int | None
    rummy: bool
    scores: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        winner: int | None
        winner = self.winner

        rummy = self.rummy

        scores = self.scores




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hand_number": hand_number,
            "winner": winner,
            "rummy": rummy,
            "scores": scores,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))


        rummy = d.pop("rummy")

        scores = cast(list[int], d.pop("scores"))


        hand_result = cls(
            hand_number=hand_number,
            winner=winner,
            rummy=rummy,
            scores=scores,
        )


        hand_result.additional_properties = d
        return hand_result

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
