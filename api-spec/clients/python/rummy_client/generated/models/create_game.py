from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_game_preset import CreateGamePreset
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_overrides import RuleOverrides
  from ..models.seat_spec import SeatSpec





T = TypeVar("T", bound="CreateGame")



@_attrs_define
class CreateGame:
    """ 
        Attributes:
            seats (list[SeatSpec]):
            preset (CreateGamePreset | Unset): Default: `"basic"`.
            rules (RuleOverrides | Unset): Knob overrides: any knobs of a RuleSet (GET /rulesets), each in its range; the
                preset gives the others.
            seed (int | None | Unset):
            deck (list[str] | None | Unset): The first hand's deck, top card first: the whole pack (every card of the
                ruleset's pack, each once). The first `seats × hand size` cards are dealt one at a time, starting with the
                dealer's left; the next card turns up as the discard pile; the rest is the stock, the card after the turned-up
                one on its top (drawn first). Without `deck` or `decks`, hands are shuffled (from `seed` if given).
            decks (list[list[str]] | None | Unset): The decks of hands 1, 2, … in order, each as `deck` says; hands past the
                list are shuffled as usual. Give `deck` or `decks`.
            turn_time_limit_s (float | None | Unset): Seconds a seat has for each turn, 1 to 86400 (a day).
            private_log (bool | Unset): Default: `false`.
            private (bool | Unset): Default: `false`.
            hot_seat (bool | Unset): Default: `false`.
     """

    seats: list[SeatSpec]
    preset: CreateGamePreset | Unset = UNSET
    rules: RuleOverrides | Unset = UNSET
    seed: int | None | Unset = UNSET
    deck: list[str] | None | Unset = UNSET
    decks: list[list[str]] | None | Unset = UNSET
    turn_time_limit_s: float | None | Unset = UNSET
    private_log: bool | Unset = UNSET
    private: bool | Unset = UNSET
    hot_seat: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value


        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        deck: list[str] | None | Unset
        if isinstance(self.deck, Unset):
            deck = UNSET
        elif isinstance(self.deck, list):
            deck = self.deck


        else:
            deck = self.deck

        decks: list[list[str]] | None | Unset
        if isinstance(self.decks, Unset):
            decks = UNSET
        elif isinstance(self.decks, list):
            decks = []
            for decks_type_0_item_data in self.decks:
                decks_type_0_item = decks_type_0_item_data


                decks.append(decks_type_0_item)


        else:
            decks = self.decks

        turn_time_limit_s: float | None | Unset
        if isinstance(self.turn_time_limit_s, Unset):
            turn_time_limit_s = UNSET
        else:
            turn_time_limit_s = self.turn_time_limit_s

        private_log = self.private_log

        private = self.private

        hot_seat = self.hot_seat


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seats": seats,
        })
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed is not UNSET:
            field_dict["seed"] = seed
        if deck is not UNSET:
            field_dict["deck"] = deck
        if decks is not UNSET:
            field_dict["decks"] = decks
        if turn_time_limit_s is not UNSET:
            field_dict["turn_time_limit_s"] = turn_time_limit_s
        if private_log is not UNSET:
            field_dict["private_log"] = private_log
        if private is not UNSET:
            field_dict["private"] = private
        if hot_seat is not UNSET:
            field_dict["hot_seat"] = hot_seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        from ..models.seat_spec import SeatSpec # noqa: PLC0415
        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatSpec.from_dict(seats_item_data)



            seats.append(seats_item)


        _preset = d.pop("preset", UNSET)
        preset: CreateGamePreset | Unset
        if isinstance(_preset,  Unset):
            preset = UNSET
        else:
            preset = CreateGamePreset(_preset)




        _rules = d.pop("rules", UNSET)
        rules: RuleOverrides | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = RuleOverrides.from_dict(_rules)




        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        def _parse_deck(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        deck = _parse_deck(d.pop("deck", UNSET))


        def _parse_decks(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                decks_type_0 = []
                _decks_type_0 = data
                for decks_type_0_item_data in (_decks_type_0):
                    decks_type_0_item = cast(list[str], decks_type_0_item_data)

                    decks_type_0.append(decks_type_0_item)

                return decks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        decks = _parse_decks(d.pop("decks", UNSET))


        def _parse_turn_time_limit_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_time_limit_s = _parse_turn_time_limit_s(d.pop("turn_time_limit_s", UNSET))


        private_log = d.pop("private_log", UNSET)

        private = d.pop("private", UNSET)

        hot_seat = d.pop("hot_seat", UNSET)

        create_game = cls(
            seats=seats,
            preset=preset,
            rules=rules,
            seed=seed,
            deck=deck,
            decks=decks,
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
            private=private,
            hot_seat=hot_seat,
        )

        return create_game

