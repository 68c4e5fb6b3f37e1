from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.list_events_problem_code import ListEventsProblemCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.after_beyond_log_facts import AfterBeyondLogFacts
  from ..models.problem_facts import ProblemFacts
  from ..models.rate_limited_facts import RateLimitedFacts





T = TypeVar("T", bound="ListEventsProblem")



@_attrs_define
class ListEventsProblem:
    """ A problem listEvents answers (RFC 9457).

        Attributes:
            type_ (str):
            title (str):
            status (int):
            code (ListEventsProblemCode | str): The stable reason: one of ListEventsProblemCode today; a client keeps a code
                it does not know as the string it came as.
            detail (None | str | Unset):
            facts (AfterBeyondLogFacts | None | ProblemFacts | RateLimitedFacts | Unset): What the refusal is about
                (`rate_limited`: RateLimitedFacts; `after_beyond_log`: AfterBeyondLogFacts; other codes: ProblemFacts).
            request_id (None | str | Unset):
     """

    type_: str
    title: str
    status: int
    code: ListEventsProblemCode | str
    detail: None | str | Unset = UNSET
    facts: AfterBeyondLogFacts | None | ProblemFacts | RateLimitedFacts | Unset = UNSET
    request_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.after_beyond_log_facts import AfterBeyondLogFacts # noqa: PLC0415
        from ..models.problem_facts import ProblemFacts # noqa: PLC0415
        from ..models.rate_limited_facts import RateLimitedFacts # noqa: PLC0415
        type_ = self.type_

        title = self.title

        status = self.status

        code: str
        if isinstance(self.code, ListEventsProblemCode):
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
        elif isinstance(self.facts, AfterBeyondLogFacts):
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
        from ..models.after_beyond_log_facts import AfterBeyondLogFacts # noqa: PLC0415
        from ..models.problem_facts import ProblemFacts # noqa: PLC0415
        from ..models.rate_limited_facts import RateLimitedFacts # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        def _parse_code(data: object) -> ListEventsProblemCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = ListEventsProblemCode(data)



                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListEventsProblemCode | str, data)

        code = _parse_code(d.pop("code"))


        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))


        def _parse_facts(data: object) -> AfterBeyondLogFacts | None | ProblemFacts | RateLimitedFacts | Unset:
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
                facts_type_1 = AfterBeyondLogFacts.from_dict(data)



                return facts_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                facts_type_2 = ProblemFacts.from_dict(data)



                return facts_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AfterBeyondLogFacts | None | ProblemFacts | RateLimitedFacts | Unset, data)

        facts = _parse_facts(d.pop("facts", UNSET))


        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))


        list_events_problem = cls(
            type_=type_,
            title=title,
            status=status,
            code=code,
            detail=detail,
            facts=facts,
            request_id=request_id,
        )


        list_events_problem.additional_properties = d
        return list_events_problem

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
