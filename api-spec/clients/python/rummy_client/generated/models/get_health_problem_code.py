from enum import StrEnum

class GetHealthProblemCode(StrEnum):
    STORE_UNAVAILABLE = "store_unavailable"
    WORKER_UNAVAILABLE = "worker_unavailable"

    def __str__(self) -> str:
        return str(self.value)
