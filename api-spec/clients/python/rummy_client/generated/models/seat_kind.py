from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_kind_kind import SeatKindKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatKind")



@_attrs_define
class SeatKind:
    """ 
        Attributes:
            kind (SeatKindKind):
            level (int | None | Unset):
     """

    kind: SeatKindKind
    level: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SeatKindKind(d.pop("kind"))




        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))


        seat_kind = cls(
            kind=kind,
            level=level,
        )

        return seat_kind

