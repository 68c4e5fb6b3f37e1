"""Background work on rq: queue, bot and timer jobs, scheduler hook, reconciler, supervisor."""
