from enum import StrEnum

class ListGamesProblemCode(StrEnum):
    INVALID_PARAMETER = "invalid_parameter"
    STORE_UNAVAILABLE = "store_unavailable"

    def __str__(self) -> str:
        return str(self.value)
