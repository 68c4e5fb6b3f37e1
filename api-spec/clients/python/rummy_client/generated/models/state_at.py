from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.state_at_visibility import StateAtVisibility
from typing import cast

if TYPE_CHECKING:
  from ..models.game_state import GameState
  from ..models.view import View





T = TypeVar("T", bound="StateAt")



@_attrs_define
class StateAt:
    """ 
        Attributes:
            game_id (str):
            version (int):
            visibility (StateAtVisibility):
            view (View):
            state (GameState | None):
     """

    game_id: str
    version: int
    visibility: StateAtVisibility
    view: View
    state: GameState | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_state import GameState # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        game_id = self.game_id

        version = self.version

        visibility = self.visibility.value

        view = self.view.to_dict()

        state: dict[str, Any] | None
        if isinstance(self.state, GameState):
            state = self.state.to_dict()
        else:
            state = self.state


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "version": version,
            "visibility": visibility,
            "view": view,
            "state": state,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_state import GameState # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        visibility = StateAtVisibility(d.pop("visibility"))




        view = View.from_dict(d.pop("view"))




        def _parse_state(data: object) -> GameState | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = GameState.from_dict(data)



                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameState | None, data)

        state = _parse_state(d.pop("state"))


        state_at = cls(
            game_id=game_id,
            version=version,
            visibility=visibility,
            view=view,
            state=state,
        )


        state_at.additional_properties = d
        return state_at

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
