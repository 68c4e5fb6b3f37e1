from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_game_status import PlayerGameStatus
from typing import cast






T = TypeVar("T", bound="PlayerGame")



@_attrs_define
class PlayerGame:
    """ 
        Attributes:
            game_id (str):
            status (PlayerGameStatus):
            preset (str):
            seats (list[int]):
            turn (int | None):
            your_turn (bool):
            names (list[None | str]):
            version (int):
            created_at (str):
            expired (bool):
     """

    game_id: str
    status: PlayerGameStatus
    preset: str
    seats: list[int]
    turn: int | None
    your_turn: bool
    names: list[None | str]
    version: int
    created_at: str
    expired: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        status = self.status.value

        preset = self.preset

        seats = self.seats



        turn: int | None
        turn = self.turn

        your_turn = self.your_turn

        names = []
        for names_item_data in self.names:
            names_item: None | str
            names_item = names_item_data
            names.append(names_item)



        version = self.version

        created_at = self.created_at

        expired = self.expired


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "status": status,
            "preset": preset,
            "seats": seats,
            "turn": turn,
            "your_turn": your_turn,
            "names": names,
            "version": version,
            "created_at": created_at,
            "expired": expired,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = PlayerGameStatus(d.pop("status"))




        preset = d.pop("preset")

        seats = cast(list[int], d.pop("seats"))


        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))


        your_turn = d.pop("your_turn")

        names = []
        _names = d.pop("names")
        for names_item_data in (_names):
            def _parse_names_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            names_item = _parse_names_item(names_item_data)

            names.append(names_item)


        version = d.pop("version")

        created_at = d.pop("created_at")

        expired = d.pop("expired")

        player_game = cls(
            game_id=game_id,
            status=status,
            preset=preset,
            seats=seats,
            turn=turn,
            your_turn=your_turn,
            names=names,
            version=version,
            created_at=created_at,
            expired=expired,
        )


        player_game.additional_properties = d
        return player_game

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
