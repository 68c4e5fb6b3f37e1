from enum import StrEnum

class SeatControlChangedReason(StrEnum):
    HANDED_OVER = "handed_over"
    OWNER_RETURNED = "owner_returned"
    TAKEN_BACK = "taken_back"
    TIMEOUTS = "timeouts"

    def __str__(self) -> str:
        return str(self.value)
