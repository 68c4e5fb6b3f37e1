from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_spec_kind import SeatSpecKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatSpec")



@_attrs_define
class SeatSpec:
    """ 
        Attributes:
            kind (SeatSpecKind):
            level (int | None | Unset):
            open_ (bool | Unset): Default: `false`.
     """

    kind: SeatSpecKind
    level: int | None | Unset = UNSET
    open_: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        level: int | None | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        open_ = self.open_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if level is not UNSET:
            field_dict["level"] = level
        if open_ is not UNSET:
            field_dict["open"] = open_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SeatSpecKind(d.pop("kind"))




        def _parse_level(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        level = _parse_level(d.pop("level", UNSET))


        open_ = d.pop("open", UNSET)

        seat_spec = cls(
            kind=kind,
            level=level,
            open_=open_,
        )

        return seat_spec

