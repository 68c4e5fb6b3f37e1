from enum import StrEnum

class GameRatingChangesReason(StrEnum):
    ABANDONED = "abandoned"
    BOT_ONLY = "bot_only"
    COUNTED = "counted"
    FRESH_ACCOUNTS = "fresh_accounts"
    STACKED = "stacked"
    TOO_FEW_HUMANS = "too_few_humans"
    TWO_SEATS_ONE_PLAYER = "two_seats_one_player"
    UNRATED = "unrated"

    def __str__(self) -> str:
        return str(self.value)
