"""Which rq workers are alive, and the jobs a dead one was running put back on the queue.

rq leaves a job that was running when its worker was SIGKILLed `started`, and
only fails it once its execution's TTL runs out (the job timeout plus a
minute, and never re-runs it). Its own worker registrations are no quicker
proof of life: a worker's key outlives a killed worker by its TTL (seven
minutes by default), and a SimpleWorker does not beat while a job runs.

So each `rummy worker` beats on its own, from a thread, every BEAT_S into one
sorted set of the queue's Redis (member: the rq worker name, score: the
time). A worker whose last beat is older than DEAD_AFTER_S is dead. A started
job is live only while its worker is alive; `recover_abandoned` puts the
others back on the queue, and the API's /health counts the live workers. A
worker's seeding process (`workers/seeding_process.py`) beats into a set of
its own, SEEDING_WORKERS_KEY: its jobs are live while it beats, yet /health
does not count a process that plays no game's job.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Sequence

from redis import Redis
from redis.asyncio import Redis as AsyncRedis
from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer
from rq.utils import as_text

__all__ = [
    "BEAT_S",
    "DEAD_AFTER_S",
    "SEEDING_WORKERS_KEY",
    "WORKERS_KEY",
    "Heartbeat",
    "count_live_workers",
    "forget_executions",
    "is_live",
    "live_workers",
    "recover_abandoned",
    "worker_alive",
]

WORKERS_KEY = "rummy:workers:beats"
SEEDING_WORKERS_KEY = "rummy:workers:seeding-beats"
BEAT_S = 1.0
# Several beats missed in a row: a busy machine delays one, not five.
DEAD_AFTER_S = 5.0
SWEEP_EVERY_BEATS = 2
RECONCILE_EVERY_BEATS = 10
RECONCILE_LOCK = "rummy:workers:reconcile"
# A job only one sweeper puts back: the others see the claim for this long.
_CLAIM_S = 30


def worker_alive(connection: Redis, name: str | None, now: float | None = None) -> bool:
    """Whether the rq worker `name` (a game worker or a seeding process) beat lately."""
    if not name:
        return False
    since = (now or time.time()) - DEAD_AFTER_S
    with connection.pipeline(transaction=False) as pipeline:
        for key in (WORKERS_KEY, SEEDING_WORKERS_KEY):
            pipeline.zscore(key, name)
        beats = pipeline.execute()
    return any(beat is not None and float(beat) >= since for beat in beats)


def live_workers(connection: Redis, now: float | None = None) -> int:
    """How many workers beat within DEAD_AFTER_S."""
    return int(connection.zcount(WORKERS_KEY, (now or time.time()) - DEAD_AFTER_S, "+inf"))


async def count_live_workers(connection: AsyncRedis) -> int:
    """`live_workers` for the API's asyncio client (its /health)."""
    return int(await connection.zcount(WORKERS_KEY, time.time() - DEAD_AFTER_S, "+inf"))


def _executions(queue: Queue, job_id: str) -> list[tuple[str, str]]:
    """The started registry's entries of `job_id`: (entry, the worker that took it)."""
    found = []
    for text in _started_entries(queue):
        if text.partition(":")[0] != job_id:
            continue
        worker = queue.connection.hget(f"rq:execution:{text}", "worker_name")
        found.append((text, as_text(worker) if worker else ""))
    return found


def _started_entries(queue: Queue) -> list[str]:
    """The started registry's entries, `{job_id}:{execution_id}`."""
    entries = queue.connection.zrange(queue.started_job_registry.key, 0, -1)
    return [as_text(entry) for entry in entries if isinstance(entry, bytes | str)]


def _waiting_in_line(queue: Queue, job_id: str) -> bool:
    connection = queue.connection
    return any(
        connection.lpos(key, job_id) is not None
        for key in (queue.key, queue.intermediate_queue_key)
    )


def is_live(queue: Queue, job: Job) -> bool:
    """Waiting to run (in the queue's list, scheduled or deferred), or running on a
    worker that is alive. The status alone does not tell: a worker killed between
    rq's steps leaves a job `queued` in no list, or `started` by nobody."""
    status = job.get_status(refresh=False)
    if status in (JobStatus.SCHEDULED, JobStatus.DEFERRED):
        return True
    connection = queue.connection
    executions = _executions(queue, job.id)
    if any(worker_alive(connection, worker) for _, worker in executions):
        return True
    if status == JobStatus.STARTED:
        return worker_alive(connection, job.worker_name)
    if status != JobStatus.QUEUED:
        return False
    if executions:
        # Taken by a worker that died before it marked the job started: left in the
        # intermediate list, which no worker takes from. Only the queue's own line counts.
        return connection.lpos(queue.key, job.id) is not None
    return _waiting_in_line(queue, job.id)


def forget_executions(queue: Queue, job_id: str) -> None:
    """Drop the started registry's entries of a job whose workers are gone."""
    entries = [entry for entry, _ in _executions(queue, job_id)]
    if entries:
        queue.connection.zrem(queue.started_job_registry.key, *entries)


