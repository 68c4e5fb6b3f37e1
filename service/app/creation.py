"""Creating a game: every part of the request checked, then its meta and the start
of its log (the first deal, the first turn's deadline) written through the writer."""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.cards import is_card
from domain.commands import Deal
from domain.events import GameStarted
from domain.game import decide, evolve
from domain.rules import build_ruleset, validate_seats
from domain.state import GameState, new_game
from service.app.consequences import Clock, Decided, follow_ups, system_clock
from service.app.envelope import Envelope, envelopes_from, now
from service.app.errors import ServiceError
from service.app.execute import Write, Writer
from service.app.projections import GameRecord
from service.app.randomness import committed_deal, deal_command
from service.app.records import CreatedGame, Game, GameInfo, SeatSpec
from service.app.seats import Seats
from service.app.tokens import new_token

__all__ = ["Creation"]


class Creation:
    """New games over the seats' records and the writer."""

    def __init__(self, seats: Seats, writer: Writer, *, clock: Clock = system_clock) -> None:
        self._seats = seats
        self._writer = writer
        self._clock = clock
        self._system_random = secrets.SystemRandom()

    async def create(
        self,
        *,
        seats: Sequence[SeatSpec],
        preset: str = "basic",
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        turn_time_limit_s: float | None = None,
        private_log: bool = False,
    ) -> CreatedGame:
        """Validate everything, then write the meta and the start of the log."""
        ruleset = build_ruleset(preset, rules)
        validate_seats(ruleset, len(seats))
        _check_seat_specs(seats)
        seats = tuple(
            msgspec.structs.replace(spec, level=spec.level or 1) if spec.kind == "bot" else spec
            for spec in seats
        )
        secret_seed = seed if seed is not None else secrets.randbits(63)
        started = GameStarted(ruleset=ruleset, seats=len(seats))
        state = evolve(new_game(ruleset, len(seats)), started)
        deal = committed_deal(self._first_deal(state, seed, deck), secret_seed, 1)
        # Decided before anything is written: a refused deck writes nothing.
        dealt: Decided = [(None, event) for event in decide(state, None, deal)]
        game_id = uuid.uuid4().hex
        created_at, created_ts = now()
        info = GameInfo(
            preset=preset,
            seats=seats,
            created_at=created_at,
            created_ts=created_ts,
            turn_time_limit_s=turn_time_limit_s,
            private_log=private_log,
        )
        tokens = {
            seat: new_token()
            for seat, spec in enumerate(seats)
            if spec.kind == "human" and not spec.open
        }
        # Meta before events: a crash in between leaves an invisible orphan
        # record, never a game whose seats nobody can authenticate as.
        meta = await self._seats.register(game_id, info, secret_seed, tokens)

        def opening(_: Game | None) -> list[Envelope]:
            dealt_state = state
            for _seat, event in dealt:
                dealt_state = evolve(dealt_state, event)
            record = GameRecord(version=1, state=dealt_state)
            dealt_game = Game(
                game_id=game_id, record=record, info=info, claimed=frozenset(), seed=secret_seed
            )
            _after, decided = follow_ups(dealt_game, state, dealt_state, dealt, self._clock)
            return envelopes_from(0, [(None, started), *decided], None)

        executed = await self._writer.execute(
            game_id, Write(actor="service", decide=opening, creates=info, meta=meta)
        )
        return CreatedGame(
            game_id=game_id, version=executed.appended.version, tokens=tokens, seats=seats
        )

    def _first_deal(self, state: GameState, seed: int | None, deck: Sequence[str] | None) -> Deal:
        rng = random.Random(seed) if seed is not None else self._system_random
        if deck is None:
            return deal_command(state, rng)
        for card in deck:
            if not is_card(card):
                raise ServiceError("invalid_card", f"{card!r} is not a card code", card=card)
        dealer = None
        if state.ruleset.first_player == "random":
            dealer = rng.randrange(state.seats)
        return Deal(deck=tuple(deck), dealer=dealer)


def _check_seat_specs(seats: Sequence[SeatSpec]) -> None:
    for seat, spec in enumerate(seats):
        if spec.kind == "bot" and spec.open:
            raise ServiceError("invalid_seats", "a bot seat cannot be open", seat=seat)
        if spec.kind == "human" and spec.level is not None:
            raise ServiceError("invalid_seats", "only bot seats have a level", seat=seat)
