from enum import StrEnum

class GetLeaderboardProblemCode(StrEnum):
    INVALID_PARAMETER = "invalid_parameter"
    LADDER_NOT_FOUND = "ladder_not_found"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
