from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.view_phase import ViewPhase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.controller import Controller
  from ..models.discard_command import DiscardCommand
  from ..models.draw_command import DrawCommand
  from ..models.hand_result import HandResult
  from ..models.knock_command import KnockCommand
  from ..models.lay_melds_command import LayMeldsCommand
  from ..models.lay_off_command import LayOffCommand
  from ..models.meld import Meld
  from ..models.seat_label import SeatLabel
  from ..models.swap_joker_command import SwapJokerCommand





T = TypeVar("T", bound="View")



@_attrs_define
class View:
    """ 
        Attributes:
            seat (int | None):
            seats (int):
            phase (ViewPhase):
            hand_number (int):
            dealer (int): The hand's dealer; -1 before the first deal (phase `deal`).
            turn (int):
            hand (list[str] | None):
            hand_sizes (list[int]):
            table (list[Meld]):
            discard_pile (list[str]):
            stock_count (int):
            reuses (int):
            opened (list[bool]):
            totals (list[int]):
            results (list[HandResult]):
            winners (list[int]):
            taken_from_pile (list[str]):
            melds_this_turn (int):
            jokers_to_play (int):
            knock_open (bool):
            legal_commands (list[DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand |
                SwapJokerCommand]):
            version (int):
            resigned (list[int] | Unset): Default: `[]`.
            turn_deadline (None | str | Unset):
            controllers (list[Controller] | None | Unset):
            seat_labels (list[SeatLabel] | Unset): Default: `[]`.
     """

    seat: int | None
    seats: int
    phase: ViewPhase
    hand_number: int
    dealer: int
    turn: int
    hand: list[str] | None
    hand_sizes: list[int]
    table: list[Meld]
    discard_pile: list[str]
    stock_count: int
    reuses: int
    opened: list[bool]
    totals: list[int]
    results: list[HandResult]
    winners: list[int]
    taken_from_pile: list[str]
    melds_this_turn: int
    jokers_to_play: int
    knock_open: bool
    legal_commands: list[DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand]
    version: int
    resigned: list[int] | Unset = UNSET
    turn_deadline: None | str | Unset = UNSET
    controllers: list[Controller] | None | Unset = UNSET
    seat_labels: list[SeatLabel] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.controller import Controller # noqa: PLC0415
        from ..models.discard_command import DiscardCommand # noqa: PLC0415
        from ..models.draw_command import DrawCommand # noqa: PLC0415
        from ..models.hand_result import HandResult # noqa: PLC0415
        from ..models.knock_command import KnockCommand # noqa: PLC0415
        from ..models.lay_melds_command import LayMeldsCommand # noqa: PLC0415
        from ..models.lay_off_command import LayOffCommand # noqa: PLC0415
        from ..models.meld import Meld # noqa: PLC0415
        from ..models.seat_label import SeatLabel # noqa: PLC0415
        from ..models.swap_joker_command import SwapJokerCommand # noqa: PLC0415
        seat: int | None
        seat = self.seat

        seats = self.seats

        phase = self.phase.value

        hand_number = self.hand_number

        dealer = self.dealer

        turn = self.turn

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand

        hand_sizes = self.hand_sizes



        table = []
        for table_item_data in self.table:
            table_item = table_item_data.to_dict()
            table.append(table_item)



        discard_pile = self.discard_pile



        stock_count = self.stock_count

        reuses = self.reuses

        opened = self.opened



        totals = self.totals



        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)



        winners = self.winners



        taken_from_pile = self.taken_from_pile



        melds_this_turn = self.melds_this_turn

        jokers_to_play = self.jokers_to_play

        knock_open = self.knock_open

        legal_commands = []
        for legal_commands_item_data in self.legal_commands:
            legal_commands_item: dict[str, Any]
            if isinstance(legal_commands_item_data, DrawCommand):
                legal_commands_item = legal_commands_item_data.to_dict()
            elif isinstance(legal_commands_item_data, LayMeldsCommand):
                legal_commands_item = legal_commands_item_data.to_dict()
            elif isinstance(legal_commands_item_data, LayOffCommand):
                legal_commands_item = legal_commands_item_data.to_dict()
            elif isinstance(legal_commands_item_data, SwapJokerCommand):
                legal_commands_item = legal_commands_item_data.to_dict()
            elif isinstance(legal_commands_item_data, DiscardCommand):
                legal_commands_item = legal_commands_item_data.to_dict()
            else:
                legal_commands_item = legal_commands_item_data.to_dict()

            legal_commands.append(legal_commands_item)



        version = self.version

        resigned: list[int] | Unset = UNSET
        if not isinstance(self.resigned, Unset):
            resigned = self.resigned



        turn_deadline: None | str | Unset
        if isinstance(self.turn_deadline, Unset):
            turn_deadline = UNSET
        else:
            turn_deadline = self.turn_deadline

        controllers: list[dict[str, Any]] | None | Unset
        if isinstance(self.controllers, Unset):
            controllers = UNSET
        elif isinstance(self.controllers, list):
            controllers = []
            for controllers_type_0_item_data in self.controllers:
                controllers_type_0_item = controllers_type_0_item_data.to_dict()
                controllers.append(controllers_type_0_item)


        else:
            controllers = self.controllers

        seat_labels: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seat_labels, Unset):
            seat_labels = []
            for seat_labels_item_data in self.seat_labels:
                seat_labels_item = seat_labels_item_data.to_dict()
                seat_labels.append(seat_labels_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "seats": seats,
            "phase": phase,
            "hand_number": hand_number,
            "dealer": dealer,
            "turn": turn,
            "hand": hand,
            "hand_sizes": hand_sizes,
            "table": table,
            "discard_pile": discard_pile,
            "stock_count": stock_count,
            "reuses": reuses,
            "opened": opened,
            "totals": totals,
            "results": results,
            "winners": winners,
            "taken_from_pile": taken_from_pile,
            "melds_this_turn": melds_this_turn,
            "jokers_to_play": jokers_to_play,
            "knock_open": knock_open,
            "legal_commands": legal_commands,
            "version": version,
        })
        if resigned is not UNSET:
            field_dict["resigned"] = resigned
        if turn_deadline is not UNSET:
            field_dict["turn_deadline"] = turn_deadline
        if controllers is not UNSET:
            field_dict["controllers"] = controllers
        if seat_labels is not UNSET:
            field_dict["seat_labels"] = seat_labels

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.controller import Controller # noqa: PLC0415
        from ..models.discard_command import DiscardCommand # noqa: PLC0415
        from ..models.draw_command import DrawCommand # noqa: PLC0415
        from ..models.hand_result import HandResult # noqa: PLC0415
        from ..models.knock_command import KnockCommand # noqa: PLC0415
        from ..models.lay_melds_command import LayMeldsCommand # noqa: PLC0415
        from ..models.lay_off_command import LayOffCommand # noqa: PLC0415
        from ..models.meld import Meld # noqa: PLC0415
        from ..models.seat_label import SeatLabel # noqa: PLC0415
        from ..models.swap_joker_command import SwapJokerCommand # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        seats = d.pop("seats")

        phase = ViewPhase(d.pop("phase"))




        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        turn = d.pop("turn")

        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        table = []
        _table = d.pop("table")
        for table_item_data in (_table):
            table_item = Meld.from_dict(table_item_data)



            table.append(table_item)


        discard_pile = cast(list[str], d.pop("discard_pile"))


        stock_count = d.pop("stock_count")

        reuses = d.pop("reuses")

        opened = cast(list[bool], d.pop("opened"))


        totals = cast(list[int], d.pop("totals"))


        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = HandResult.from_dict(results_item_data)



            results.append(results_item)


        winners = cast(list[int], d.pop("winners"))


        taken_from_pile = cast(list[str], d.pop("taken_from_pile"))


        melds_this_turn = d.pop("melds_this_turn")

        jokers_to_play = d.pop("jokers_to_play")

        knock_open = d.pop("knock_open")

        legal_commands = []
        _legal_commands = d.pop("legal_commands")
        for legal_commands_item_data in (_legal_commands):
            def _parse_legal_commands_item(data: object) -> DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_commands_item_type_0 = DrawCommand.from_dict(data)



                    return legal_commands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_commands_item_type_1 = LayMeldsCommand.from_dict(data)



                    return legal_commands_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_commands_item_type_2 = LayOffCommand.from_dict(data)



                    return legal_commands_item_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_commands_item_type_3 = SwapJokerCommand.from_dict(data)



                    return legal_commands_item_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    legal_commands_item_type_4 = DiscardCommand.from_dict(data)



                    return legal_commands_item_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                legal_commands_item_type_5 = KnockCommand.from_dict(data)



                return legal_commands_item_type_5

            legal_commands_item = _parse_legal_commands_item(legal_commands_item_data)

            legal_commands.append(legal_commands_item)


        version = d.pop("version")

        resigned = cast(list[int], d.pop("resigned", UNSET))


        def _parse_turn_deadline(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        turn_deadline = _parse_turn_deadline(d.pop("turn_deadline", UNSET))


        def _parse_controllers(data: object) -> list[Controller] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                controllers_type_0 = []
                _controllers_type_0 = data
                for controllers_type_0_item_data in (_controllers_type_0):
                    controllers_type_0_item = Controller.from_dict(controllers_type_0_item_data)



                    controllers_type_0.append(controllers_type_0_item)

                return controllers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Controller] | None | Unset, data)

        controllers = _parse_controllers(d.pop("controllers", UNSET))


        _seat_labels = d.pop("seat_labels", UNSET)
        seat_labels: list[SeatLabel] | Unset = UNSET
        if _seat_labels is not UNSET:
            seat_labels = []
            for seat_labels_item_data in _seat_labels:
                seat_labels_item = SeatLabel.from_dict(seat_labels_item_data)



                seat_labels.append(seat_labels_item)


        view = cls(
            seat=seat,
            seats=seats,
            phase=phase,
            hand_number=hand_number,
            dealer=dealer,
            turn=turn,
            hand=hand,
            hand_sizes=hand_sizes,
            table=table,
            discard_pile=discard_pile,
            stock_count=stock_count,
            reuses=reuses,
            opened=opened,
            totals=totals,
            results=results,
            winners=winners,
            taken_from_pile=taken_from_pile,
            melds_this_turn=melds_this_turn,
            jokers_to_play=jokers_to_play,
            knock_open=knock_open,
            legal_commands=legal_commands,
            version=version,
            resigned=resigned,
            turn_deadline=turn_deadline,
            controllers=controllers,
            seat_labels=seat_labels,
        )


        view.additional_properties = d
        return view

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
