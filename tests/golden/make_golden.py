"""Write the golden logs: seeded simulated games chosen to cover the rules' rarer paths.

Run by hand from the repository root, after a deliberate change in rules behaviour:

    PYTHONPATH=. python tests/golden/make_golden.py

It searches seeds for each spec below, writes `<name>.jsonl` (deals committed,
salts revealed) and records each game's final totals and winners in
`expected.json`, which tests/golden/test_golden.py checks against a replay.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from domain.cards import Card
from domain.commands import Discard, Draw, LayMelds, PlayerCommand
from domain.errors import IllegalCommand
from domain.events import HandEnded, JokerSwapped, Knocked, StockRenewed
from domain.game import decide
from domain.legal import legal_commands, legal_of_kind, melds_in
from domain.rules import build_ruleset
from domain.state import GameState
from service.app.envelope import Envelope
from service.logs.logfile import LogHeader, write_log
from service.logs.verify import verify_log
from service.tools.simulated_logs import simulated_log
from service.tools.simulation import Player

HERE = Path(__file__).parent
SEARCH_SEEDS = 60

# What the golden set must show at least once between its logs.
REQUIRED_COVERAGE = frozenset(
    {
        "went_out",
        "rummy",
        "stock_exhausted",
        "stock_renewed",
        "stock_renewed_shuffled",
        "joker_swap",
        "knock",
    }
)


def coverage(envelopes: Sequence[Envelope]) -> set[str]:
    """The coverage items a log shows."""
    found: set[str] = set()
    for envelope in envelopes:
        match envelope.event:
            case HandEnded(reason="stock_exhausted"):
                found.add("stock_exhausted")
            case HandEnded(rummy=rummy):
                found |= {"went_out", "rummy"} if rummy else {"went_out"}
            case StockRenewed(shuffled=shuffled):
                found.add("stock_renewed_shuffled" if shuffled else "stock_renewed")
            case JokerSwapped():
                found.add("joker_swap")
            case Knocked():
                found.add("knock")
    return found


# ------------------------------------------------------------------ a player that goes rummy


def _cover(hand: Counter[Card], melds: Sequence[tuple[Card, ...]], leave: int) -> list[Any] | None:
    """Disjoint melds using all of `hand` but `leave` cards, if there are any."""
    if sum(hand.values()) == leave:
        return []
    for index, meld in enumerate(melds):
        need = Counter(meld)
        if all(hand[card] >= n for card, n in need.items()):
            rest = _cover(hand - need, melds[index + 1 :], leave)
            if rest is not None:
                return [meld, *rest]
    return None


def hoarder(state: GameState, seat: int, rng: random.Random) -> PlayerCommand:
    """Keeps every card until it can lay its whole hand at once (going rummy),
    and otherwise throws away a card that fits no meld it could form."""
    if state.phase == "draw":
        # One card at a time: a hand swollen from the pile makes the cover search explode.
        return rng.choice(
            [c for c in legal_commands(state, seat) if isinstance(c, Draw) and c.count == 1]
        )
    hand = state.hands[seat]
    melds = melds_in(hand, state.ruleset)
    if state.placed[seat] == () and melds:
        plan = _cover(Counter(hand), melds, leave=1)
        if plan:
            command = LayMelds(tuple(plan))
            try:
                decide(state, seat, command)
                return command
            except IllegalCommand:
                pass
    discards = [c for c in legal_of_kind(state, seat, "discard") if isinstance(c, Discard)]
    useful = {card for meld in melds for card in meld}
    deadwood = [c for c in discards if c.card not in useful]
    if deadwood or discards:
        return rng.choice(deadwood or discards)
    return rng.choice(legal_commands(state, seat))


# ------------------------------------------------------------------ the specs


class Spec(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    preset: str
    overrides: dict[str, Any]
    seats: int
    wants: frozenset[str]
    knock_rate: float = 0.0
    hoarders: bool = False


SPECS = (
    Spec(name="basic_rummy", preset="basic", overrides={"game_end": "hands:1"}, seats=2,
         wants=frozenset({"rummy"}), hoarders=True),
    Spec(name="basic_renewed_exhausted", preset="basic", overrides={"game_end": "hands:2"},
         seats=3, wants=frozenset({"went_out", "stock_renewed", "stock_exhausted"})),
    Spec(name="palace_joker_swaps", preset="palace", overrides={"game_end": "hands:1"},
         seats=2, wants=frozenset({"joker_swap", "went_out"})),
    Spec(name="palace_knocking", preset="palace",
         overrides={"game_end": "hands:1", "knocking": True}, seats=4, knock_rate=0.3,
         wants=frozenset({"knock", "joker_swap", "stock_exhausted"})),
    Spec(name="duel_renewed_exhausted", preset="duel", overrides={"game_end": "hands:2"},
         seats=2, wants=frozenset({"went_out", "stock_renewed", "stock_exhausted"})),
    Spec(name="duel_two_hands", preset="duel", overrides={"game_end": "hands:2"}, seats=2,
         wants=frozenset({"went_out"})),
    Spec(name="classic_shuffled", preset="classic", overrides={"game_end": "hands:2"},
         seats=3, wants=frozenset({"stock_renewed_shuffled", "stock_exhausted", "went_out"})),
    Spec(name="classic_rummy", preset="classic", overrides={"game_end": "hands:1"}, seats=2,
         wants=frozenset({"rummy"}), hoarders=True),
)  # fmt: skip


def find_game(spec: Spec) -> tuple[int, LogHeader, list[Envelope]]:
    """The shortest game among the first SEARCH_SEEDS seeds that shows what the spec wants."""
    ruleset = build_ruleset(spec.preset, spec.overrides)
    players: list[Player] | None = [hoarder] * spec.seats if spec.hoarders else None
    best: tuple[int, LogHeader, list[Envelope]] | None = None
    for seed in range(SEARCH_SEEDS):
        header, envelopes = simulated_log(
            ruleset, spec.seats, seed, knock_rate=spec.knock_rate, game_id=spec.name,
            players=players,
        )  # fmt: skip
        if spec.wants <= coverage(envelopes) and (best is None or len(envelopes) < len(best[2])):
            best = seed, header, envelopes
    if best is None:
        raise SystemExit(f"{spec.name}: no seed below {SEARCH_SEEDS} shows {sorted(spec.wants)}")
    return best


def main() -> None:
    expected: dict[str, Any] = {}
    covered: set[str] = set()
    for spec in SPECS:
        seed, header, envelopes = find_game(spec)
        state = verify_log(header, envelopes)
        (HERE / f"{spec.name}.jsonl").write_bytes(write_log(header, envelopes))
        found = coverage(envelopes)
        covered |= found
        expected[f"{spec.name}.jsonl"] = {
            "preset": spec.preset,
            "overrides": spec.overrides,
            "seats": spec.seats,
            "seed": seed,
            "knock_rate": spec.knock_rate,
            "players": "hoarder" if spec.hoarders else "random",
            "events": len(envelopes),
            "hands": state.hand_number,
            "totals": list(state.totals),
            "winners": list(state.winners),
            "covers": sorted(found),
        }
        print(f"{spec.name}: seed {seed}, {len(envelopes)} events, covers {sorted(found)}")
    missing = REQUIRED_COVERAGE - covered
    if missing:
        raise SystemExit(f"the golden set misses {sorted(missing)}")
    text = json.dumps(expected, indent=2, sort_keys=True) + "\n"
    (HERE / "expected.json").write_text(text)


if __name__ == "__main__":
    main()
