from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.leaderboard_entry_kind import LeaderboardEntryKind






T = TypeVar("T", bound="LeaderboardEntry")



@_attrs_define
class LeaderboardEntry:
    """ 
        Attributes:
            rank (int):
            player (str):
            name (str):
            kind (LeaderboardEntryKind):
            rating (float):
            mu (float):
            sigma (float):
            games (int):
            experience (int):
     """

    rank: int
    player: str
    name: str
    kind: LeaderboardEntryKind
    rating: float
    mu: float
    sigma: float
    games: int
    experience: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player

        name = self.name

        kind = self.kind.value

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        experience = self.experience


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rank": rank,
            "player": player,
            "name": name,
            "kind": kind,
            "rating": rating,
            "mu": mu,
            "sigma": sigma,
            "games": games,
            "experience": experience,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        player = d.pop("player")

        name = d.pop("name")

        kind = LeaderboardEntryKind(d.pop("kind"))




        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        experience = d.pop("experience")

        leaderboard_entry = cls(
            rank=rank,
            player=player,
            name=name,
            kind=kind,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            experience=experience,
        )


        leaderboard_entry.additional_properties = d
        return leaderboard_entry

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
