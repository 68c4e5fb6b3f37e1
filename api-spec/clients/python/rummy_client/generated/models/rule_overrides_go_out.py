from enum import StrEnum

class RuleOverridesGoOut(StrEnum):
    ANY = "any"
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
