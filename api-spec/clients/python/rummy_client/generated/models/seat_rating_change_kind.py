from enum import StrEnum

class SeatRatingChangeKind(StrEnum):
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
