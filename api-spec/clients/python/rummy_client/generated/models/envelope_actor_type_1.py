from enum import StrEnum

class EnvelopeActorType1(StrEnum):
    BOT = "bot"
    PLAYER = "player"
    SERVICE = "service"
    TIMER = "timer"

    def __str__(self) -> str:
        return str(self.value)
