"""The service's randomness: each hand's deck order, reshuffles of the pile and
the salts behind deck commitments, all derived from the game's secret seed so
a known seed reproduces a game."""

from __future__ import annotations

import hashlib
import random

import msgspec

from domain.commands import AnyCommand, Deal, Draw
from domain.fairness import deck_commitment
from domain.game import needs_shuffle
from domain.rules import RuleSet
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


def shuffled_deck(ruleset: RuleSet, rng: random.Random) -> tuple[str, ...]:
    deck = list(ruleset.pack())
    rng.shuffle(deck)
    return tuple(deck)


def deal_command(state: GameState, rng: random.Random) -> Deal:
    """The service's deal: a shuffled pack, and a random first dealer when
    `first_player: random` (later hands rotate inside the domain)."""
    dealer = None
    if state.hand_number == 0 and state.ruleset.first_player == "random":
        dealer = rng.randrange(state.seats)
    return Deal(deck=shuffled_deck(state.ruleset, rng), dealer=dealer)


def shuffle_size(state: GameState, command: AnyCommand) -> int | None:
    """How many cards the service must shuffle for this command: a stock draw
    that turns the pile over into the stock, when the rules shuffle it."""
    # A stock that still holds a card needs no shuffle: skip asking the domain.
    if type(command) is Draw and command.source == "stock" and not state.stock:
        return needs_shuffle(state)
    return None


def with_shuffle(state: GameState, command: AnyCommand, rng: random.Random) -> AnyCommand:
    """Fill in the pile's shuffle when this stock draw turns the pile over."""
    size = shuffle_size(state, command)
    if size:
        order = list(range(size))
        rng.shuffle(order)
        return msgspec.structs.replace(command, shuffle=tuple(order))
    return command
