from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.meld_kind import MeldKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.placed import Placed





T = TypeVar("T", bound="Meld")



@_attrs_define
class Meld:
    """ 
        Attributes:
            id (int):
            kind (MeldKind):
            owner (int):
            cards (list[Placed]):
            start (int | Unset): Default: `0`.
     """

    id: int
    kind: MeldKind
    owner: int
    cards: list[Placed]
    start: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.placed import Placed # noqa: PLC0415
        id = self.id

        kind = self.kind.value

        owner = self.owner

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)



        start = self.start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "owner": owner,
            "cards": cards,
        })
        if start is not UNSET:
            field_dict["start"] = start

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placed import Placed # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        kind = MeldKind(d.pop("kind"))




        owner = d.pop("owner")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = Placed.from_dict(cards_item_data)



            cards.append(cards_item)


        start = d.pop("start", UNSET)

        meld = cls(
            id=id,
            kind=kind,
            owner=owner,
            cards=cards,
            start=start,
        )


        meld.additional_properties = d
        return meld

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
