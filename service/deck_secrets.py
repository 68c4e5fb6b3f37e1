"""The service's randomness for deals: each hand's shuffle, reshuffles of the
pile and the salts behind deck commitments, all derived from the game's
secret seed so a known seed reproduces a game."""

from __future__ import annotations

import hashlib
import random

import msgspec

from domain.commands import Deal
from domain.fairness import deck_commitment
from domain.state import GameState


def hand_rng(seed: int, hand_number: int) -> random.Random:
    # Each hand's shuffle depends only on the game's seed and the hand, so a
    # known seed reproduces every hand; hand 1 uses the seed itself.
    return random.Random(seed if hand_number == 1 else f"{seed}:hand:{hand_number}")


def reshuffle_rng(seed: int, state: GameState) -> random.Random:
    return random.Random(f"{seed}:hand:{state.hand_number}:reuse:{state.reuses}")


def hand_salt(seed: int, hand_number: int) -> str:
    # Secret while the seed is: revealed (DeckRevealed) only once the hand is over.
    return hashlib.sha256(f"rummy-salt:{seed}:{hand_number}".encode()).hexdigest()[:32]


def committed_deal(deal: Deal, seed: int, hand_number: int) -> Deal:
    """The deal with its published commitment to the deck order."""
    commitment = deck_commitment(deal.deck, hand_salt(seed, hand_number))
    return msgspec.structs.replace(deal, commitment=commitment)
