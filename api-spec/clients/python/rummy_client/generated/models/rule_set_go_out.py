from enum import StrEnum

class RuleSetGoOut(StrEnum):
    ANY = "any"
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
