from enum import StrEnum

class ListGamesPresetType2Type1(StrEnum):
    BASIC = "basic"
    CLASSIC = "classic"
    DUEL = "duel"
    IMPORTED = "imported"
    PALACE = "palace"

    def __str__(self) -> str:
        return str(self.value)
