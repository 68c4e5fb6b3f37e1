"""The rq queues: JSON-serialized, with deterministic job ids so enqueueing twice is a no-op.

The game queue carries every job a game waits for (bot turns, timers, league
results); the seeding queue carries the league's bot-versus-bot seeding
games, which nobody waits for. A worker listens to the game queue only; the
seeding queue is played by a low-priority process of its own
(workers/seeding_process.py), so no game's job waits behind a seeding game."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from redis import Redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from workers.liveness import forget_executions, is_live

__all__ = [
    "JobFailed",
    "QUEUE_NAME",
    "SEEDING_QUEUE_NAME",
    "bot_job_id",
    "ensure_job",
    "league_job_id",
    "open_queue",
    "release_stranded_jobs",
    "seeding_job_id",
    "timer_job_id",
]

QUEUE_NAME = "rummy"
SEEDING_QUEUE_NAME = "rummy-seeding"
# Jobs re-check the game when they run, so a finished one need not linger.
_RESULT_TTL_S = 600
# A job that failed (the event store in a failover, a master down, a write no
# replica acknowledged) runs again after these delays; reruns are no-ops once
# its game moved on, and its commands carry deterministic ids.
RETRY_INTERVALS_S = (1, 2, 4, 8, 15)


def open_queue(url: str, name: str = QUEUE_NAME) -> Queue:
    """The game queue (or the one `name`d) on the Redis at `url` (standalone: rq does
    not run on a cluster)."""
    if url.startswith("redis+cluster://"):
        raise ValueError(
            "rq does not run on Redis Cluster: put the queues on a standalone Redis "
            "(RQ_REDIS_URL, or --rq-redis-url)"
        )
    return Queue(name, connection=Redis.from_url(url), serializer=JSONSerializer)


def seeding_queue(connection: Redis) -> Queue:
    """The seeding queue over a connection already open to the queues' Redis."""
    return Queue(SEEDING_QUEUE_NAME, connection=connection, serializer=JSONSerializer)


# rq job ids allow only [A-Za-z0-9_-]: the parts are joined with dashes.
def bot_job_id(game_id: str, version: int) -> str:
    return f"bot-{game_id}-{version}"


def timer_job_id(game_id: str, version: int) -> str:
    return f"timer-{game_id}-{version}"


def league_job_id(game_id: str) -> str:
    """One league job per game: its result applies once whatever enqueues it."""
    return f"league-{game_id}"


def seeding_job_id(game_id: str) -> str:
    """One job per seeding game id (`seed-<preset>-<seed>-<n>`): `seeding-seed-basic-0-1`."""
    return f"seeding-{game_id}"


class JobFailed(Exception):
    """A job was made again whose last run failed after all its retries: the step
    that made it counts as failing for its game (`StepFailures`: backed off, then
    set aside and named by /health), not as done."""


def ensure_job(
    queue: Queue,
    job_id: str,
    func: str,
    args: Sequence[object],
    *,
    at: datetime | None = None,
    replace_done: bool = False,
    failed_is_a_failure: bool = False,
) -> bool:
    """Enqueue (or schedule `at`) unless a job of that id exists; True when it was added.

    `replace_done` lets a finished or failed job of that id be made again (the
    reconciler's case: the job ran, yet its game still waits for it), and so
    does a job whose worker died while running it (`workers.liveness`). With
    `failed_is_a_failure`, making a failed one again then raises `JobFailed`: a
    job that fails every time is not made again every round for good.
    """
    failed = False
    if replace_done:
        try:
            existing = Job.fetch(job_id, connection=queue.connection, serializer=JSONSerializer)
        except NoSuchJobError:
            existing = None
        if existing is not None:
            # A job started by a worker that has since died is not live: made again.
            if is_live(queue, existing):
                return False
            failed = existing.get_status(refresh=False) == JobStatus.FAILED
            forget_executions(queue, job_id)
            existing.delete()
    options: dict[str, object] = {
        "job_id": job_id,
        "unique": True,
        "result_ttl": _RESULT_TTL_S,
        "failure_ttl": _RESULT_TTL_S,
        "retry": Retry(max=len(RETRY_INTERVALS_S), interval=list(RETRY_INTERVALS_S)),
    }
    try:
        if at is None:
            queue.enqueue(func, *args, **options)
        else:
            queue.enqueue_at(at, func, *args, **options)
    except DuplicateJobError:
        return False
    if failed and failed_is_a_failure:
        raise JobFailed(f"job {job_id} failed after its retries; made again")
    return True


def release_stranded_jobs(queue: Queue) -> int:
    """Put back on the queue the jobs a worker took but never started; how many.

    rq moves a job to the queue's intermediate list as a worker takes it, and
    into the started registry as the job starts. A worker that dies in
    between strands it there: it is neither queued nor running, and rq only
    fails it (never runs it) at a later maintenance. So a worker puts such
    jobs back before it starts. A job another live worker is just starting
    may run twice: every job is a no-op once its game moved on, and its
    commands carry deterministic ids.
    """
    released = 0
    for job_id in queue.intermediate_queue.get_job_ids():
        if job_id in queue.started_job_registry:
            continue
        # Only the remover puts it back: two workers starting at once release it once.
        if queue.connection.lrem(queue.intermediate_queue_key, 1, job_id):
            queue.push_job_id(job_id)
            released += 1
    return released
