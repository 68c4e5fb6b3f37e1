from enum import StrEnum

class ListGamesPresetType1(StrEnum):
    BASIC = "basic"
    CLASSIC = "classic"
    DUEL = "duel"
    IMPORTED = "imported"
    PALACE = "palace"

    def __str__(self) -> str:
        return str(self.value)
