"""The use cases: games, seats, commands through one execute loop, transfers, projections."""
