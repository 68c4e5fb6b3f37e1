from enum import StrEnum

class RuleOverridesRummyBonus(StrEnum):
    DOUBLE = "double"
    NONE = "none"
    PLUS10 = "plus10"

    def __str__(self) -> str:
        return str(self.value)
