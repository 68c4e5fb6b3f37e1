from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.envelope import Envelope
  from ..models.log_header import LogHeader





T = TypeVar("T", bound="LogDocument")



@_attrs_define
class LogDocument:
    """ 
        Attributes:
            header (LogHeader):
            events (list[Envelope]):
     """

    header: LogHeader
    events: list[Envelope]





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope import Envelope # noqa: PLC0415
        from ..models.log_header import LogHeader # noqa: PLC0415
        header = self.header.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "header": header,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope import Envelope # noqa: PLC0415
        from ..models.log_header import LogHeader # noqa: PLC0415
        d = dict(src_dict)
        header = LogHeader.from_dict(d.pop("header"))




        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = Envelope.from_dict(events_item_data)



            events.append(events_item)


        log_document = cls(
            header=header,
            events=events,
        )

        return log_document

