from enum import StrEnum

class GameSummaryStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
