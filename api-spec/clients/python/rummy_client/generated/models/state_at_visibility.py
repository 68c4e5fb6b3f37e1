from enum import StrEnum

class StateAtVisibility(StrEnum):
    FULL = "full"
    SEAT = "seat"
    SPECTATOR = "spectator"

    def __str__(self) -> str:
        return str(self.value)
