from enum import StrEnum

class ListMyGamesProblemCode(StrEnum):
    INVALID_PARAMETER = "invalid_parameter"
    INVALID_TOKEN = "invalid_token"
    MISSING_TOKEN = "missing_token"
    RATE_LIMITED = "rate_limited"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
