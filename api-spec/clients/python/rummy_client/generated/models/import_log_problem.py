from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.import_log_problem_code import ImportLogProblemCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.duplicate_key_facts import DuplicateKeyFacts
  from ..models.invalid_body_facts import InvalidBodyFacts
  from ..models.json_too_deep_facts import JsonTooDeepFacts
  from ..models.problem_facts import ProblemFacts
  from ..models.rate_limited_facts import RateLimitedFacts
  from ..models.unsupported_media_type_facts import UnsupportedMediaTypeFacts





T = TypeVar("T", bound="ImportLogProblem")



@_attrs_define
class ImportLogProblem:
    """ A problem importLog answers (RFC 9457).

        Attributes:
            type_ (str):
            title (str):
            status (int):
            code (ImportLogProblemCode | str): The stable reason: one of ImportLogProblemCode today; a client keeps a code
                it does not know as the string it came as.
            detail (None | str | Unset):
            facts (DuplicateKeyFacts | InvalidBodyFacts | JsonTooDeepFacts | None | ProblemFacts | RateLimitedFacts | Unset
                | UnsupportedMediaTypeFacts): What the refusal is about (`rate_limited`: RateLimitedFacts; `duplicate_key`:
                DuplicateKeyFacts; `invalid_body`: InvalidBodyFacts; `json_too_deep`: JsonTooDeepFacts;
                `unsupported_media_type`: UnsupportedMediaTypeFacts; other codes: ProblemFacts).
            request_id (None | str | Unset):
     """

    type_: str
    title: str
    status: int
    code: ImportLogProblemCode | str
    detail: None | str | Unset = UNSET
    facts: DuplicateKeyFacts | InvalidBodyFacts | JsonTooDeepFacts | None | ProblemFacts | RateLimitedFacts | Unset | UnsupportedMediaTypeFacts = UNSET
    request_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.duplicate_key_facts import DuplicateKeyFacts # noqa: PLC0415
        from ..models.invalid_body_facts import InvalidBodyFacts # noqa: PLC0415
        from ..models.json_too_deep_facts import JsonTooDeepFacts # noqa: PLC0415
        from ..models.problem_facts import ProblemFacts # noqa: PLC0415
        from ..models.rate_limited_facts import RateLimitedFacts # noqa: PLC0415
        from ..models.unsupported_media_type_facts import UnsupportedMediaTypeFacts # noqa: PLC0415
        type_ = self.type_

        title = self.title

        status = self.status

        code: str
        if isinstance(self.code, ImportLogProblemCode):
            code = self.code.value
        else:
            code = self.code

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        facts: dict[str, Any] | None | Unset
        if isinstance(self.facts, Unset):
            facts = UNSET
        elif isinstance(self.facts, RateLimitedFacts):
            facts = self.facts.to_dict()
        elif isinstance(self.facts, DuplicateKeyFacts):
            facts = self.facts.to_dict()
        elif isinstance(self.facts, InvalidBodyFacts):
            facts = self.facts.to_dict()
        elif isinstance(self.facts, JsonTooDeepFacts):
            facts = self.facts.to_dict()
        elif isinstance(self.facts, UnsupportedMediaTypeFacts):
            facts = self.facts.to_dict()
        elif isinstance(self.facts, ProblemFacts):
            facts = self.facts.to_dict()
        else:
            facts = self.facts

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "title": title,
            "status": status,
            "code": code,
        })
        if detail is not UNSET:
            field_dict["detail"] = detail
        if facts is not UNSET:
            field_dict["facts"] = facts
        if request_id is not UNSET:
            field_dict["request_id"] = request_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duplicate_key_facts import DuplicateKeyFacts # noqa: PLC0415
        from ..models.invalid_body_facts import InvalidBodyFacts # noqa: PLC0415
        from ..models.json_too_deep_facts import JsonTooDeepFacts # noqa: PLC0415
        from ..models.problem_facts import ProblemFacts # noqa: PLC0415
        from ..models.rate_limited_facts import RateLimitedFacts # noqa: PLC0415
        from ..models.unsupported_media_type_facts import UnsupportedMediaTypeFacts # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        def _parse_code(data: object) -> ImportLogProblemCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = ImportLogProblemCode(data)



                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportLogProblemCode | str, data)

        code = _parse_code(d.pop("code"))


        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))


        def _parse_facts(data: object) -> DuplicateKeyFacts | InvalidBodyFacts | JsonTooDeepFacts | None | ProblemFacts | RateLimitedFacts | Unset | UnsupportedMediaTypeFacts:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_0 = RateLimitedFacts.from_dict(data)



                return facts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_1 = DuplicateKeyFacts.from_dict(data)



                return facts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_2 = InvalidBodyFacts.from_dict(data)



                return facts_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_3 = JsonTooDeepFacts.from_dict(data)



                return facts_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_4 = UnsupportedMediaTypeFacts.from_dict(data)



                return facts_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_5 = ProblemFacts.from_dict(data)



                return facts_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DuplicateKeyFacts | InvalidBodyFacts | JsonTooDeepFacts | None | ProblemFacts | RateLimitedFacts | Unset | UnsupportedMediaTypeFacts, data)

        facts = _parse_facts(d.pop("facts", UNSET))


        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))


        import_log_problem = cls(
            type_=type_,
            title=title,
            status=status,
            code=code,
            detail=detail,
            facts=facts,
            request_id=request_id,
        )


        import_log_problem.additional_properties = d
        return import_log_problem

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
