from enum import StrEnum

class ListEventsProblemCode(StrEnum):
    AFTER_BEYOND_LOG = "after_beyond_log"
    AMBIGUOUS_CREDENTIALS = "ambiguous_credentials"
    GAME_NOT_FOUND = "game_not_found"
    GAME_UNREADABLE = "game_unreadable"
    INVALID_PARAMETER = "invalid_parameter"
    INVALID_TICKET = "invalid_ticket"
    INVALID_TOKEN = "invalid_token"
    MISSING_TOKEN = "missing_token"
    NOT_SEATED = "not_seated"
    RATE_LIMITED = "rate_limited"
    STORE_UNAVAILABLE = "store_unavailable"
    WRONG_GAME = "wrong_game"

    def __str__(self) -> str:
        return str(self.value)
