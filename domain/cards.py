"""Card codes, decks and card values.

A card is its two-character code: rank `A 2 3 4 5 6 7 8 9 T J Q K` and suit
`C D H S` (`7H`, `TD`), or `JK` for a joker. Two-deck games hold identical
copies, so a hand is a multiset (a tuple that may repeat a code).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

Card = str

RANKS: Final = "A23456789TJQK"
SUITS: Final = "CDHS"
JOKER: Final = "JK"

RANK_OF: Final[dict[str, int]] = {r: i + 1 for i, r in enumerate(RANKS)}
STANDARD_CARDS: Final[tuple[Card, ...]] = tuple(r + s for s in SUITS for r in RANKS)
VALID_CARDS: Final[frozenset[Card]] = frozenset(STANDARD_CARDS) | {JOKER}


def rank(card: Card) -> int:
    """1 for the ace up to 13 for the king; 0 for a joker."""
    return RANK_OF.get(card[0], 0) if card != JOKER else 0


def build_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """The unshuffled pack: `decks` copies of the 52 cards plus `jokers` jokers."""
    return STANDARD_CARDS * decks + (JOKER,) * jokers


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in VALID_CARDS


def not_a_card(code: object) -> str:
    """Why `code` is refused, with the likely fix for a ten written `10`."""
    message = f"{code!r} is not a card code"
    if isinstance(code, str) and code.startswith("10"):
        return f"{message}: ten is T ({'T' + code[2:]!r})"
    return message + " (rank A 2-9 T J Q K, then suit C D H S; JK for a joker)"


def remove_cards(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The hand without `cards` (as a multiset), or None when the hand lacks one."""
    remaining = list(hand)
    for card in cards:
        try:
            remaining.remove(card)
        except ValueError:
            return None
    return tuple(remaining)


def remove_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand without one copy of `card`; ValueError when it lacks it. The
    commonest removal by far (every discard), so it skips remove_cards' list."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


# Hand values, by the `card_values` knob. A joker is worth 20 under every
# table: only A11_JK20 names it, and a joker left in hand must cost something.
_FACE_TEN = {"T": 10, "J": 10, "Q": 10, "K": 10}


def _table(ace: int, joker: int, low: dict[str, int] | None = None) -> dict[Card, int]:
    values: dict[Card, int] = {}
    for card in STANDARD_CARDS:
        r = card[0]
        if r == "A":
            values[card] = ace
        elif r in _FACE_TEN:
            values[card] = 10
        else:
            values[card] = (low or {}).get(r, int(r))
    values[JOKER] = joker
    return values


CARD_VALUE_TABLES: Final[dict[str, dict[Card, int]]] = {
    "A1": _table(ace=1, joker=20),
    "A11_JK20": _table(ace=11, joker=20),
    "A15": _table(ace=15, joker=20),
}

# Palace's casino scores: Q of spades 40, ace 15, ten to king 10, 2-9 five, joker 0.
CASINO_VALUES: Final[dict[Card, int]] = {
    **_table(ace=15, joker=0, low={str(n): 5 for n in range(2, 10)}),
    "QS": 40,
}

# Rummy 500 ("melded" scoring): ace 15, faces 10, others face value.
MELDED_VALUES: Final[dict[Card, int]] = _table(ace=15, joker=20)


def hand_value(cards: Iterable[Card], table: dict[Card, int]) -> int:
    return sum(table[c] for c in cards)
