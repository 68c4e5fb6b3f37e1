from enum import StrEnum

class StartTableFill(StrEnum):
    BOTS = "bots"
    REMOVE = "remove"

    def __str__(self) -> str:
        return str(self.value)
