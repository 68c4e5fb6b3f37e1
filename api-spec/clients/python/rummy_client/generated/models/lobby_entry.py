from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lobby_entry_status import LobbyEntryStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.seat_spec import SeatSpec





T = TypeVar("T", bound="LobbyEntry")



@_attrs_define
class LobbyEntry:
    """ 
        Attributes:
            game_id (str):
            status (LobbyEntryStatus):
            preset (str):
            seats (list[SeatSpec]):
            open_seats (list[int]):
            version (int):
            created_at (str):
            names (list[None | str] | Unset):
            stacked (bool | Unset):  Default: False.
            rated (bool | Unset):  Default: False.
     """

    game_id: str
    status: LobbyEntryStatus
    preset: str
    seats: list[SeatSpec]
    open_seats: list[int]
    version: int
    created_at: str
    names: list[None | str] | Unset = UNSET
    stacked: bool | Unset = False
    rated: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        game_id = self.game_id

        status = self.status.value

        preset = self.preset

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        open_seats = self.open_seats



        version = self.version

        created_at = self.created_at

        names: list[None | str] | Unset = UNSET
        if not isinstance(self.names, Unset):
            names = []
            for names_item_data in self.names:
                names_item: None | str
                names_item = names_item_data
                names.append(names_item)



        stacked = self.stacked

        rated = self.rated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "status": status,
            "preset": preset,
            "seats": seats,
            "open_seats": open_seats,
            "version": version,
            "created_at": created_at,
        })
        if names is not UNSET:
            field_dict["names"] = names
        if stacked is not UNSET:
            field_dict["stacked"] = stacked
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = LobbyEntryStatus(d.pop("status"))




        preset = d.pop("preset")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSpec.from_dict(seats_item_data)



            seats.append(seats_item)


        open_seats = cast(list[int], d.pop("open_seats"))


        version = d.pop("version")

        created_at = d.pop("created_at")

        _names = d.pop("names", UNSET)
        names: list[None | str] | Unset = UNSET
        if _names is not UNSET:
            names = []
            for names_item_data in _names:
                def _parse_names_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                names_item = _parse_names_item(names_item_data)

                names.append(names_item)


        stacked = d.pop("stacked", UNSET)

        rated = d.pop("rated", UNSET)

        lobby_entry = cls(
            game_id=game_id,
            status=status,
            preset=preset,
            seats=seats,
            open_seats=open_seats,
            version=version,
            created_at=created_at,
            names=names,
            stacked=stacked,
            rated=rated,
        )


        lobby_entry.additional_properties = d
        return lobby_entry

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
