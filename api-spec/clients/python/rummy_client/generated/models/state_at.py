from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.state_at_visibility import StateAtVisibility
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_state import GameState
  from ..models.state_at_held_hands_type_0 import StateAtHeldHandsType0
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
            held_hands (None | StateAtHeldHandsType0 | Unset):
     """

    game_id: str
    version: int
    visibility: StateAtVisibility
    view: View
    state: GameState | None
    held_hands: None | StateAtHeldHandsType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_state import GameState # noqa: PLC0415
        from ..models.state_at_held_hands_type_0 import StateAtHeldHandsType0 # noqa: PLC0415
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

        held_hands: dict[str, Any] | None | Unset
        if isinstance(self.held_hands, Unset):
            held_hands = UNSET
        elif isinstance(self.held_hands, StateAtHeldHandsType0):
            held_hands = self.held_hands.to_dict()
        else:
            held_hands = self.held_hands


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "version": version,
            "visibility": visibility,
            "view": view,
            "state": state,
        })
        if held_hands is not UNSET:
            field_dict["held_hands"] = held_hands

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_state import GameState # noqa: PLC0415
        from ..models.state_at_held_hands_type_0 import StateAtHeldHandsType0 # noqa: PLC0415
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


        def _parse_held_hands(data: object) -> None | StateAtHeldHandsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                held_hands_type_0 = StateAtHeldHandsType0.from_dict(data)



                return held_hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StateAtHeldHandsType0 | Unset, data)

        held_hands = _parse_held_hands(d.pop("held_hands", UNSET))


        state_at = cls(
            game_id=game_id,
            version=version,
            visibility=visibility,
            view=view,
            state=state,
            held_hands=held_hands,
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
