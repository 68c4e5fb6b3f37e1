from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_end import RunEnd
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="LayOffCommand")



@_attrs_define
class LayOffCommand:
    """ 
        Attributes:
            card (str): A card code: `7H`, `TD`, `JK`.
            meld_id (int):
            type_ (Literal['lay_off']):
            expected_version (int | None | Unset):
            command_id (None | str | Unset): Any characters but control and format ones (422 `invalid_command`: every
                follower of the game is shown it).
            end (None | RunEnd | Unset):
     """

    card: str
    meld_id: int
    type_: Literal['lay_off']
    expected_version: int | None | Unset = UNSET
    command_id: None | str | Unset = UNSET
    end: None | RunEnd | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        meld_id = self.meld_id

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

        end: None | str | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, RunEnd):
            end = self.end.value
        else:
            end = self.end


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
            "meld_id": meld_id,
            "type": type_,
        })
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version
        if command_id is not UNSET:
            field_dict["command_id"] = command_id
        if end is not UNSET:
            field_dict["end"] = end

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        meld_id = d.pop("meld_id")

        type_ = cast(Literal['lay_off'] , d.pop("type"))
        if type_ != 'lay_off':
            raise ValueError(f"type must match const 'lay_off', got '{type_}'")

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


        def _parse_end(data: object) -> None | RunEnd | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_type_0 = RunEnd(data)



                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunEnd | Unset, data)

        end = _parse_end(d.pop("end", UNSET))


        lay_off_command = cls(
            card=card,
            meld_id=meld_id,
            type_=type_,
            expected_version=expected_version,
            command_id=command_id,
            end=end,
        )

        return lay_off_command

