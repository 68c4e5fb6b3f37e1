from enum import StrEnum

class RuleSetCardValues(StrEnum):
    A1 = "A1"
    A11_JK20 = "A11_JK20"
    A15 = "A15"

    def __str__(self) -> str:
        return str(self.value)
