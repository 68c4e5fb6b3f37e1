"""Which ladder a game counts on: its preset's, unless a knob changes what the game rewards.

A rating says how often a player places ahead of others under the same
game. Knobs that only tune legality (`ace`, `initial_meld_min`,
`strict_jokers`, `strict_groups`, `go_out`, `lay_off_needs_own_meld`,
`hand_size`, reuse limits, `tie_break`, the game's length) leave the same
skills deciding it, so those tables count under their preset. Three kinds of
knob make it another game and get a ladder of their own:

- `scoring`: the objective (`penalty`'s lowest total, `casino`'s table
  points, `melded`'s 500) decides what good play is;
- the deck (`short_deck`, `decks`, `jokers`): a shorter hand and three
  jokers, or none, change how far skill carries;
- `knocking`: out-of-turn claims reward attention no other table asks for.

The ladder's id is the preset, followed by each such knob that differs from
the preset (after `short_deck`'s implied values): `palace`,
`palace+short_deck`, `palace+scoring=casino`, `basic+scoring=penalty`.
"""

from __future__ import annotations

from functools import lru_cache

from domain.rules import PRESETS, build_ruleset
from service.app.league.results import GameResult, RuleFacts, rule_facts

# The RuleFacts fields that pick the ladder, in the order the id lists them.
LADDER_KNOBS = ("short_deck", "scoring", "decks", "jokers", "knocking")


@lru_cache(maxsize=64)
def _baseline(preset: str, short_deck: bool) -> RuleFacts:
    overrides = {"short_deck": True} if short_deck else {}
    return rule_facts(build_ruleset(preset, overrides))


def ladder_of(preset: str, rules: RuleFacts) -> str:
    if preset not in PRESETS:
        # An imported log's game (preset `imported`): stacked, so it is never
        # rated; its change is still recorded, under a ladder of that name.
        return preset
    baseline = _baseline(preset, rules.short_deck)
    parts = [preset]
    if rules.short_deck and not _baseline(preset, False).short_deck:
        parts.append("short_deck")
    for knob in LADDER_KNOBS[1:]:
        value = getattr(rules, knob)
        if value != getattr(baseline, knob):
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            parts.append(f"{knob}={shown}")
    return "+".join(parts)


def ladder_of_result(result: GameResult) -> str:
    return ladder_of(result.preset, result.rules)
