from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fork_game_deck import ForkGameDeck
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ForkGame")



@_attrs_define
class ForkGame:
    """ 
        Attributes:
            version (int):
            deck (ForkGameDeck | Unset): Default: `"keep"`.
            seed (int | None | Unset):
     """

    version: int
    deck: ForkGameDeck | Unset = UNSET
    seed: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        version = self.version

        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck.value


        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "version": version,
        })
        if deck is not UNSET:
            field_dict["deck"] = deck
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        _deck = d.pop("deck", UNSET)
        deck: ForkGameDeck | Unset
        if isinstance(_deck,  Unset):
            deck = UNSET
        else:
            deck = ForkGameDeck(_deck)




        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        fork_game = cls(
            version=version,
            deck=deck,
            seed=seed,
        )

        return fork_game

