from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_rating_changes_reason import GameRatingChangesReason
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.seat_rating_change import SeatRatingChange





T = TypeVar("T", bound="GameRatingChanges")



@_attrs_define
class GameRatingChanges:
    """ 
        Attributes:
            game_id (str):
            ladder (str):
            ended_at (datetime.datetime):
            counted (bool):
            reason (GameRatingChangesReason):
            weight (float):
            seats (list[SeatRatingChange]):
     """

    game_id: str
    ladder: str
    ended_at: datetime.datetime
    counted: bool
    reason: GameRatingChangesReason
    weight: float
    seats: list[SeatRatingChange]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_rating_change import SeatRatingChange # noqa: PLC0415
        game_id = self.game_id

        ladder = self.ladder

        ended_at = self.ended_at.isoformat()

        counted = self.counted

        reason = self.reason.value

        weight = self.weight

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "ladder": ladder,
            "ended_at": ended_at,
            "counted": counted,
            "reason": reason,
            "weight": weight,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_rating_change import SeatRatingChange # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        ladder = d.pop("ladder")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))




        counted = d.pop("counted")

        reason = GameRatingChangesReason(d.pop("reason"))




        weight = d.pop("weight")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatRatingChange.from_dict(seats_item_data)



            seats.append(seats_item)


        game_rating_changes = cls(
            game_id=game_id,
            ladder=ladder,
            ended_at=ended_at,
            counted=counted,
            reason=reason,
            weight=weight,
            seats=seats,
        )


        game_rating_changes.additional_properties = d
        return game_rating_changes

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
