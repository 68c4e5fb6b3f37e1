from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TableOptions")



@_attrs_define
class TableOptions:
    """ 
        Attributes:
            private (bool | Unset): Default: `false`.
            hot_seat (bool | Unset): Default: `false`.
            rated (bool | Unset): Default: `true`.
            expires_after_s (float | None | Unset):
            first_dealer (int | None | Unset):
            rematch_of (None | str | Unset):
     """

    private: bool | Unset = UNSET
    hot_seat: bool | Unset = UNSET
    rated: bool | Unset = UNSET
    expires_after_s: float | None | Unset = UNSET
    first_dealer: int | None | Unset = UNSET
    rematch_of: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        private = self.private

        hot_seat = self.hot_seat

        rated = self.rated

        expires_after_s: float | None | Unset
        if isinstance(self.expires_after_s, Unset):
            expires_after_s = UNSET
        else:
            expires_after_s = self.expires_after_s

        first_dealer: int | None | Unset
        if isinstance(self.first_dealer, Unset):
            first_dealer = UNSET
        else:
            first_dealer = self.first_dealer

        rematch_of: None | str | Unset
        if isinstance(self.rematch_of, Unset):
            rematch_of = UNSET
        else:
            rematch_of = self.rematch_of


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if private is not UNSET:
            field_dict["private"] = private
        if hot_seat is not UNSET:
            field_dict["hot_seat"] = hot_seat
        if rated is not UNSET:
            field_dict["rated"] = rated
        if expires_after_s is not UNSET:
            field_dict["expires_after_s"] = expires_after_s
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        private = d.pop("private", UNSET)

        hot_seat = d.pop("hot_seat", UNSET)

        rated = d.pop("rated", UNSET)

        def _parse_expires_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        expires_after_s = _parse_expires_after_s(d.pop("expires_after_s", UNSET))


        def _parse_first_dealer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        first_dealer = _parse_first_dealer(d.pop("first_dealer", UNSET))


        def _parse_rematch_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of", UNSET))


        table_options = cls(
            private=private,
            hot_seat=hot_seat,
            rated=rated,
            expires_after_s=expires_after_s,
            first_dealer=first_dealer,
            rematch_of=rematch_of,
        )


        table_options.additional_properties = d
        return table_options

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
