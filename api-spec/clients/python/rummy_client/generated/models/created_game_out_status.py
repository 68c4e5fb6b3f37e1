from enum import StrEnum

class CreatedGameOutStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
