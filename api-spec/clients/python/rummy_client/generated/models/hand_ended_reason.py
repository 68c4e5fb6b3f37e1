from enum import StrEnum

class HandEndedReason(StrEnum):
    STOCK_EXHAUSTED = "stock_exhausted"
    WENT_OUT = "went_out"

    def __str__(self) -> str:
        return str(self.value)
