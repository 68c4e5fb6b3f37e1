from enum import StrEnum

class RuleSetMeldsPerTurn(StrEnum):
    ANY = "any"
    ONE = "one"

    def __str__(self) -> str:
        return str(self.value)
