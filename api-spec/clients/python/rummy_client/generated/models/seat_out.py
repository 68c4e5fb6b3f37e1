from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_out_kind import SeatOutKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatOut")



@_attrs_define
class SeatOut:
    """ 
        Attributes:
            seat (int):
            kind (SeatOutKind):
            level (int | None):
            open_ (bool):
            claimed (bool):
            name (None | str | Unset):
            resigned (bool | Unset):  Default: False.
            reserved (bool | Unset):  Default: False.
     """

    seat: int
    kind: SeatOutKind
    level: int | None
    open_: bool
    claimed: bool
    name: None | str | Unset = UNSET
    resigned: bool | Unset = False
    reserved: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind = self.kind.value

        level: int | None
        level = self.level

        open_ = self.open_

        claimed = self.claimed

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        resigned = self.resigned

        reserved = self.reserved


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "kind": kind,
            "level": level,
            "open": open_,
            "claimed": claimed,
        })
        if name is not UNSET:
            field_dict["name"] = name
        if resigned is not UNSET:
            field_dict["resigned"] = resigned
        if reserved is not UNSET:
            field_dict["reserved"] = reserved

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        kind = SeatOutKind(d.pop("kind"))




        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))


        open_ = d.pop("open")

        claimed = d.pop("claimed")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        resigned = d.pop("resigned", UNSET)

        reserved = d.pop("reserved", UNSET)

        seat_out = cls(
            seat=seat,
            kind=kind,
            level=level,
            open_=open_,
            claimed=claimed,
            name=name,
            resigned=resigned,
            reserved=reserved,
        )


        seat_out.additional_properties = d
        return seat_out

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
