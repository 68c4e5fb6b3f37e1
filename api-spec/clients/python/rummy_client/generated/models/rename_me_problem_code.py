from enum import StrEnum

class RenameMeProblemCode(StrEnum):
    BODY_TOO_LARGE = "body_too_large"
    DUPLICATE_KEY = "duplicate_key"
    INTEGER_OUT_OF_RANGE = "integer_out_of_range"
    INVALID_BODY = "invalid_body"
    INVALID_NAME = "invalid_name"
    INVALID_TOKEN = "invalid_token"
    JSON_TOO_DEEP = "json_too_deep"
    MALFORMED_JSON = "malformed_json"
    MISSING_TOKEN = "missing_token"
    RATE_LIMITED = "rate_limited"
    STORE_UNAVAILABLE = "store_unavailable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
