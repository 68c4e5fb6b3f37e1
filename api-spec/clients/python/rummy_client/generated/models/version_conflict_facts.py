from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="VersionConflictFacts")



@_attrs_define
class VersionConflictFacts:
    """ The facts of `version_conflict`.

        Attributes:
            expected_version (int): The `expected_version` the command was sent with.
            current_version (int): The game's version now: re-read the view from it.
     """

    expected_version: int
    current_version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version

        current_version = self.current_version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "expected_version": expected_version,
            "current_version": current_version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version")

        current_version = d.pop("current_version")

        version_conflict_facts = cls(
            expected_version=expected_version,
            current_version=current_version,
        )


        version_conflict_facts.additional_properties = d
        return version_conflict_facts

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
