from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_rating_change_kind import SeatRatingChangeKind






T = TypeVar("T", bound="SeatRatingChange")



@_attrs_define
class SeatRatingChange:
    """ 
        Attributes:
            seat (int):
            player (str):
            name (str):
            kind (SeatRatingChangeKind):
            place (int):
            rating_before (float):
            rating_after (float):
            rating_change (float):
            mu (float):
            sigma (float):
            experience (int):
     """

    seat: int
    player: str
    name: str
    kind: SeatRatingChangeKind
    place: int
    rating_before: float
    rating_after: float
    rating_change: float
    mu: float
    sigma: float
    experience: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player = self.player

        name = self.name

        kind = self.kind.value

        place = self.place

        rating_before = self.rating_before

        rating_after = self.rating_after

        rating_change = self.rating_change

        mu = self.mu

        sigma = self.sigma

        experience = self.experience


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "player": player,
            "name": name,
            "kind": kind,
            "place": place,
            "rating_before": rating_before,
            "rating_after": rating_after,
            "rating_change": rating_change,
            "mu": mu,
            "sigma": sigma,
            "experience": experience,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        player = d.pop("player")

        name = d.pop("name")

        kind = SeatRatingChangeKind(d.pop("kind"))




        place = d.pop("place")

        rating_before = d.pop("rating_before")

        rating_after = d.pop("rating_after")

        rating_change = d.pop("rating_change")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        experience = d.pop("experience")

        seat_rating_change = cls(
            seat=seat,
            player=player,
            name=name,
            kind=kind,
            place=place,
            rating_before=rating_before,
            rating_after=rating_after,
            rating_change=rating_change,
            mu=mu,
            sigma=sigma,
            experience=experience,
        )


        seat_rating_change.additional_properties = d
        return seat_rating_change

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
