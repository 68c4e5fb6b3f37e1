from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.start_table_fill import StartTableFill
from ..types import UNSET, Unset






T = TypeVar("T", bound="StartTable")



@_attrs_define
class StartTable:
    """ 
        Attributes:
            fill (StartTableFill | Unset): Default: `"bots"`.
            level (int | Unset): Default: `2`.
     """

    fill: StartTableFill | Unset = UNSET
    level: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        fill: str | Unset = UNSET
        if not isinstance(self.fill, Unset):
            fill = self.fill.value


        level = self.level


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if fill is not UNSET:
            field_dict["fill"] = fill
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _fill = d.pop("fill", UNSET)
        fill: StartTableFill | Unset
        if isinstance(_fill,  Unset):
            fill = UNSET
        else:
            fill = StartTableFill(_fill)




        level = d.pop("level", UNSET)

        start_table = cls(
            fill=fill,
            level=level,
        )

        return start_table

