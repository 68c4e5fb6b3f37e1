from enum import StrEnum

class TakeSeatBackProblemCode(StrEnum):
    COMMAND_ID_REUSED = "command_id_reused"
    CONTENTION = "contention"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    GAME_NOT_FOUND = "game_not_found"
    GAME_NOT_OVER = "game_not_over"
    GAME_OVER = "game_over"
    GAME_UNREADABLE = "game_unreadable"
    HAND_IN_PROGRESS = "hand_in_progress"
    HAND_NOT_STARTED = "hand_not_started"
    INVALID_PARAMETER = "invalid_parameter"
    INVALID_TOKEN = "invalid_token"
    KNOCK_NOT_ALLOWED = "knock_not_allowed"
    MISSING_TOKEN = "missing_token"
    NOT_FOUND = "not_found"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    RATE_LIMITED = "rate_limited"
    SEAT_NOT_FOUND = "seat_not_found"
    SEAT_RESIGNED = "seat_resigned"
    STOCK_EMPTY = "stock_empty"
    STORE_UNAVAILABLE = "store_unavailable"
    VERSION_CONFLICT = "version_conflict"
    WRONG_GAME = "wrong_game"
    WRONG_PHASE = "wrong_phase"
    WRONG_SEAT = "wrong_seat"

    def __str__(self) -> str:
        return str(self.value)
