"""The pure Rummy rules engine: cards, rulesets, melds, decide/evolve/replay, views."""
