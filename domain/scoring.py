"""Scoring a hand under every `scoring` mode, and deciding when the game ends."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import CARD_VALUE_TABLES, CASINO_VALUES, MELDED_VALUES, Card, hand_value
from domain.rules import RuleSet

GOING_OUT_BONUS_MELDED = 25


def value_table(ruleset: RuleSet) -> dict[Card, int]:
    if ruleset.scoring == "casino":
        return CASINO_VALUES
    if ruleset.scoring == "melded":
        return MELDED_VALUES
    return CARD_VALUE_TABLES[ruleset.card_values]


def hand_values(ruleset: RuleSet, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    table = value_table(ruleset)
    return tuple(hand_value(hand, table) for hand in hands)


def score_hand(
    ruleset: RuleSet,
    hands: Sequence[Sequence[Card]],
    winner: int | None,
    rummy: bool,
    placed: Sequence[Sequence[Card]],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(hand values, score of each seat for this hand)."""
    values = hand_values(ruleset, hands)
    if winner is None:
        return values, _nobody_out(ruleset, values, placed)
    match ruleset.scoring:
        case "winner_takes":
            scores = [0] * len(values)
            scores[winner] = _with_bonus(ruleset, sum(values), rummy)
        case "zero_sum" | "casino":
            scores = [-v for v in values]
            scores[winner] = sum(values)
            if ruleset.scoring == "casino":
                # The winner's table cards, at casino values, paid by the others.
                _paid_in_shares(scores, winner, hand_value(placed[winner], CASINO_VALUES))
            if rummy and ruleset.rummy_bonus == "double":
                scores = [2 * s for s in scores]
            elif rummy and ruleset.rummy_bonus == "plus10":
                _paid_in_shares(scores, winner, 10)
        case "penalty":
            scores = list(values)
        case "melded":
            scores = _melded(values, placed)
            scores[winner] = _with_bonus(ruleset, scores[winner] + GOING_OUT_BONUS_MELDED, rummy)
    return values, tuple(scores)


def _with_bonus(ruleset: RuleSet, score: int, rummy: bool) -> int:
    if not rummy:
        return score
    if ruleset.rummy_bonus == "double":
        return 2 * score
    if ruleset.rummy_bonus == "plus10":
        return score + 10
    return score


def _paid_in_shares(scores: list[int], winner: int, amount: int) -> None:
    # A bonus of a zero-sum hand is paid to the winner by the others in equal
    # shares; the share is rounded down so the hand stays zero-sum.
    others = len(scores) - 1
    share = amount // others
    for seat in range(len(scores)):
        scores[seat] += share * others if seat == winner else -share


def _melded(values: Sequence[int], placed: Sequence[Sequence[Card]]) -> list[int]:
    return [
        hand_value(cards, MELDED_VALUES) - value
        for cards, value in zip(placed, values, strict=True)
    ]


def _nobody_out(
    ruleset: RuleSet, values: Sequence[int], placed: Sequence[Sequence[Card]]
) -> tuple[int, ...]:
    match ruleset.scoring:
        case "zero_sum" | "casino":
            return tuple(-v for v in values)
        case "penalty":
            return tuple(values)
        case "melded":
            return tuple(_melded(values, placed))
    if ruleset.stock_out == "end_no_winner":
        # RULES.md: nobody wins, every player loses the value of their hand (the
        # lowest hand scoring the differences is the rule of a reuse limit hit).
        return tuple(-v for v in values)
    lowest = min(values)
    leaders = [seat for seat, v in enumerate(values) if v == lowest]
    pot = sum(v - lowest for v in values)
    share = pot // len(leaders)
    return tuple(share if seat in leaders else 0 for seat in range(len(values)))


def game_winners(
    ruleset: RuleSet, totals: Sequence[int], hands_played: int
) -> tuple[int, ...] | None:
    """The winning seats when the game is over after this hand, else None."""
    lowest_wins = ruleset.scoring == "penalty"
    if ruleset.end_kind == "hands":
        over = hands_played >= ruleset.end_value
    else:
        over = any(t >= ruleset.end_value for t in totals)
    if not over:
        return None
    best = min(totals) if lowest_wins else max(totals)
    leaders = tuple(seat for seat, t in enumerate(totals) if t == best)
    if len(leaders) > 1 and ruleset.tie_break:
        return None
    return leaders
