from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ProblemFacts")



@_attrs_define
class ProblemFacts:
    """ What the refusal is about; which fields depend on the code.

        Attributes:
            path (None | str | Unset): The place in the body (`$.seats[0].kind`).
            knob (None | str | Unset): The ruleset knob refused.
            card (None | str | Unset): The card refused.
            seat (int | None | Unset): The seat involved.
            meld_id (int | None | Unset): The meld involved.
            version (int | None | Unset): The version involved (a log's first bad event).
            current_version (int | None | Unset): The game's version now.
            limit_bytes (int | None | Unset): The size limit passed.
     """

    path: None | str | Unset = UNSET
    knob: None | str | Unset = UNSET
    card: None | str | Unset = UNSET
    seat: int | None | Unset = UNSET
    meld_id: int | None | Unset = UNSET
    version: int | None | Unset = UNSET
    current_version: int | None | Unset = UNSET
    limit_bytes: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        path: None | str | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        else:
            path = self.path

        knob: None | str | Unset
        if isinstance(self.knob, Unset):
            knob = UNSET
        else:
            knob = self.knob

        card: None | str | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        else:
            card = self.card

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        meld_id: int | None | Unset
        if isinstance(self.meld_id, Unset):
            meld_id = UNSET
        else:
            meld_id = self.meld_id

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        current_version: int | None | Unset
        if isinstance(self.current_version, Unset):
            current_version = UNSET
        else:
            current_version = self.current_version

        limit_bytes: int | None | Unset
        if isinstance(self.limit_bytes, Unset):
            limit_bytes = UNSET
        else:
            limit_bytes = self.limit_bytes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if path is not UNSET:
            field_dict["path"] = path
        if knob is not UNSET:
            field_dict["knob"] = knob
        if card is not UNSET:
            field_dict["card"] = card
        if seat is not UNSET:
            field_dict["seat"] = seat
        if meld_id is not UNSET:
            field_dict["meld_id"] = meld_id
        if version is not UNSET:
            field_dict["version"] = version
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if limit_bytes is not UNSET:
            field_dict["limit_bytes"] = limit_bytes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        path = _parse_path(d.pop("path", UNSET))


        def _parse_knob(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        knob = _parse_knob(d.pop("knob", UNSET))


        def _parse_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        card = _parse_card(d.pop("card", UNSET))


        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))


        def _parse_meld_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        meld_id = _parse_meld_id(d.pop("meld_id", UNSET))


        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))


        def _parse_current_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current_version = _parse_current_version(d.pop("current_version", UNSET))


        def _parse_limit_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit_bytes = _parse_limit_bytes(d.pop("limit_bytes", UNSET))


        problem_facts = cls(
            path=path,
            knob=knob,
            card=card,
            seat=seat,
            meld_id=meld_id,
            version=version,
            current_version=current_version,
            limit_bytes=limit_bytes,
        )


        problem_facts.additional_properties = d
        return problem_facts

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
