"""A game nobody plays any more: once every human seat spent N hands in a row on autopilot
(timed out, or handed to a bot), the service records `game_abandoned` and the game is over.

Without it a game with a turn limit and nobody at it plays itself through
timeouts and bots, hand after hand. A table of bots alone plays for nobody to stop:
once it has played the most hands a game may ask for (`hands:100`), it is abandoned
too, or a target no bot reaches (zero-sum totals only fall while nobody goes out)
would keep the workers playing it for good.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from domain.commands import AbandonGame
from domain.errors import DomainError
from domain.events import HandDealt, HandEnded
from service.app.commands import command_key, decided_envelopes
from service.app.envelope import Envelope, is_system
from service.app.errors import ServiceError
from service.app.games import Game, GameService
from service.app.writes import Write
from workers.job_game import game_to_act_on

__all__ = ["BOTS_ONLY_MAX_HANDS", "hands_on_autopilot", "run_abandon_check"]

# A bot may append between the read and the append: try again on the newer version.
_ATTEMPTS = 8
# The hands a table of bots alone plays at most: the longest game_end ("hands:100").
BOTS_ONLY_MAX_HANDS = 100


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
        # The recorded actor says who acted: a bot or the timer playing the seat is not its owner.
        if envelope.seat in human_seats and not is_system(envelope):
            last_owner_hand = hand
    return sum(1 for number in ended if number > last_owner_hand)


async def run_abandon_check(games: GameService, game_id: str, hands: int) -> str:
    """'abandoned' when the game was abandoned now, else what held it back. `hands`
    (0: never) counts a human table's hands on autopilot; a table of bots alone is
    abandoned past BOTS_ONLY_MAX_HANDS hands, whatever `hands` says."""
    for _ in range(_ATTEMPTS):
        game = await game_to_act_on(games, game_id)
        if game is None:
            return "not_in_play"  # removed, or its record unreadable
        state = game.record.state
        if state.phase not in ("draw", "play"):
            return "not_in_play"
        human_seats = {seat for seat, spec in enumerate(game.info.seats) if spec.kind == "human"}
        if not human_seats:
            if state.hand_number <= BOTS_ONLY_MAX_HANDS:
                return "no_humans"
            after = BOTS_ONLY_MAX_HANDS
        else:
            if hands <= 0:
                return "off"
            at = game.record.version
            log = await games.log(game_id)
            if hands_on_autopilot([e for e in log if e.version <= at], human_seats) < hands:
                return "played"
            after = hands
        outcome = await _abandon(games, game, after)
        if outcome is not None:
            return outcome
    return "raced"


async def _abandon(games: GameService, game: Game, hands: int) -> str | None:
    """Append `game_abandoned` through the one write path at the version read; None
    when the game moved first (the caller looks again)."""
    # One abandonment a game: the id is the game's, whatever version it lands at.
    command_id = f"abandon:{game.game_id}"
    abandon = AbandonGame(hands=hands)

    def decide_on(latest: Game | None) -> list[Envelope]:
        assert latest is not None
        return decided_envelopes(latest, None, abandon, command_id=command_id, actor="service")

    try:
        await games.execute(
            game.game_id,
            Write(
                actor="service",
                decide=decide_on,
                expected_version=game.record.version,
                key=command_key("service", command_id),
                digest=hashlib.sha256(command_id.encode()).hexdigest(),
                command_id=command_id,
            ),
        )
    except ServiceError as refused:
        if refused.code == "version_conflict":
            return None
        if refused.code == "command_id_reused":
            return "abandoned"  # an earlier run of the check appended it
        raise
    except DomainError:
        return "not_in_play"  # the game ended (or was abandoned) first
    return "abandoned"
