"""Background work: bot players, their ladder benchmark, and (later) rq jobs."""
