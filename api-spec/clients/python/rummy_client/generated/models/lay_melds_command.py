from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="LayMeldsCommand")



@_attrs_define
class LayMeldsCommand:
    """ 
        Attributes:
            melds (list[list[str]]):
            type_ (Literal['lay_melds']):
            expected_version (int | None | Unset):
            command_id (None | str | Unset): Any characters but control and format ones (422 `invalid_command`: every
                follower of the game is shown it).
     """

    melds: list[list[str]]
    type_: Literal['lay_melds']
    expected_version: int | None | Unset = UNSET
    command_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data


            melds.append(melds_item)



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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "melds": melds,
            "type": type_,
        })
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        melds = []
        _melds = d.pop("melds")
        for melds_item_data in (_melds):
            melds_item = cast(list[str], melds_item_data)

            melds.append(melds_item)


        type_ = cast(Literal['lay_melds'] , d.pop("type"))
        if type_ != 'lay_melds':
            raise ValueError(f"type must match const 'lay_melds', got '{type_}'")

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


        lay_melds_command = cls(
            melds=melds,
            type_=type_,
            expected_version=expected_version,
            command_id=command_id,
        )

        return lay_melds_command

