from enum import StrEnum

class ForkGameDeck(StrEnum):
    KEEP = "keep"
    RESHUFFLE = "reshuffle"

    def __str__(self) -> str:
        return str(self.value)
