from enum import StrEnum

class RuleSetFinalExhaustion(StrEnum):
    AFTER_DISCARD = "after_discard"
    NEXT_DECLINES = "next_declines"

    def __str__(self) -> str:
        return str(self.value)
