from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RateLimitedFacts")



@_attrs_define
class RateLimitedFacts:
    """ The facts of `rate_limited`.

        Attributes:
            kind (str): The kind of request counted (`commands`, `create`, …).
            per (str): Whom the limit counts (a client address, a player).
            limit (str): The limit passed (`20/1 second`).
            retry_after_s (int): Seconds to wait, as `Retry-After` says.
     """

    kind: str
    per: str
    limit: str
    retry_after_s: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        per = self.per

        limit = self.limit

        retry_after_s = self.retry_after_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "per": per,
            "limit": limit,
            "retry_after_s": retry_after_s,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        per = d.pop("per")

        limit = d.pop("limit")

        retry_after_s = d.pop("retry_after_s")

        rate_limited_facts = cls(
            kind=kind,
            per=per,
            limit=limit,
            retry_after_s=retry_after_s,
        )


        rate_limited_facts.additional_properties = d
        return rate_limited_facts

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
