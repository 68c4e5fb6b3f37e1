"""Benchmarks and load tools (simulate, loadtest, ladder, ceiling app): the runtime imports none."""
