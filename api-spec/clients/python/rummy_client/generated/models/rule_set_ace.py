from enum import StrEnum

class RuleSetAce(StrEnum):
    CYCLIC = "cyclic"
    HIGH_OR_LOW = "high_or_low"
    LOW = "low"

    def __str__(self) -> str:
        return str(self.value)
