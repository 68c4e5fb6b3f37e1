from enum import StrEnum

class GetMeProblemCode(StrEnum):
    INVALID_TOKEN = "invalid_token"
    MISSING_TOKEN = "missing_token"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
