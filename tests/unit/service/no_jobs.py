"""A scheduler that makes no job: the reconciler's walk over an in-memory store, run
for what it removes and deals, not for the bots and timers it would wake."""

from __future__ import annotations


class NoJobs:
    knock_window_s = 0.0

    async def schedule_bot(self, *args: object, **options: object) -> bool:
        return False

    async def schedule_timer(self, *args: object, **options: object) -> int:
        return 0
