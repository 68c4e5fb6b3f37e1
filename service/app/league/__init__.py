"""The league: ratings, experience and leaderboards, folded from finished games' results.

The core imports the domain, openskill, msgspec and the standard library
only: no Redis, no HTTP. Wiring (players, finished games, routes, the Redis
store) lives outside it. See `service/league/README.md`.
"""
