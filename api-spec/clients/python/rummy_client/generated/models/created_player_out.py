from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CreatedPlayerOut")



@_attrs_define
class CreatedPlayerOut:
    """ 
        Attributes:
            player_id (str):
            name (str):
            guest (bool):
            created_at (str):
            token (str):
     """

    player_id: str
    name: str
    guest: bool
    created_at: str
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        name = self.name

        guest = self.guest

        created_at = self.created_at

        token = self.token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "player_id": player_id,
            "name": name,
            "guest": guest,
            "created_at": created_at,
            "token": token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        name = d.pop("name")

        guest = d.pop("guest")

        created_at = d.pop("created_at")

        token = d.pop("token")

        created_player_out = cls(
            player_id=player_id,
            name=name,
            guest=guest,
            created_at=created_at,
            token=token,
        )


        created_player_out.additional_properties = d
        return created_player_out

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
