from enum import StrEnum

class ControllerKind(StrEnum):
    AUTOPILOT = "autopilot"
    BOT = "bot"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
