from enum import StrEnum

class RuleSetDiscardPickup(StrEnum):
    ANY = "any"
    TOP = "top"

    def __str__(self) -> str:
        return str(self.value)
