from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.leaderboard_entry import LeaderboardEntry





T = TypeVar("T", bound="LeaderboardPage")



@_attrs_define
class LeaderboardPage:
    """ 
        Attributes:
            ladder (str):
            offset (int):
            limit (int):
            total (int):
            entries (list[LeaderboardEntry]):
     """

    ladder: str
    offset: int
    limit: int
    total: int
    entries: list[LeaderboardEntry]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        ladder = self.ladder

        offset = self.offset

        limit = self.limit

        total = self.total

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ladder": ladder,
            "offset": offset,
            "limit": limit,
            "total": total,
            "entries": entries,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry # noqa: PLC0415
        d = dict(src_dict)
        ladder = d.pop("ladder")

        offset = d.pop("offset")

        limit = d.pop("limit")

        total = d.pop("total")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = LeaderboardEntry.from_dict(entries_item_data)



            entries.append(entries_item)


        leaderboard_page = cls(
            ladder=ladder,
            offset=offset,
            limit=limit,
            total=total,
            entries=entries,
        )


        leaderboard_page.additional_properties = d
        return leaderboard_page

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
