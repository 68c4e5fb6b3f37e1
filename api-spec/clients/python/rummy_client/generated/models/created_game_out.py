from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.created_game_out_status import CreatedGameOutStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.created_game_out_tokens import CreatedGameOutTokens
  from ..models.seat_spec import SeatSpec





T = TypeVar("T", bound="CreatedGameOut")



@_attrs_define
class CreatedGameOut:
    """ 
        Attributes:
            game_id (str):
            version (int):
            tokens (CreatedGameOutTokens):
            seats (list[SeatSpec]):
            status (CreatedGameOutStatus | Unset):  Default: CreatedGameOutStatus.ACTIVE.
            invite_code (None | str | Unset):
     """

    game_id: str
    version: int
    tokens: CreatedGameOutTokens
    seats: list[SeatSpec]
    status: CreatedGameOutStatus | Unset = CreatedGameOutStatus.ACTIVE
    invite_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.created_game_out_tokens import CreatedGameOutTokens # noqa: PLC0415
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        game_id = self.game_id

        version = self.version

        tokens = self.tokens.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        invite_code: None | str | Unset
        if isinstance(self.invite_code, Unset):
            invite_code = UNSET
        else:
            invite_code = self.invite_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "version": version,
            "tokens": tokens,
            "seats": seats,
        })
        if status is not UNSET:
            field_dict["status"] = status
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_game_out_tokens import CreatedGameOutTokens # noqa: PLC0415
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        tokens = CreatedGameOutTokens.from_dict(d.pop("tokens"))




        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSpec.from_dict(seats_item_data)



            seats.append(seats_item)


        _status = d.pop("status", UNSET)
        status: CreatedGameOutStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = CreatedGameOutStatus(_status)




        def _parse_invite_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invite_code = _parse_invite_code(d.pop("invite_code", UNSET))


        created_game_out = cls(
            game_id=game_id,
            version=version,
            tokens=tokens,
            seats=seats,
            status=status,
            invite_code=invite_code,
        )


        created_game_out.additional_properties = d
        return created_game_out

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
