from enum import StrEnum

class GameStatePhase(StrEnum):
    DEAL = "deal"
    DRAW = "draw"
    OVER = "over"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
