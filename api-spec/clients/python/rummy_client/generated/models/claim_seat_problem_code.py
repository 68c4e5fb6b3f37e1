from enum import StrEnum

class ClaimSeatProblemCode(StrEnum):
    ALREADY_SEATED = "already_seated"
    COMMAND_ID_REUSED = "command_id_reused"
    CONTENTION = "contention"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    GAME_NOT_FOUND = "game_not_found"
    GAME_NOT_OVER = "game_not_over"
    GAME_OVER = "game_over"
    HAND_IN_PROGRESS = "hand_in_progress"
    HAND_NOT_STARTED = "hand_not_started"
    INVALID_PARAMETER = "invalid_parameter"
    INVALID_TOKEN = "invalid_token"
    KNOCK_NOT_ALLOWED = "knock_not_allowed"
    MISSING_TOKEN = "missing_token"
    NOT_FOUND = "not_found"
    NOT_YOUR_TURN = "not_your_turn"
    RATE_LIMITED = "rate_limited"
    SEAT_NOT_FOUND = "seat_not_found"
    SEAT_NOT_OPEN = "seat_not_open"
    SEAT_RESERVED = "seat_reserved"
    SEAT_RESIGNED = "seat_resigned"
    SEAT_TAKEN = "seat_taken"
    STOCK_EMPTY = "stock_empty"
    STORE_UNAVAILABLE = "store_unavailable"
    TABLE_EXPIRED = "table_expired"
    TABLE_STARTED = "table_started"
    VERSION_CONFLICT = "version_conflict"
    WRONG_PHASE = "wrong_phase"

    def __str__(self) -> str:
        return str(self.value)
