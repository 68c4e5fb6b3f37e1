from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.seat_spec import SeatSpec
  from ..models.table_options import TableOptions





T = TypeVar("T", bound="Opening")



@_attrs_define
class Opening:
    """ 
        Attributes:
            preset (str):
            seats (list[SeatSpec]):
            created_at (str):
            turn_time_limit_s (float | None | Unset):
            private_log (bool | Unset): Default: `false`.
            table (TableOptions | Unset):
            stacked (bool | Unset): Default: `false`.
     """

    preset: str
    seats: list[SeatSpec]
    created_at: str
    turn_time_limit_s: float | None | Unset = UNSET
    private_log: bool | Unset = UNSET
    table: TableOptions | Unset = UNSET
    stacked: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        preset = self.preset

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        created_at = self.created_at

        turn_time_limit_s: float | None | Unset
        if isinstance(self.turn_time_limit_s, Unset):
            turn_time_limit_s = UNSET
        else:
            turn_time_limit_s = self.turn_time_limit_s

        private_log = self.private_log

        table: dict[str, Any] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table.to_dict()

        stacked = self.stacked


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "preset": preset,
            "seats": seats,
            "created_at": created_at,
        })
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s
        if private_log is not UNSET:
            field_dict["private_log"] = private_log
        if table is not UNSET:
            field_dict["table"] = table
        if stacked is not UNSET:
            field_dict["stacked"] = stacked

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        from ..models.table_options import TableOptions # noqa: PLC0415
        d = dict(src_dict)
        preset = d.pop("preset")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSpec.from_dict(seats_item_data)



            seats.append(seats_item)


        created_at = d.pop("created_at")

        def _parse_turn_time_limit_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s", UNSET))


        private_log = d.pop("private_log", UNSET)

        _table = d.pop("table", UNSET)
        table: TableOptions | Unset
        if isinstance(_table,  Unset):
            table = UNSET
        else:
            table = TableOptions.from_dict(_table)




        stacked = d.pop("stacked", UNSET)

        opening = cls(
            preset=preset,
            seats=seats,
            created_at=created_at,
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
            table=table,
            stacked=stacked,
        )

        return opening

