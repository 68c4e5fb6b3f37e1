from enum import StrEnum

class RuleOverridesFirstPlayer(StrEnum):
    ALTERNATE = "alternate"
    LEFT_OF_DEALER = "left_of_dealer"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
