from enum import StrEnum

class RuleSetScoring(StrEnum):
    CASINO = "casino"
    MELDED = "melded"
    PENALTY = "penalty"
    WINNER_TAKES = "winner_takes"
    ZERO_SUM = "zero_sum"

    def __str__(self) -> str:
        return str(self.value)
