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
  from ..models.opening import Opening
  from ..models.rule_set import RuleSet





T = TypeVar("T", bound="GameStarted")



@_attrs_define
class GameStarted:
    """ 
        Attributes:
            ruleset (RuleSet):
            seats (int):
            type_ (Literal['game_started']):
            bots (list[int] | Unset): Default: `[]`.
            host (str | Unset): Default: `""`.
            opening (None | Opening | Unset):
     """

    ruleset: RuleSet
    seats: int
    type_: Literal['game_started']
    bots: list[int] | Unset = UNSET
    host: str | Unset = UNSET
    opening: None | Opening | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.opening import Opening # noqa: PLC0415
        from ..models.rule_set import RuleSet # noqa: PLC0415
        ruleset = self.ruleset.to_dict()

        seats = self.seats

        type_ = self.type_

        bots: list[int] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = self.bots



        host = self.host

        opening: dict[str, Any] | None | Unset
        if isinstance(self.opening, Unset):
            opening = UNSET
        elif isinstance(self.opening, Opening):
            opening = self.opening.to_dict()
        else:
            opening = self.opening


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ruleset": ruleset,
            "seats": seats,
            "type": type_,
        })
        if bots is not UNSET:
            field_dict["bots"] = bots
        if host is not UNSET:
            field_dict["host"] = host
        if opening is not UNSET:
            field_dict["opening"] = opening

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.opening import Opening # noqa: PLC0415
        from ..models.rule_set import RuleSet # noqa: PLC0415
        d = dict(src_dict)
        ruleset = RuleSet.from_dict(d.pop("ruleset"))




        seats = d.pop("seats")

        type_ = cast(Literal['game_started'] , d.pop("type"))
        if type_ != 'game_started':
            raise ValueError(f"type must match const 'game_started', got '{type_}'")

        bots = cast(list[int], d.pop("bots", UNSET))


        host = d.pop("host", UNSET)

        def _parse_opening(data: object) -> None | Opening | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                opening_type_0 = Opening.from_dict(data)



                return opening_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Opening | Unset, data)

        opening = _parse_opening(d.pop("opening", UNSET))


        game_started = cls(
            ruleset=ruleset,
            seats=seats,
            type_=type_,
            bots=bots,
            host=host,
            opening=opening,
        )

        return game_started

