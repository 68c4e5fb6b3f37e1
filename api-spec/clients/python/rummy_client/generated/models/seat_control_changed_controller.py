from enum import StrEnum

class SeatControlChangedController(StrEnum):
    AUTOPILOT = "autopilot"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
