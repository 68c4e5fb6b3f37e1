from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.rule_set import RuleSet
  from ..models.seat_kind import SeatKind





T = TypeVar("T", bound="LogHeader")



@_attrs_define
class LogHeader:
    """ 
        Attributes:
            game_id (str):
            ruleset (RuleSet):
            seats (int):
            seat_kinds (list[SeatKind]):
            created_at (str):
            type_ (Literal['header'] | Unset): Default: `"header"`.
            format_ (str | Unset): Default: `"rummy-log/1"`.
            stacked (bool | Unset): Default: `false`.
     """

    game_id: str
    ruleset: RuleSet
    seats: int
    seat_kinds: list[SeatKind]
    created_at: str
    type_: Literal['header'] | Unset = UNSET
    format_: str | Unset = UNSET
    stacked: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.seat_kind import SeatKind # noqa: PLC0415
        game_id = self.game_id

        ruleset = self.ruleset.to_dict()

        seats = self.seats

        seat_kinds = []
        for seat_kinds_item_data in self.seat_kinds:
            seat_kinds_item = seat_kinds_item_data.to_dict()
            seat_kinds.append(seat_kinds_item)



        created_at = self.created_at

        type_ = self.type_

        format_ = self.format_

        stacked = self.stacked


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "ruleset": ruleset,
            "seats": seats,
            "seat_kinds": seat_kinds,
            "created_at": created_at,
        })
        if type_ is not UNSET:
            field_dict["type"] = type_
        if format_ is not UNSET:
            field_dict["format"] = format_
        if stacked is not UNSET:
            field_dict["stacked"] = stacked

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.seat_kind import SeatKind # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        ruleset = RuleSet.from_dict(d.pop("ruleset"))




        seats = d.pop("seats")

        seat_kinds = []
        _seat_kinds = d.pop("seat_kinds")
        for seat_kinds_item_data in (_seat_kinds):
            seat_kinds_item = SeatKind.from_dict(seat_kinds_item_data)



            seat_kinds.append(seat_kinds_item)


        created_at = d.pop("created_at")

        type_ = cast(Literal['header'] | Unset , d.pop("type", UNSET))
        if type_ != 'header'and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'header', got '{type_}'")

        format_ = d.pop("format", UNSET)

        stacked = d.pop("stacked", UNSET)

        log_header = cls(
            game_id=game_id,
            ruleset=ruleset,
            seats=seats,
            seat_kinds=seat_kinds,
            created_at=created_at,
            type_=type_,
            format_=format_,
            stacked=stacked,
        )


        log_header.additional_properties = d
        return log_header

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
