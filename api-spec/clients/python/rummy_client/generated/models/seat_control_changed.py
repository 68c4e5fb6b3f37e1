from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_control_changed_controller import SeatControlChangedController
from ..models.seat_control_changed_reason import SeatControlChangedReason
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="SeatControlChanged")



@_attrs_define
class SeatControlChanged:
    """ 
        Attributes:
            seat (int):
            controller (SeatControlChangedController):
            level (int | None):
            reason (SeatControlChangedReason):
            type_ (Literal['seat_control_changed']):
     """

    seat: int
    controller: SeatControlChangedController
    level: int | None
    reason: SeatControlChangedReason
    type_: Literal['seat_control_changed']





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        controller = self.controller.value

        level: int | None
        level = self.level

        reason = self.reason.value

        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "controller": controller,
            "level": level,
            "reason": reason,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        controller = SeatControlChangedController(d.pop("controller"))




        def _parse_level(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        level = _parse_level(d.pop("level"))


        reason = SeatControlChangedReason(d.pop("reason"))




        type_ = cast(Literal['seat_control_changed'] , d.pop("type"))
        if type_ != 'seat_control_changed':
            raise ValueError(f"type must match const 'seat_control_changed', got '{type_}'")

        seat_control_changed = cls(
            seat=seat,
            controller=controller,
            level=level,
            reason=reason,
            type_=type_,
        )

        return seat_control_changed

