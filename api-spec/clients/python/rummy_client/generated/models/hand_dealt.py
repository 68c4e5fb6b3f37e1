from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="HandDealt")



@_attrs_define
class HandDealt:
    """ 
        Attributes:
            hand_number (int):
            dealer (int):
            first_seat (int):
            deck (list[str] | None):
            up_card (str):
            hand_sizes (list[int]):
            stock_count (int):
            type_ (Literal['hand_dealt']):
            hands (list[list[str] | None] | None | Unset):
            commitment (None | str | Unset):
     """

    hand_number: int
    dealer: int
    first_seat: int
    deck: list[str] | None
    up_card: str
    hand_sizes: list[int]
    stock_count: int
    type_: Literal['hand_dealt']
    hands: list[list[str] | None] | None | Unset = UNSET
    commitment: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        hand_number = self.hand_number

        dealer = self.dealer

        first_seat = self.first_seat

        deck: list[str] | None
        if isinstance(self.deck, list):
            deck = self.deck


        else:
            deck = self.deck

        up_card = self.up_card

        hand_sizes = self.hand_sizes



        stock_count = self.stock_count

        type_ = self.type_

        hands: list[list[str] | None] | None | Unset
        if isinstance(self.hands, Unset):
            hands = UNSET
        elif isinstance(self.hands, list):
            hands = []
            for hands_type_0_item_data in self.hands:
                hands_type_0_item: list[str] | None
                if isinstance(hands_type_0_item_data, list):
                    hands_type_0_item = hands_type_0_item_data


                else:
                    hands_type_0_item = hands_type_0_item_data
                hands.append(hands_type_0_item)


        else:
            hands = self.hands

        commitment: None | str | Unset
        if isinstance(self.commitment, Unset):
            commitment = UNSET
        else:
            commitment = self.commitment


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "hand_number": hand_number,
            "dealer": dealer,
            "first_seat": first_seat,
            "deck": deck,
            "up_card": up_card,
            "hand_sizes": hand_sizes,
            "stock_count": stock_count,
            "type": type_,
        })
        if hands is not UNSET:
            field_dict["hands"] = hands
        if commitment is not UNSET:
            field_dict["commitment"] = commitment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        first_seat = d.pop("first_seat")

        def _parse_deck(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        deck = _parse_deck(d.pop("deck"))


        up_card = d.pop("up_card")

        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        stock_count = d.pop("stock_count")

        type_ = cast(Literal['hand_dealt'] , d.pop("type"))
        if type_ != 'hand_dealt':
            raise ValueError(f"type must match const 'hand_dealt', got '{type_}'")

        def _parse_hands(data: object) -> list[list[str] | None] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hands_type_0 = []
                _hands_type_0 = data
                for hands_type_0_item_data in (_hands_type_0):
                    def _parse_hands_type_0_item(data: object) -> list[str] | None:
                        if data is None:
                            return data
                        try:
                            if not isinstance(data, list):
                                raise TypeError()
                            hands_type_0_item_type_0 = cast(list[str], data)

                            return hands_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(list[str] | None, data)

                    hands_type_0_item = _parse_hands_type_0_item(hands_type_0_item_data)

                    hands_type_0.append(hands_type_0_item)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str] | None] | None | Unset, data)

        hands = _parse_hands(d.pop("hands", UNSET))


        def _parse_commitment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        commitment = _parse_commitment(d.pop("commitment", UNSET))


        hand_dealt = cls(
            hand_number=hand_number,
            dealer=dealer,
            first_seat=first_seat,
            deck=deck,
            up_card=up_card,
            hand_sizes=hand_sizes,
            stock_count=stock_count,
            type_=type_,
            hands=hands,
            commitment=commitment,
        )

        return hand_dealt

