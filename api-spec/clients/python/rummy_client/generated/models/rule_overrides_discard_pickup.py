from enum import StrEnum

class RuleOverridesDiscardPickup(StrEnum):
    ANY = "any"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
