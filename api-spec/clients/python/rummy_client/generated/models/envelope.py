from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.envelope_actor_type_1 import EnvelopeActorType1
from ..models.envelope_actor_type_2_type_1 import EnvelopeActorType2Type1
from ..models.envelope_actor_type_3_type_1 import EnvelopeActorType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card_discarded import CardDiscarded
  from ..models.card_laid_off import CardLaidOff
  from ..models.cards_drawn import CardsDrawn
  from ..models.deck_revealed import DeckRevealed
  from ..models.game_abandoned import GameAbandoned
  from ..models.game_ended import GameEnded
  from ..models.game_started import GameStarted
  from ..models.hand_dealt import HandDealt
  from ..models.hand_ended import HandEnded
  from ..models.joker_swapped import JokerSwapped
  from ..models.knocked import Knocked
  from ..models.meld_laid import MeldLaid
  from ..models.rematch_offered import RematchOffered
  from ..models.seat_claimed import SeatClaimed
  from ..models.seat_control_changed import SeatControlChanged
  from ..models.seat_filled import SeatFilled
  from ..models.seat_left import SeatLeft
  from ..models.seat_reserved import SeatReserved
  from ..models.seat_resigned import SeatResigned
  from ..models.seats_removed import SeatsRemoved
  from ..models.stock_renewed import StockRenewed
  from ..models.turn_deadline_set import TurnDeadlineSet
  from ..models.turn_timed_out import TurnTimedOut





T = TypeVar("T", bound="Envelope")



