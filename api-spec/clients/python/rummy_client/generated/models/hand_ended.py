from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.hand_ended_reason import HandEndedReason
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="HandEnded")



@_attrs_define
class HandEnded:
    """ 
        Attributes:
            hand_number (int):
            reason (HandEndedReason):
            winner (int | None):
            rummy (bool):
            hands (list[list[str]]):
            hand_values (list[int]):
            scores (list[int]):
            totals (list[int]):
            type_ (Literal['hand_ended']):
     """

    hand_number: int
    reason: HandEndedReason
    winner: int | None
    rummy: bool
    hands: list[list[str]]
    hand_values: list[int]
    scores: list[int]
    totals: list[int]
    type_: Literal['hand_ended']





    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        reason = self.reason.value

        winner: int | None
        winner = self.winner

        rummy = self.rummy

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data


            hands.append(hands_item)



        hand_values = self.hand_values



        scores = self.scores



        totals = self.totals



        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hand_number": hand_number,
            "reason": reason,
            "winner": winner,
            "rummy": rummy,
            "hands": hands,
            "hand_values": hand_values,
            "scores": scores,
            "totals": totals,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        reason = HandEndedReason(d.pop("reason"))




        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))


        rummy = d.pop("rummy")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in (_hands):
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)


        hand_values = cast(list[int], d.pop("hand_values"))


        scores = cast(list[int], d.pop("scores"))


        totals = cast(list[int], d.pop("totals"))


        type_ = cast(Literal['hand_ended'] , d.pop("type"))
        if type_ != 'hand_ended':
            raise ValueError(f"type must match const 'hand_ended', got '{type_}'")

        hand_ended = cls(
            hand_number=hand_number,
            reason=reason,
            winner=winner,
            rummy=rummy,
            hands=hands,
            hand_values=hand_values,
            scores=scores,
            totals=totals,
            type_=type_,
        )

        return hand_ended

