from enum import StrEnum

class CreatePlayerProblemCode(StrEnum):
    BODY_TOO_LARGE = "body_too_large"
    DUPLICATE_KEY = "duplicate_key"
    INTEGER_OUT_OF_RANGE = "integer_out_of_range"
    INVALID_BODY = "invalid_body"
    INVALID_NAME = "invalid_name"
    JSON_TOO_DEEP = "json_too_deep"
    MALFORMED_JSON = "malformed_json"
    RATE_LIMITED = "rate_limited"
    STORAGE_FULL = "storage_full"
    STORE_UNAVAILABLE = "store_unavailable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
