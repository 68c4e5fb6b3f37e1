from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="Health")



@_attrs_define
class Health:
    """ 
        Attributes:
            status (Literal['ok']):
            store (str):
            workers (int | None | Unset):
            schedulers (int | None | Unset):
            set_aside (list[str] | Unset):
     """

    status: Literal['ok']
    store: str
    workers: int | None | Unset = UNSET
    schedulers: int | None | Unset = UNSET
    set_aside: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        status = self.status

        store = self.store

        workers: int | None | Unset
        if isinstance(self.workers, Unset):
            workers = UNSET
        else:
            workers = self.workers

        schedulers: int | None | Unset
        if isinstance(self.schedulers, Unset):
            schedulers = UNSET
        else:
            schedulers = self.schedulers

        set_aside: list[str] | Unset = UNSET
        if not isinstance(self.set_aside, Unset):
            set_aside = self.set_aside




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "store": store,
        })
        if workers is not UNSET:
            field_dict["workers"] = workers
        if schedulers is not UNSET:
            field_dict["schedulers"] = schedulers
        if set_aside is not UNSET:
            field_dict["set_aside"] = set_aside

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = cast(Literal['ok'] , d.pop("status"))
        if status != 'ok':
            raise ValueError(f"status must match const 'ok', got '{status}'")

        store = d.pop("store")

        def _parse_workers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        workers = _parse_workers(d.pop("workers", UNSET))


        def _parse_schedulers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        schedulers = _parse_schedulers(d.pop("schedulers", UNSET))


        set_aside = cast(list[str], d.pop("set_aside", UNSET))


        health = cls(
            status=status,
            store=store,
            workers=workers,
            schedulers=schedulers,
            set_aside=set_aside,
        )


        health.additional_properties = d
        return health

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
