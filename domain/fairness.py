"""Provably fair deals: a hash commitment to a deck order, checked after the hand."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from domain.cards import Card


def deck_commitment(deck: Sequence[Card], salt: str) -> str:
    """sha256 over the salt and the deck order (top card first), hex-encoded.

    The service publishes this with the deal and reveals the salt after the
    hand, so a client can check that the deck was fixed before play began.
    """
    payload = salt + ":" + ",".join(deck)
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


def commitment_holds(deck: Sequence[Card], salt: str, commitment: str) -> bool:
    # A salt is hashed as ASCII: one that is not (a forged log's) was never hashed.
    return salt.isascii() and deck_commitment(deck, salt) == commitment
