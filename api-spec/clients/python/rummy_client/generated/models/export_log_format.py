from enum import StrEnum

class ExportLogFormat(StrEnum):
    JSON = "json"
    JSONL = "jsonl"

    def __str__(self) -> str:
        return str(self.value)
