"""A job's command, submitted for the game version the job was made for."""

from __future__ import annotations

from domain.commands import PlayerCommand
from service.app.commands import SeatCommands
from service.app.envelope import ActorKind
from service.app.errors import ServiceError

# The game moved on first (a duplicate job, the owner, a timer), or this very
# command was already appended by an earlier run of the job.
_STALE = ("version_conflict", "command_id_reused")


async def submit_at(
    commands: SeatCommands,
    game_id: str,
    seat: int,
    command: PlayerCommand,
    version: int,
    command_id: str,
    actor: ActorKind,
) -> bool:
    """Append `command` only if the game is still at `version`; False when it is not
    (the job then has nothing left to do). Other refusals are bugs and raise. The
    command id lives in the system's namespace, apart from clients' ids."""
    try:
        await commands.handle(
            game_id, seat, command, expected_version=version, command_id=command_id, actor=actor
        )
    except ServiceError as refused:
        if refused.code in _STALE:
            return False
        raise
    return True
