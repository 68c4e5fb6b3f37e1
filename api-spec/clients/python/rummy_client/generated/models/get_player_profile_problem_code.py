from enum import StrEnum

class GetPlayerProfileProblemCode(StrEnum):
    INVALID_PARAMETER = "invalid_parameter"
    PLAYER_NOT_FOUND = "player_not_found"
    RATE_LIMITED = "rate_limited"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
