from enum import StrEnum

class RuleOverridesStockOut(StrEnum):
    END_NO_WINNER = "end_no_winner"
    REUSE = "reuse"

    def __str__(self) -> str:
        return str(self.value)
