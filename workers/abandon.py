"""A game nobody plays any more: once every human seat spent N hands in a row on autopilot
(timed out, or handed to a bot), the service records `game_abandoned` and the game is over.

Without it a game with a turn limit and nobody at it plays itself through
timeouts and bots, hand after hand. Bot-only games are never abandoned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime

from domain.events import GameAbandoned, HandDealt, HandEnded
from service.app.envelope import Envelope, decode_envelope, encode_envelope
from service.app.games import GameService
from service.app.records import Game
from service.store import CommandIdReused, VersionConflict
from workers.control import is_system_command

__all__ = ["hands_on_autopilot", "run_abandon_check"]

# A bot may append between the read and the append: try again on the newer version.
_ATTEMPTS = 8


def hands_on_autopilot(envelopes: Sequence[Envelope], human_seats: set[int]) -> int:
    """Hands ended, counting back from the latest, in which no human seat's owner acted."""
    hand = 0
    last_owner_hand = 0
    ended: list[int] = []
    for envelope in envelopes:
        match envelope.event:
            case HandDealt(hand_number=number):
                hand = number
            case HandEnded(hand_number=number):
                ended.append(number)
        if envelope.seat in human_seats and not is_system_command(envelope.command_id):
            last_owner_hand = hand
    return sum(1 for number in ended if number > last_owner_hand)


async def run_abandon_check(games: GameService, game_id: str, hands: int) -> str:
    """'abandoned' when the game was abandoned now, else what held it back."""
    if hands <= 0:
        return "off"
    for _ in range(_ATTEMPTS):
        game = await games.game(game_id)
        state = game.record.state
        if state.phase not in ("draw", "play"):
            return "not_in_play"
        human_seats = {seat for seat, spec in enumerate(game.info.seats) if spec.kind == "human"}
        if not human_seats:
            return "no_humans"
        envelopes = [decode_envelope(stored.data) for stored in await games.store.read(game_id)]
        if hands_on_autopilot(envelopes, human_seats) < hands:
            return "played"
        if await _append_abandoned(games, game, hands):
            await games.file_in_lobby(await games.game(game_id))
            return "abandoned"
    return "raced"


async def _append_abandoned(games: GameService, game: Game, hands: int) -> bool:
    at = game.record.version
    state = game.record.state
    # One abandonment a game: the id is the game's, whatever version it lands at.
    command_id = f"abandon:{game.game_id}"
    envelope = Envelope(
        version=at + 1,
        at=datetime.now(UTC).isoformat(timespec="milliseconds"),
        seat=None,
        command_id=None,
        event=GameAbandoned(hand_number=state.hand_number, hands=hands),
    )
    try:
        await games.store.append(
            game.game_id,
            [encode_envelope(envelope)],
            expected_version=at,
            command_id=command_id,
            command_digest=hashlib.sha256(command_id.encode()).hexdigest(),
        )
    except VersionConflict:
        return False
    except CommandIdReused:
        return True  # an earlier run of the check appended it
    return True
