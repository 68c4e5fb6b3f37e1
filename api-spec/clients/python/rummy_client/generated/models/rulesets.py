from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rule_set import RuleSet
  from ..models.rulesets_presets import RulesetsPresets





T = TypeVar("T", bound="Rulesets")



@_attrs_define
class Rulesets:
    """ 
        Attributes:
            presets (RulesetsPresets):
            defaults (RuleSet):
     """

    presets: RulesetsPresets
    defaults: RuleSet
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.rulesets_presets import RulesetsPresets # noqa: PLC0415
        presets = self.presets.to_dict()

        defaults = self.defaults.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "presets": presets,
            "defaults": defaults,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_set import RuleSet # noqa: PLC0415
        from ..models.rulesets_presets import RulesetsPresets # noqa: PLC0415
        d = dict(src_dict)
        presets = RulesetsPresets.from_dict(d.pop("presets"))




        defaults = RuleSet.from_dict(d.pop("defaults"))




        rulesets = cls(
            presets=presets,
            defaults=defaults,
        )


        rulesets.additional_properties = d
        return rulesets

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
