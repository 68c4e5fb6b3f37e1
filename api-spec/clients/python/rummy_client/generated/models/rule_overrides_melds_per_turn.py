from enum import StrEnum

class RuleOverridesMeldsPerTurn(StrEnum):
    ANY = "any"
    ONE = "one"

    def __str__(self) -> str:
        return str(self.value)
