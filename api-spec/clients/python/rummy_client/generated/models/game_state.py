from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_state_phase import GameStatePhase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hand_result import HandResult
  from ..models.meld import Meld
  from ..models.rule_set import RuleSet





T = TypeVar("T", bound="GameState")



@_attrs_define
class GameState:
    """ 
        Attributes:
            ruleset (RuleSet):
            seats (int):
            phase (GameStatePhase | Unset):  Default: GameStatePhase.DEAL.
            hand_number (int | Unset):  Default: 0.
            dealer (int | Unset):  Default: -1.
            turn (int | Unset):  Default: 0.
            hands (list[list[str]] | Unset):
            stock (list[str] | Unset):
            discard_pile (list[str] | Unset):
            table (list[Meld] | Unset):
            next_meld_id (int | Unset):  Default: 1.
            opened (list[bool] | Unset):
            placed (list[list[str]] | Unset):
            taken_from_pile (list[str] | Unset):
            melds_this_turn (int | Unset):  Default: 0.
            jokers_to_play (int | Unset):  Default: 0.
            placed_before_turn (int | Unset):  Default: 0.
            knock_from (int | None | Unset):
            last_card_knocker (int | None | Unset):
            reuses (int | Unset):  Default: 0.
            totals (list[int] | Unset):
            results (list[HandResult] | Unset):
            winners (list[int] | Unset):
            resigned (list[int] | Unset):
     """

    ruleset: RuleSet
    seats: int
    phase: GameStatePhase | Unset = GameStatePhase.DEAL
    hand_number: int | Unset = 0
    dealer: int | Unset = -1
    turn: int | Unset = 0
    hands: list[list[str]] | Unset = UNSET
    stock: list[str] | Unset = UNSET
    discard_pile: list[str] | Unset = UNSET
    table: list[Meld] | Unset = UNSET
    next_meld_id: int | Unset = 1
    opened: list[bool] | Unset = UNSET
    placed: list[list[str]] | Unset = UNSET
    taken_from_pile: list[str] | Unset = UNSET
    melds_this_turn: int | Unset = 0
    jokers_to_play: int | Unset = 0
    placed_before_turn: int | Unset = 0
    knock_from: int | None | Unset = UNSET
    last_card_knocker: int | None | Unset = UNSET
    reuses: int | Unset = 0
    totals: list[int] | Unset = UNSET
    results: list[HandResult] | Unset = UNSET
    winners: list[int] | Unset = UNSET
    resigned: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.hand_result import HandResult # noqa: PLC0415
        from ..models.meld import Meld # noqa: PLC0415
        from ..models.rule_set import RuleSet # noqa: PLC0415
        ruleset = self.ruleset.to_dict()

        seats = self.seats

        phase: str | Unset = UNSET
        if not isinstance(self.phase, Unset):
            phase = self.phase.value


        hand_number = self.hand_number

        dealer = self.dealer

        turn = self.turn

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data


                hands.append(hands_item)



        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock



        discard_pile: list[str] | Unset = UNSET
        if not isinstance(self.discard_pile, Unset):
            discard_pile = self.discard_pile



        table: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = []
            for table_item_data in self.table:
                table_item = table_item_data.to_dict()
                table.append(table_item)



        next_meld_id = self.next_meld_id

        opened: list[bool] | Unset = UNSET
        if not isinstance(self.opened, Unset):
            opened = self.opened



        placed: list[list[str]] | Unset = UNSET
        if not isinstance(self.placed, Unset):
            placed = []
            for placed_item_data in self.placed:
                placed_item = placed_item_data


                placed.append(placed_item)



        taken_from_pile: list[str] | Unset = UNSET
        if not isinstance(self.taken_from_pile, Unset):
            taken_from_pile = self.taken_from_pile



        melds_this_turn = self.melds_this_turn

        jokers_to_play = self.jokers_to_play

        placed_before_turn = self.placed_before_turn

        knock_from: int | None | Unset
        if isinstance(self.knock_from, Unset):
            knock_from = UNSET
        else:
            knock_from = self.knock_from

        last_card_knocker: int | None | Unset
        if isinstance(self.last_card_knocker, Unset):
            last_card_knocker = UNSET
        else:
            last_card_knocker = self.last_card_knocker

        reuses = self.reuses

        totals: list[int] | Unset = UNSET
        if not isinstance(self.totals, Unset):
            totals = self.totals



        results: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.results, Unset):
            results = []
            for results_item_data in self.results:
                results_item = results_item_data.to_dict()
                results.append(results_item)



        winners: list[int] | Unset = UNSET
        if not isinstance(self.winners, Unset):
            winners = self.winners



        resigned: list[int] | Unset = UNSET
        if not isinstance(self.resigned, Unset):
            resigned = self.resigned




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ruleset": ruleset,
            "seats": seats,
        })
        if phase is not UNSET:
            field_dict["phase"] = phase
        if hand_number is not UNSET:
            field_dict["hand_number"] = hand_number
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if turn is not UNSET:
            field_dict["turn"] = turn
        if hands is not UNSET:
            field_dict["hands"] = hands
        if stock is not UNSET:
            field_dict["stock"] = stock
        if discard_pile is not UNSET:
            field_dict["discard_pile"] = discard_pile
        if table is not UNSET:
            field_dict["table"] = table
        if next_meld_id is not UNSET:
            field_dict["next_meld_id"] = next_meld_id
        if opened is not UNSET:
            field_dict["opened"] = opened
        if placed is not UNSET:
            field_dict["placed"] = placed
        if taken_from_pile is not UNSET:
            field_dict["taken_from_pile"] = taken_from_pile
        if melds_this_turn is not UNSET:
            field_dict["melds_this_turn"] = melds_this_turn
        if jokers_to_play is not UNSET:
            field_dict["jokers_to_play"] = jokers_to_play
        if placed_before_turn is not UNSET:
            field_dict["placed_before_turn"] = placed_before_turn
        if knock_from is not UNSET:
            field_dict["knock_from"] = knock_from
        if last_card_knocker is not UNSET:
            field_dict["last_card_knocker"] = last_card_knocker
        if reuses is not UNSET:
            field_dict["reuses"] = reuses
        if totals is not UNSET:
            field_dict["totals"] = totals
        if results is not UNSET:
            field_dict["results"] = results
        if winners is not UNSET:
            field_dict["winners"] = winners
        if resigned is not UNSET:
            field_dict["resigned"] = resigned

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_result import HandResult # noqa: PLC0415
        from ..models.meld import Meld # noqa: PLC0415
        from ..models.rule_set import RuleSet # noqa: PLC0415
        d = dict(src_dict)
        ruleset = RuleSet.from_dict(d.pop("ruleset"))




        seats = d.pop("seats")

        _phase = d.pop("phase", UNSET)
        phase: GameStatePhase | Unset
        if isinstance(_phase,  Unset):
            phase = UNSET
        else:
            phase = GameStatePhase(_phase)




        hand_number = d.pop("hand_number", UNSET)

        dealer = d.pop("dealer", UNSET)

        turn = d.pop("turn", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)


        stock = cast(list[str], d.pop("stock", UNSET))


        discard_pile = cast(list[str], d.pop("discard_pile", UNSET))


        _table = d.pop("table", UNSET)
        table: list[Meld] | Unset = UNSET
        if _table is not UNSET:
            table = []
            for table_item_data in _table:
                table_item = Meld.from_dict(table_item_data)



                table.append(table_item)


        next_meld_id = d.pop("next_meld_id", UNSET)

        opened = cast(list[bool], d.pop("opened", UNSET))


        _placed = d.pop("placed", UNSET)
        placed: list[list[str]] | Unset = UNSET
        if _placed is not UNSET:
            placed = []
            for placed_item_data in _placed:
                placed_item = cast(list[str], placed_item_data)

                placed.append(placed_item)


        taken_from_pile = cast(list[str], d.pop("taken_from_pile", UNSET))


        melds_this_turn = d.pop("melds_this_turn", UNSET)

        jokers_to_play = d.pop("jokers_to_play", UNSET)

        placed_before_turn = d.pop("placed_before_turn", UNSET)

        def _parse_knock_from(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        knock_from = _parse_knock_from(d.pop("knock_from", UNSET))


        def _parse_last_card_knocker(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_card_knocker = _parse_last_card_knocker(d.pop("last_card_knocker", UNSET))


        reuses = d.pop("reuses", UNSET)

        totals = cast(list[int], d.pop("totals", UNSET))


        _results = d.pop("results", UNSET)
        results: list[HandResult] | Unset = UNSET
        if _results is not UNSET:
            results = []
            for results_item_data in _results:
                results_item = HandResult.from_dict(results_item_data)



                results.append(results_item)


        winners = cast(list[int], d.pop("winners", UNSET))


        resigned = cast(list[int], d.pop("resigned", UNSET))


        game_state = cls(
            ruleset=ruleset,
            seats=seats,
            phase=phase,
            hand_number=hand_number,
            dealer=dealer,
            turn=turn,
            hands=hands,
            stock=stock,
            discard_pile=discard_pile,
            table=table,
            next_meld_id=next_meld_id,
            opened=opened,
            placed=placed,
            taken_from_pile=taken_from_pile,
            melds_this_turn=melds_this_turn,
            jokers_to_play=jokers_to_play,
            placed_before_turn=placed_before_turn,
            knock_from=knock_from,
            last_card_knocker=last_card_knocker,
            reuses=reuses,
            totals=totals,
            results=results,
            winners=winners,
            resigned=resigned,
        )


        game_state.additional_properties = d
        return game_state

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
