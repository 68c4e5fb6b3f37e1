from enum import StrEnum

class ListMyGamesStatusType3Type1(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    OPEN = "open"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
