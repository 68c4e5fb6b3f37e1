from enum import StrEnum

class LobbyEntryStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