@_attrs_define
class Envelope:
    """ 
        Attributes:
            version (int):
            at (str):
            seat (int | None):
            command_id (None | str):
            event (CardDiscarded | CardLaidOff | CardsDrawn | DeckRevealed | GameAbandoned | GameEnded | GameStarted |
                HandDealt | HandEnded | JokerSwapped | Knocked | MeldLaid | RematchOffered | SeatClaimed | SeatControlChanged |
                SeatFilled | SeatLeft | SeatReserved | SeatResigned | SeatsRemoved | StockRenewed | TurnDeadlineSet |
                TurnTimedOut):
            actor (EnvelopeActorType1 | EnvelopeActorType2Type1 | EnvelopeActorType3Type1 | None | Unset):
     """

    version: int
    at: str
    seat: int | None
    command_id: None | str
    event: CardDiscarded | CardLaidOff | CardsDrawn | DeckRevealed | GameAbandoned | GameEnded | GameStarted | HandDealt | HandEnded | JokerSwapped | Knocked | MeldLaid | RematchOffered | SeatClaimed | SeatControlChanged | SeatFilled | SeatLeft | SeatReserved | SeatResigned | SeatsRemoved | StockRenewed | TurnDeadlineSet | TurnTimedOut
    actor: EnvelopeActorType1 | EnvelopeActorType2Type1 | EnvelopeActorType3Type1 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_discarded import CardDiscarded # noqa: PLC0415
        from ..models.card_laid_off import CardLaidOff # noqa: PLC0415
        from ..models.cards_drawn import CardsDrawn # noqa: PLC0415
        from ..models.deck_revealed import DeckRevealed # noqa: PLC0415
        from ..models.game_abandoned import GameAbandoned # noqa: PLC0415
        from ..models.game_ended import GameEnded # noqa: PLC0415
        from ..models.game_started import GameStarted # noqa: PLC0415
        from ..models.hand_dealt import HandDealt # noqa: PLC0415
        from ..models.hand_ended import HandEnded # noqa: PLC0415
        from ..models.joker_swapped import JokerSwapped # noqa: PLC0415
        from ..models.knocked import Knocked # noqa: PLC0415
        from ..models.meld_laid import MeldLaid # noqa: PLC0415
        from ..models.rematch_offered import RematchOffered # noqa: PLC0415
        from ..models.seat_claimed import SeatClaimed # noqa: PLC0415
        from ..models.seat_control_changed import SeatControlChanged # noqa: PLC0415
        from ..models.seat_filled import SeatFilled # noqa: PLC0415
        from ..models.seat_left import SeatLeft # noqa: PLC0415
        from ..models.seat_reserved import SeatReserved # noqa: PLC0415
        from ..models.seat_resigned import SeatResigned # noqa: PLC0415
        from ..models.seats_removed import SeatsRemoved # noqa: PLC0415
        from ..models.stock_renewed import StockRenewed # noqa: PLC0415
        from ..models.turn_deadline_set import TurnDeadlineSet # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut # noqa: PLC0415
        version = self.version

        at = self.at

        seat: int | None
        seat = self.seat

        command_id: None | str
        command_id = self.command_id

        event: dict[str, Any]
        if isinstance(self.event, GameStarted):
            event = self.event.to_dict()
        elif isinstance(self.event, HandDealt):
            event = self.event.to_dict()
        elif isinstance(self.event, CardsDrawn):
            event = self.event.to_dict()
        elif isinstance(self.event, StockRenewed):
            event = self.event.to_dict()
        elif isinstance(self.event, MeldLaid):
            event = self.event.to_dict()
        elif isinstance(self.event, CardLaidOff):
            event = self.event.to_dict()
        elif isinstance(self.event, JokerSwapped):
            event = self.event.to_dict()
        elif isinstance(self.event, CardDiscarded):
            event = self.event.to_dict()
        elif isinstance(self.event, Knocked):
            event = self.event.to_dict()
        elif isinstance(self.event, HandEnded):
            event = self.event.to_dict()
        elif isinstance(self.event, DeckRevealed):
            event = self.event.to_dict()
        elif isinstance(self.event, GameEnded):
            event = self.event.to_dict()
        elif isinstance(self.event, TurnDeadlineSet):
            event = self.event.to_dict()
        elif isinstance(self.event, TurnTimedOut):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatResigned):
            event = self.event.to_dict()
        elif isinstance(self.event, RematchOffered):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatsRemoved):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatFilled):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatClaimed):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatReserved):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatLeft):
            event = self.event.to_dict()
        elif isinstance(self.event, SeatControlChanged):
            event = self.event.to_dict()
        else:
            event = self.event.to_dict()


        actor: None | str | Unset
        if isinstance(self.actor, Unset):
            actor = UNSET
        elif isinstance(self.actor, EnvelopeActorType1):
            actor = self.actor.value
        elif isinstance(self.actor, EnvelopeActorType2Type1):
            actor = self.actor.value
        elif isinstance(self.actor, EnvelopeActorType3Type1):
            actor = self.actor.value
        else:
            actor = self.actor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "at": at,
            "seat": seat,
            "command_id": command_id,
            "event": event,
        })
        if actor is not UNSET:
            field_dict["actor"] = actor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_discarded import CardDiscarded # noqa: PLC0415
        from ..models.card_laid_off import CardLaidOff # noqa: PLC0415
        from ..models.cards_drawn import CardsDrawn # noqa: PLC0415
        from ..models.deck_revealed import DeckRevealed # noqa: PLC0415
        from ..models.game_abandoned import GameAbandoned # noqa: PLC0415
        from ..models.game_ended import GameEnded # noqa: PLC0415
        from ..models.game_started import GameStarted # noqa: PLC0415
        from ..models.hand_dealt import HandDealt # noqa: PLC0415
        from ..models.hand_ended import HandEnded # noqa: PLC0415
        from ..models.joker_swapped import JokerSwapped # noqa: PLC0415
        from ..models.knocked import Knocked # noqa: PLC0415
        from ..models.meld_laid import MeldLaid # noqa: PLC0415
        from ..models.rematch_offered import RematchOffered # noqa: PLC0415
        from ..models.seat_claimed import SeatClaimed # noqa: PLC0415
        from ..models.seat_control_changed import SeatControlChanged # noqa: PLC0415
        from ..models.seat_filled import SeatFilled # noqa: PLC0415
        from ..models.seat_left import SeatLeft # noqa: PLC0415
        from ..models.seat_reserved import SeatReserved # noqa: PLC0415
        from ..models.seat_resigned import SeatResigned # noqa: PLC0415
        from ..models.seats_removed import SeatsRemoved # noqa: PLC0415
        from ..models.stock_renewed import StockRenewed # noqa: PLC0415
        from ..models.turn_deadline_set import TurnDeadlineSet # noqa: PLC0415
        from ..models.turn_timed_out import TurnTimedOut # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        at = d.pop("at")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        def _parse_command_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        command_id = _parse_command_id(d.pop("command_id"))


        def _parse_event(data: object) -> CardDiscarded | CardLaidOff | CardsDrawn | DeckRevealed | GameAbandoned | GameEnded | GameStarted | HandDealt | HandEnded | JokerSwapped | Knocked | MeldLaid | RematchOffered | SeatClaimed | SeatControlChanged | SeatFilled | SeatLeft | SeatReserved | SeatResigned | SeatsRemoved | StockRenewed | TurnDeadlineSet | TurnTimedOut:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_0 = GameStarted.from_dict(data)



                return event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_1 = HandDealt.from_dict(data)



                return event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_2 = CardsDrawn.from_dict(data)



                return event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_3 = StockRenewed.from_dict(data)



                return event_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_4 = MeldLaid.from_dict(data)



                return event_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_5 = CardLaidOff.from_dict(data)



                return event_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_6 = JokerSwapped.from_dict(data)



                return event_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_7 = CardDiscarded.from_dict(data)



                return event_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_8 = Knocked.from_dict(data)



                return event_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_9 = HandEnded.from_dict(data)



                return event_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_10 = DeckRevealed.from_dict(data)



                return event_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_11 = GameEnded.from_dict(data)



                return event_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_12 = TurnDeadlineSet.from_dict(data)



                return event_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_13 = TurnTimedOut.from_dict(data)



                return event_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_14 = SeatResigned.from_dict(data)



                return event_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_15 = RematchOffered.from_dict(data)



                return event_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_16 = SeatsRemoved.from_dict(data)



                return event_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_17 = SeatFilled.from_dict(data)



                return event_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_18 = SeatClaimed.from_dict(data)



                return event_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_19 = SeatReserved.from_dict(data)



                return event_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_20 = SeatLeft.from_dict(data)



                return event_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                event_type_21 = SeatControlChanged.from_dict(data)



                return event_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            event_type_22 = GameAbandoned.from_dict(data)



            return event_type_22

        event = _parse_event(d.pop("event"))


        def _parse_actor(data: object) -> EnvelopeActorType1 | EnvelopeActorType2Type1 | EnvelopeActorType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_type_1 = EnvelopeActorType1(data)



                return actor_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_type_2_type_1 = EnvelopeActorType2Type1(data)



                return actor_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                actor_type_3_type_1 = EnvelopeActorType3Type1(data)



                return actor_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnvelopeActorType1 | EnvelopeActorType2Type1 | EnvelopeActorType3Type1 | None | Unset, data)

        actor = _parse_actor(d.pop("actor", UNSET))


        envelope = cls(
            version=version,
            at=at,
            seat=seat,
            command_id=command_id,
            event=event,
            actor=actor,
        )


        envelope.additional_properties = d
        return envelope

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
