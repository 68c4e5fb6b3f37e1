from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_label_kind import SeatLabelKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatLabel")



@_attrs_define
class SeatLabel:
    """ 
        Attributes:
            seat (int):
            kind (SeatLabelKind):
            name (None | str):
            level (int | None):
            resigned (bool | Unset): Default: `false`.
     """

    seat: int
    kind: SeatLabelKind
    name: None | str
    level: int | None
    resigned: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind = self.kind.value

        name: None | str
        name = self.name

        level: int | None
        level = self.level

        resigned = self.resigned


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "kind": kind,
            "name": name,
            "level": level,
        })
        if resigned is not UNSET:
            field_dict["resigned"] = resigned

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        kind = SeatLabelKind(d.pop("kind"))




        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))


        resigned = d.pop("resigned", UNSET)

        seat_label = cls(
            seat=seat,
            kind=kind,
            name=name,
            level=level,
            resigned=resigned,
        )


        seat_label.additional_properties = d
        return seat_label

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
