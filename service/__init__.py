"""The Rummy service: use cases (app), store adapters, HTTP API, logs, command line, tools."""
