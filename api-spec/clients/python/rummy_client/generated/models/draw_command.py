from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.draw_command_source import DrawCommandSource
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="DrawCommand")



@_attrs_define
class DrawCommand:
    """ 
        Attributes:
            type_ (Literal['draw']):
            expected_version (int | None | Unset):
            command_id (None | str | Unset): Any characters but control and format ones (422 `invalid_command`: every
                follower of the game is shown it).
            source (DrawCommandSource | Unset): Default: `"stock"`.
            count (int | Unset): Default: `1`.
     """

    type_: Literal['draw']
    expected_version: int | None | Unset = UNSET
    command_id: None | str | Unset = UNSET
    source: DrawCommandSource | Unset = UNSET
    count: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        expected_version: int | None | Unset
        if isinstance(self.expected_version, Unset):
            expected_version = UNSET
        else:
            expected_version = self.expected_version

        command_id: None | str | Unset
        if isinstance(self.command_id, Unset):
            command_id = UNSET
        else:
            command_id = self.command_id

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source.value


        count = self.count


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if source is not UNSET:
            field_dict["source"] = source
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['draw'] , d.pop("type"))
        if type_ != 'draw':
            raise ValueError(f"type must match const 'draw', got '{type_}'")

        def _parse_expected_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expected_version = _parse_expected_version(d.pop("expected_version", UNSET))


        def _parse_command_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        command_id = _parse_command_id(d.pop("command_id", UNSET))


        _source = d.pop("source", UNSET)
        source: DrawCommandSource | Unset
        if isinstance(_source,  Unset):
            source = UNSET
        else:
            source = DrawCommandSource(_source)




        count = d.pop("count", UNSET)

        draw_command = cls(
            type_=type_,
            expected_version=expected_version,
            command_id=command_id,
            source=source,
            count=count,
        )

        return draw_command