class Heartbeat:
    """A thread that records, every BEAT_S, that the worker `name` is alive (in
    `key`), every few beats puts back the jobs of dead workers (`recover_abandoned`)
    on its queue and on `also_sweep` (unless `sweeps` is False: a seeding process
    leaves that to the game workers, who sweep its queue too), and every
    RECONCILE_EVERY_BEATS runs `reconcile` (one worker at a time).

    A thread and not rq's own heartbeat: a job runs in the worker's main thread
    (SimpleWorker), and a level-4 turn takes seconds; the thread beats through it.
    """

    def __init__(
        self,
        queue: Queue,
        name: str,
        reconcile: Callable[[], str] | None = None,
        *,
        also_sweep: Sequence[Queue] = (),
        key: str = WORKERS_KEY,
        sweeps: bool = True,
    ) -> None:
        self._queues = [queue, *also_sweep] if sweeps else []
        self._connection = queue.connection
        self._name = name
        self._key = key
        self._reconcile = reconcile
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rummy-heartbeat", daemon=True)
        self._reconciling: threading.Thread | None = None

    def start(self) -> Heartbeat:
        self.beat()
        self._thread.start()
        return self

    def beat(self) -> None:
        now = time.time()
        with self._connection.pipeline(transaction=False) as pipeline:
            pipeline.zadd(self._key, {self._name: now})
            # Long-dead workers leave the set; the window keeps the recently dead visible.
            pipeline.zremrangebyscore(self._key, "-inf", now - 100 * DEAD_AFTER_S)
            pipeline.execute()

    def stop(self) -> None:
        """An orderly stop: the worker is gone at once, not DEAD_AFTER_S later."""
        self._stopping.set()
        self._thread.join(timeout=2 * BEAT_S)
        if self._reconciling is not None:
            self._reconciling.join(timeout=2 * BEAT_S)  # what is left of it ends with us
        with contextlib.suppress(RedisError):
            self._connection.zrem(self._key, self._name)

    def _run(self) -> None:
        beats = 0
        while not self._stopping.wait(BEAT_S):
            beats += 1
            # Redis down (restarting): beat again when it is back.
            with contextlib.suppress(RedisError):
                self.beat()
                try:
                    self._duties(beats)
                except RedisError:
                    raise
                except Exception as failed:  # a bug must not end the beats: the worker
                    # would look dead while it runs jobs (put back, run twice)
                    print(f"heartbeat: a sweep failed: {failed!r}", file=sys.stderr)

    def _duties(self, beats: int) -> None:
        # Every worker sweeps: the one that outlives a dead one puts its job back.
        if beats % SWEEP_EVERY_BEATS == 0:
            for queue in self._queues:
                for job_id in recover_abandoned(queue):
                    print(f"put back job {job_id}: its worker died", file=sys.stderr)
        if beats % RECONCILE_EVERY_BEATS == 0:
            self._reconcile_once()

    def _reconcile_once(self) -> None:
        """The reconciler now and then, by one worker at a time: a job lost in a crash
        (the API died after an append, before it enqueued the next bot turn; Redis
        died between the two) is made again without waiting for a worker's restart.
        It runs in a thread of its own: a large store's reconcile outlasts DEAD_AFTER_S,
        and a worker that stopped beating meanwhile would look dead (its running job
        put back by the others, /health without a live worker)."""
        if self._reconcile is None:
            return  # a seeding process: holding the lock, it kept the workers from it
        if self._reconciling is not None and self._reconciling.is_alive():
            return  # the last one still runs
        claimed = self._connection.set(
            RECONCILE_LOCK, self._name, nx=True, ex=int(RECONCILE_EVERY_BEATS * BEAT_S)
        )
        if not claimed:
            return
        self._reconciling = threading.Thread(
            target=self._reconcile_and_report, name="rummy-reconcile", daemon=True
        )
        self._reconciling.start()

    def _reconcile_and_report(self) -> None:
        assert self._reconcile is not None
        try:
            summary = self._reconcile()
        except Exception as failed:  # the next round tries again
            print(f"periodic reconcile failed: {failed!r}", file=sys.stderr)
            return
        if " 0 bot jobs, 0 timers, 0 lobby" not in summary:
            print(f"periodic: {summary}", file=sys.stderr)


def recover_abandoned(queue: Queue) -> list[str]:
    """Put back on the queue every job the started registry holds for a dead worker; their ids.

    The job runs again from the start: every job re-checks its game, and its
    commands carry deterministic ids, so what the dead run appended is not
    appended twice and the turn carries on where it stopped.
    """
    connection = queue.connection
    recovered = []
    for job_id in dict.fromkeys(entry.partition(":")[0] for entry in _started_entries(queue)):
        try:
            job = Job.fetch(job_id, connection=connection, serializer=JSONSerializer)
        except NoSuchJobError:
            forget_executions(queue, job_id)
            continue
        except ValueError:
            continue  # a record rq cannot read (another release's): the others are swept
        if is_live(queue, job):
            continue
        if not connection.set(f"rummy:abandoned:{job_id}", 1, nx=True, ex=_CLAIM_S):
            continue  # another worker puts it back
        status = job.get_status(refresh=False)
        if status in (JobStatus.QUEUED, JobStatus.STARTED):
            requeue_abandoned(queue, job)
            recovered.append(job_id)
        else:  # it ended (finished, failed): a leftover entry
            forget_executions(queue, job_id)
    return recovered


def requeue_abandoned(queue: Queue, job: Job) -> None:
    """The job again, under its id, with its function, arguments and the retries it
    had left, queued now (without them, one failover would fail it for good)."""
    func, args = job.func_name, job.args
    assert func is not None, "an rq job names its function"
    retry = None
    if job.retries_left:
        retry = Retry(max=job.retries_left, interval=job.retry_intervals or 0)
    forget_executions(queue, job.id)
    queue.connection.lrem(queue.intermediate_queue_key, 0, job.id)
    job.delete(remove_from_queue=True)
    queue.enqueue(
        func,
        *args,
        job_id=job.id,
        result_ttl=job.result_ttl,
        failure_ttl=job.failure_ttl,
        retry=retry,
    )
