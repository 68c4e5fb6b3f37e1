from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_summary_status import GameSummaryStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_set import RuleSet
  from ..models.seat_out import SeatOut
  from ..models.view import View





T = TypeVar("T", bound="GameSummary")



@_attrs_define
class GameSummary:
    """ 
        Attributes:
            game_id (str):
            status (GameSummaryStatus):
            preset (str):
            ruleset (RuleSet):
            seats (list[SeatOut]):
            version (int):
            created_at (str):
            turn_time_limit_s (float | None):
            view (View):
            stacked (bool | Unset):  Default: False.
            private (bool | Unset):  Default: False.
            rated (bool | Unset):  Default: False.
            hot_seat (bool | Unset):  Default: False.
            expired (bool | Unset):  Default: False.
            rematch (None | str | Unset):
            rematch_of (None | str | Unset):
            your_seat (int | None | Unset):
            hosting (bool | Unset):  Default: False.
            kept_for_you (int | None | Unset):
     """

    game_id: str
    status: GameSummaryStatus
    preset: str
    ruleset: RuleSet
    seats: list[SeatOut]
    version: int
    created_at: str
    turn_time_limit_s: float | None
    view: View
    stacked: bool | Unset = False
    private: bool | Unset = False
    rated: bool | Unset = False
    hot_seat: bool | Unset = False
    expired: bool | Unset = False
    rematch: None | str | Unset = UNSET
    rematch_of: None | str | Unset = UNSET
    your_seat: int | None | Unset = UNSET
    hosting: bool | Unset = False
    kept_for_you: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        game_id = self.game_id

        status = self.status.value

        preset = self.preset

        ruleset = self.ruleset.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        version = self.version

        created_at = self.created_at

        turn_time_limit_s: float | None
        turn_time_limit_s = self.turn_time_limit_s

        view = self.view.to_dict()

        stacked = self.stacked

        private = self.private

        rated = self.rated

        hot_seat = self.hot_seat

        expired = self.expired

        rematch: None | str | Unset
        if isinstance(self.rematch, Unset):
            rematch = UNSET
        else:
            rematch = self.rematch

        rematch_of: None | str | Unset
        if isinstance(self.rematch_of, Unset):
            rematch_of = UNSET
        else:
            rematch_of = self.rematch_of

        your_seat: int | None | Unset
        if isinstance(self.your_seat, Unset):
            your_seat = UNSET
        else:
            your_seat = self.your_seat

        hosting = self.hosting

        kept_for_you: int | None | Unset
        if isinstance(self.kept_for_you, Unset):
            kept_for_you = UNSET
        else:
            kept_for_you = self.kept_for_you


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "status": status,
            "preset": preset,
            "ruleset": ruleset,
            "seats": seats,
            "version": version,
            "created_at": created_at,
            "turn_time_limit_s": turn_time_limit_s,
            "view": view,
        })
        if stacked is not UNSET:
            field_dict["stacked"] = stacked
        if private is not UNSET:
            field_dict["private"] = private
        if rated is not UNSET:
            field_dict["rated"] = rated
        if hot_seat is not UNSET:
            field_dict["hot_seat"] = hot_seat
        if expired is not UNSET:
            field_dict["expired"] = expired
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of
        if your_seat is not UNSET:
            field_dict["your_seat"] = your_seat
        if hosting is not UNSET:
            field_dict["hosting"] = hosting
        if kept_for_you is not UNSET:
            field_dict["kept_for_you"] = kept_for_you

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.seat_out import SeatOut # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = GameSummaryStatus(d.pop("status"))




        preset = d.pop("preset")

        ruleset = RuleSet.from_dict(d.pop("ruleset"))




        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatOut.from_dict(seats_item_data)



            seats.append(seats_item)


        version = d.pop("version")

        created_at = d.pop("created_at")

        def _parse_turn_time_limit_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s"))


        view = View.from_dict(d.pop("view"))




        stacked = d.pop("stacked", UNSET)

        private = d.pop("private", UNSET)

        rated = d.pop("rated", UNSET)

        hot_seat = d.pop("hot_seat", UNSET)

        expired = d.pop("expired", UNSET)

        def _parse_rematch(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch = _parse_rematch(d.pop("rematch", UNSET))


        def _parse_rematch_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of", UNSET))


        def _parse_your_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        your_seat = _parse_your_seat(d.pop("your_seat", UNSET))


        hosting = d.pop("hosting", UNSET)

        def _parse_kept_for_you(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        kept_for_you = _parse_kept_for_you(d.pop("kept_for_you", UNSET))


        game_summary = cls(
            game_id=game_id,
            status=status,
            preset=preset,
            ruleset=ruleset,
            seats=seats,
            version=version,
            created_at=created_at,
            turn_time_limit_s=turn_time_limit_s,
            view=view,
            stacked=stacked,
            private=private,
            rated=rated,
            hot_seat=hot_seat,
            expired=expired,
            rematch=rematch,
            rematch_of=rematch_of,
            your_seat=your_seat,
            hosting=hosting,
            kept_for_you=kept_for_you,
        )


        game_summary.additional_properties = d
        return game_summary

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
