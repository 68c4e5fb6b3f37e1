from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ladder_rating import LadderRating
  from ..models.recent_game import RecentGame





T = TypeVar("T", bound="Profile")



@_attrs_define
class Profile:
    """ 
        Attributes:
            player (str):
            name (str):
            experience (int):
            ratings (list[LadderRating]):
            recent (list[RecentGame]):
     """

    player: str
    name: str
    experience: int
    ratings: list[LadderRating]
    recent: list[RecentGame]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ladder_rating import LadderRating # noqa: PLC0415
        from ..models.recent_game import RecentGame # noqa: PLC0415
        player = self.player

        name = self.name

        experience = self.experience

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)



        recent = []
        for recent_item_data in self.recent:
            recent_item = recent_item_data.to_dict()
            recent.append(recent_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "player": player,
            "name": name,
            "experience": experience,
            "ratings": ratings,
            "recent": recent,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ladder_rating import LadderRating # noqa: PLC0415
        from ..models.recent_game import RecentGame # noqa: PLC0415
        d = dict(src_dict)
        player = d.pop("player")

        name = d.pop("name")

        experience = d.pop("experience")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in (_ratings):
            ratings_item = LadderRating.from_dict(ratings_item_data)



            ratings.append(ratings_item)


        recent = []
        _recent = d.pop("recent")
        for recent_item_data in (_recent):
            recent_item = RecentGame.from_dict(recent_item_data)



            recent.append(recent_item)


        profile = cls(
            player=player,
            name=name,
            experience=experience,
            ratings=ratings,
            recent=recent,
        )


        profile.additional_properties = d
        return profile

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
