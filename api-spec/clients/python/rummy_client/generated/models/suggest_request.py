from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.suggest_request_preset import SuggestRequestPreset
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_overrides import RuleOverrides
  from ..models.view import View





T = TypeVar("T", bound="SuggestRequest")



@_attrs_define
class SuggestRequest:
    """ 
        Attributes:
            view (View):
            level (int | Unset): 1 random, 2 greedy, 3 careful, 4 search Default: `2`.
            preset (SuggestRequestPreset | Unset): Default: `"basic"`.
            rules (RuleOverrides | Unset): Knob overrides: any knobs of a RuleSet (GET /rulesets), each in its range; the
                preset gives the others.
            ruleset (None | RuleOverrides | Unset):
            seed (int | None | Unset):
     """

    view: View
    level: int | Unset = UNSET
    preset: SuggestRequestPreset | Unset = UNSET
    rules: RuleOverrides | Unset = UNSET
    ruleset: None | RuleOverrides | Unset = UNSET
    seed: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        view = self.view.to_dict()

        level = self.level

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value


        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        ruleset: dict[str, Any] | None | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RuleOverrides):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "view": view,
        })
        if level is not UNSET:
            field_dict["level"] = level
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides # noqa: PLC0415
        from ..models.view import View # noqa: PLC0415
        d = dict(src_dict)
        view = View.from_dict(d.pop("view"))




        level = d.pop("level", UNSET)

        _preset = d.pop("preset", UNSET)
        preset: SuggestRequestPreset | Unset
        if isinstance(_preset,  Unset):
            preset = UNSET
        else:
            preset = SuggestRequestPreset(_preset)




        _rules = d.pop("rules", UNSET)
        rules: RuleOverrides | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = RuleOverrides.from_dict(_rules)




        def _parse_ruleset(data: object) -> None | RuleOverrides | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_0 = RuleOverrides.from_dict(data)



                return ruleset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleOverrides | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))


        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        suggest_request = cls(
            view=view,
            level=level,
            preset=preset,
            rules=rules,
            ruleset=ruleset,
            seed=seed,
        )

        return suggest_request

