from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="RecentGame")



@_attrs_define
class RecentGame:
    """ 
        Attributes:
            game_id (str):
            ladder (str):
            ended_at (datetime.datetime):
            counted (bool):
            place (int):
            seats (int):
            rating_change (float):
            experience (int):
     """

    game_id: str
    ladder: str
    ended_at: datetime.datetime
    counted: bool
    place: int
    seats: int
    rating_change: float
    experience: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        ladder = self.ladder

        ended_at = self.ended_at.isoformat()

        counted = self.counted

        place = self.place

        seats = self.seats

        rating_change = self.rating_change

        experience = self.experience


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "ladder": ladder,
            "ended_at": ended_at,
            "counted": counted,
            "place": place,
            "seats": seats,
            "rating_change": rating_change,
            "experience": experience,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        ladder = d.pop("ladder")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))




        counted = d.pop("counted")

        place = d.pop("place")

        seats = d.pop("seats")

        rating_change = d.pop("rating_change")

        experience = d.pop("experience")

        recent_game = cls(
            game_id=game_id,
            ladder=ladder,
            ended_at=ended_at,
            counted=counted,
            place=place,
            seats=seats,
            rating_change=rating_change,
            experience=experience,
        )


        recent_game.additional_properties = d
        return recent_game

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
