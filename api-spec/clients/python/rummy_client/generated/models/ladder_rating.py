from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LadderRating")



@_attrs_define
class LadderRating:
    """ 
        Attributes:
            ladder (str):
            rating (float):
            mu (float):
            sigma (float):
            games (int):
     """

    ladder: str
    rating: float
    mu: float
    sigma: float
    games: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ladder = self.ladder

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ladder": ladder,
            "rating": rating,
            "mu": mu,
            "sigma": sigma,
            "games": games,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ladder = d.pop("ladder")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        ladder_rating = cls(
            ladder=ladder,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
        )


        ladder_rating.additional_properties = d
        return ladder_rating

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
