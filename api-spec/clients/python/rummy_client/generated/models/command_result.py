from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.envelope import Envelope
  from ..models.view import View





T = TypeVar("T", bound="CommandResult")



@_attrs_define
class CommandResult:
    """ 
        Attributes:
            version (int):
            view (View):
            events (list[Envelope]):
     """

    version: int
    view: View
    events: list[Envelope]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope import Envelope # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        version = self.version

        view = self.view.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "view": view,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope import Envelope # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        view = View.from_dict(d.pop("view"))




        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = Envelope.from_dict(events_item_data)



            events.append(events_item)


        command_result = cls(
            version=version,
            view=view,
            events=events,
        )


        command_result.additional_properties = d
        return command_result

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
