"""The Rummy service: event store, HTTP API, command line."""
