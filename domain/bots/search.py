"""Level 4, search: level 3 holding melds back, then (two seats) determinized Monte Carlo.

The base policy is `holdback` (level 3, but melds stay in hand until they
go out: that alone wins about two hands in three against level 3 in basic
with two seats, and lifts four seats from a quarter to about 31%; with an
opening minimum, the opening waits for a rummy). With more than
SEARCH_MAX_SEATS seats level 4 is that base policy alone, but in palace
(an opening minimum) it picks each draw and discard by how soon its own
hand gets out (`selfout`: 24.1% -> 27.4% of hands, +19 -> +38 points a
hand, 34.5% -> 38.8% of games on 2,000 fresh hands). At the moves that
matter (where to draw from, what to discard among the loose cards) the bot
then deals the unseen cards at random into the opponents' hands (by their
sizes, keeping the cards it saw them take) and the stock (by its count),
plays each candidate out for a few rounds with a fast abstract policy
(`fastplay`: hundreds of deals in the budget), and scores going out +1, an
opponent going out -1, else the deadwood difference. Every candidate is
played on the same deals, so the edge over the base choice is a paired
difference: the search overrules it only when that edge clears EDGE_Z
standard errors (and stops early once the answer is settled). Melds,
lay-offs, going out and knocks follow the base policy. Its random numbers
come from a generator seeded by the view, never from the caller's, and its
time from the caller's clock: the same view and clock readings give the
same move.

Where the base policy holds melds (basic with two seats; palace) the
play-outs hold them too (a seat's melds never become the others' lay-off
targets until it goes out, as fastplay models every seat), and the search
is stricter there: a longer horizon (going out takes the whole hand), seats
shed a card without partners first (as level 3 does), in zero-sum games a
lost play-out still counts the seats left holding more (held melds
included), and an overrule needs HOLD_EDGE_Z. Measured against level 3
(`rummy simulate --bots 3,4 --hands 400`, seed 0, base policy alone ->
search on top):
- basic, 2 seats: 68.2% -> 68.8% of hands (CI 64.0-73.1%); the search
  as used elsewhere (EDGE_Z 2, 4 rounds) had measured 63.7%, with
  HOLD_EDGE_Z and 4 rounds 66.6-67.0%. Since the base policy lays its
  exposed melds down when the opponent is near out (`holdback`): 63.6% ->
  64.2% of hands (1,000 hands, seeds 0 and 5000; CI 61.2-67.1%), +4.6 ->
  +6.0 points a hand.
- palace, 4 seats: 15.8% -> 17.2% of hands won (CI 13.9-21.3%), beats
  each level 3 seat 62.2% -> 63.5% (CI 60.7-66.1%); without the pairwise
  scoring 14.8% and 60.8%.
Level 4's p95 decision time there: 150 ms (the budget).

At two seats (basic, duel) the base policy reads the next seat's hand as
level 3 plays, holding no card that fits the table (issue 30; measured in
`holdback`, FEED_READ_SEATS): basic at budget 0, fresh seed 755836941, 64.3%
-> 70.9% of hands, 59.2% -> 65.2% of games; duel 51.8% -> 55.2% of hands.

Tried for four seats and not kept (one level 4 against three level 3, 80
hands, same seed before -> after): level 3's own moves as the base in
palace (seed 377346) 21.2% -> 23.8% of hands, but beats each level 3 seat
61.5% -> 49.0% and +13.8 -> -8.9 points a hand; HOLD_EDGE_Z for every
overrule in basic (seed 709021) 26.2% -> 20.0% of hands, +1.9 -> -1.3
points. Samples this small cannot separate those from noise; neither is a
gain worth keeping.

Swept at four seats, one level 4 against three level 3, level 4's constants
changed for its seat alone, the same deals (600 hands each unless said;
none kept but dropping the read of the next seat: `holdback.FEED_READ_SEATS`):
- palace, seed 13 (as it is: 27.3% of hands, 49.6% pairwise, +32.5 points
  a hand, 34.8% of 200 games): NEAR_RUMMY_MANY_SEATS 0/3/4/5/8 won
  28.3/28.2/27.7/27.0/25.7% of hands, +15.0/+19.1/+23.1/+30.4/+30.7
  points, 28.0/29.0/29.0/33.5/42.5% of games (8: 36.5% pairwise); laying
  the held melds down once an opponent holds 2/3/5 cards (level 3: 1):
  27.3/27.3/26.3% of hands, 34.8/34.8/35.8% of games; taking pile cards
  that improve the hand after the opening as well (`careful_draw` skips them
  in palace): 22.0% of hands, +14.7 points. No knob lifts palace's hands
  above what a level 3 seat wins there (27.5%, `--control`).
- basic, seed 11 (26.7% of hands, +4.9 points): TAKE_TO_IMPROVE 10/30
  28.0/27.6%, SWAP_DOWN_GAIN 4/9 27.1/27.8%, FEED_PENALTY 0/16 28.0/27.6%,
  FEED_RISK_WEIGHT 0/200 31.8/26.6% (kept without classic), OUT_WEIGHT 12/30
  26.6/26.4%, EXTEND_OUT 0 27.2%; TABLE_FEED_PENALTY 0 or 10 plays the very
  same hands (a loose card that fits the table is laid off, never thrown).
- without the read, 800 hands, basic seed 983169596 / classic seed
  1640141496 (33.6% / 30.4% of hands): TAKE_TO_IMPROVE 10: 34.0/30.5%, 30:
  34.9/30.2%; SWAP_DOWN_GAIN 9: 35.0/31.6%; FEED_PENALTY 0: 34.0/28.7%, 16:
  31.3/31.6%: all within the noise.
- holding lay-offs back for the rummy in basic (no lay-off while every
  opponent holds more than THREAT_CARDS, a card that fits the table kept
  from the discard), 1,500 hands at seed 979119971: 30.9% -> 30.8% of
  hands, +11.4 -> +11.8 points, 38.7% -> 39.9% of games: nothing.

Tried at four seats and not kept: the discard searched with the table's own
players. The base choice and the three best loose cards by `discard_scores`
were played out on the rules engine (`decide`/`evolve`) from the hidden
cards dealt again (each opponent keeping the pile cards seen taken), level 3
deciding for the opponents from their own views and the seat's memory (all
public), the hold-back policy for the seat, through the candidate's turn and
the four after it; the same paired edge (EDGE_Z, MIN_EDGE), 150 ms of thread
CPU a discard (about 3 ms a play-out: some 12 deals). One level 4 against
three level 3 in basic, budget and p95 on the thread's CPU clock, seed
300413558, 600 hands: base 31.8% (28.2-35.6%) of hands, +7.7 points a hand,
32.7% of 199 games; play-outs nobody went out of scored by the deadwood
edge: 28.7% (25.3-32.5%), +4.7, 33.3% (498 overrules in 4,285 discards: it
sheds high cards before outs); scored only by who went out: 33.2%
(29.6-37.1%), +8.5, 32.2% (56 overrules). That, on a fresh seed (670596163, 1,000 hands): 30.9%
(28.1-33.8%) -> 30.7% (27.9-33.6%) of hands, +8.2 -> +7.5 points, 37.0% ->
36.6% of 331 games; 93 overrules in 7,072 discards, and of the hands that
ended otherwise, 49 won only with the search, 51 only without. p95 152 ms.
Classic, fresh seed 506306257, 400 hands: 33.2% (28.8-38.0%) -> 31.4%
(27.0-36.1%), +1.9 -> +1.3 points, 28.0% -> 27.3% of games (39 overrules
in 2,283 discards). About a dozen deals a discard seldom clear EDGE_Z, and
the few overrules they allow gain nothing measurable.

Tried again at four seats (issue 30) and not kept: the draw and the
discard searched on the rules engine, level 3's own moves as the play-out,
and the opponents' hands inferred. Candidates: the base choice and one more
(draw: stock or pile; discard: the best loose card by `discard_scores`), on
the same deals of the hidden cards (pile cards seen taken kept), through the
candidate's turn and four more, level 3 (without memory) deciding for the
opponents from their views and the hold-back policy for the seat; a hand that
ends scores +1 for going out, else -1 plus the other seats still outscored,
one that does not 0; the paired edge must clear EDGE_Z. About 1 ms a
play-out: some 50 deals a decision in basic, 18 in palace, in 150 ms of thread
CPU (p95 152 ms). One level 4 against three level 3, the same deals a row
(`run_ladder` rows, `time.thread_time`):
- basic, 200 hands, seed 20261206: base 32.0% (25.9-38.8%) of hands, +12.2
  points a hand, 45.5% of 66 games; search 34.0% (27.8-40.8%), +12.4, 43.9%
  (52 overrules in 2,788 searched decisions; of the first 159 hands, before
  the games' lengths parted, 5 won only without it, 8 only with it); the
  deal inferred as well (an opponent's hidden cards drawn by weight: near one it discarded,
  same rank or same suit within two, x0.35; near one it passed x0.7; near
  one it took x2) 32.5%, +12.4, 47.0% (60 overrules; 7 hands won only
  without, 8 only with, of 200); play-outs nobody went out of scored by who
  holds fewer cards outside melds (cards that fit the table gone), +-0.3 a
  seat: 30.5% (24.5-37.2%), +8.5, 40.9% (132 overrules).
- palace, fresh seed 55123, 300 hands: base 23.7% (19.2-28.8%), +15.3, 33.0%
  of 100 games; search 24.3% (19.8-29.5%), +17.5, 35.0% (25 overrules in
  2,331; 2 hands won only without it, 4 only with it, of 300); the deal
  inferred as well 24.0% (19.5-29.1%), +16.3, 33.0% (21 overrules; 0 and
  1 hands).
One overrule in 50 to 100 searched decisions moves nothing a few hundred hands can
see, and a horizon score that overrules more loses.

Palace's base policy at four seats is not weaker than level 3 there (level 3
in the seat instead of the hold-back policy, the same deals, 2,000 hands,
`run_ladder` with high 3 as `--control`): seed 4242, 24.3% (22.5-26.3%) of
hands against level 3's 24.9% (23.1-26.8%), +22.4 against -1.4 points a hand,
35.1% against 24.9% of 666 games; fresh seed 91807, 24.6% against 24.9%,
+24.1 against +1.9 (paired difference 22.2 +- 6.7), 34.2% against 26.4%. It
matches level 3's hands and wins more points and games: kept.

Tried at two seats in basic and not kept: play-outs closer to level 3 with
inferred hands. Each opponent's hidden cards were dealt by weight (the
neighbours of its discards x0.35, of the pile cards it passed x0.7, of the
cards it took x2), redealt up to three times while they held a meld (level 3
lays its melds at once), and the melds it made in the play-out went on the
table for either seat to lay off on. Against level 3, 200 hands each, the
same deals, current -> that: seed 300187613, 61.8% (54.9-68.2%) -> 60.5%
(53.6-67.0%) of hands, -0.6 -> -0.6 points a hand, 50.0% -> 48.5% of 66
games, p95 170 -> 158 ms on a loaded machine (the weights alone, both
rows with the rest: seed 3076016302, 72.2% -> 72.2% of hands, +7.5 ->
+7.2 points a hand, 68.2% -> 65.2% of 66 games). The search overrules
its base policy at about one searched decision in 37 either way (30 hands,
seed 1951824129: 14 of 523 as it is, 14 of 518 with that), so a better
play-out changes few moves at HOLD_EDGE_Z.

Duel (issue 30), one level 4 against level 3, 1,400 hands (200 games) a row,
the full budget on the thread's CPU. The search runs there: its base policy is
level 3 as is (no hold: one meld a turn), so at budget 0 level 4 plays level
3's very moves; at the full budget it searches about 25,000 of 32,600
decisions, some 225 deals each (stopping at 400 or once settled, p95 51 ms),
and overrules one in nine: seed 1458359884, 54.1% (51.5-56.7%) of hands, +1.5
points a hand, 59.0% (52.1-65.6%) of games; seed 74940055, 51.3%, +0.2, 53.0%.
Its play-outs score going out +1 whatever the loser holds, blind to duel's
points (the winner takes the loser's hand value). Tried and not kept:
play-outs scored by those points (over 40), the melds still in hand counted
and laid one a turn (going out only once all are down), 8 rounds: seed
1458359884, 52.3% of hands, +1.8 points, 56.5% of games, p95 81 ms; with the
wary pile draw below as well, 53.6%, +2.2, 60.2%. Level 4's base policy taking
the pile's card to improve the hand only at TAKE_TO_IMPROVE 40 (level 3: 20)
at two seats where it holds nothing back: alone (budget 0, 3,000 hands at seed
777) duel 50.5% -> 52.4% of hands, +0.1 -> +1.3 points, 49.3% -> 57.2% of 428
games, classic 50.4% -> 50.6%, -0.3 -> +0.8, 48.3% -> 61.7% of games; but
under the search the gain did not hold: seed 74940055, 51.3% -> 52.6% of
hands, +0.2 -> +1.0 points, 53.0% -> 57.2% of games; seed 1183650303, 52.7% ->
51.9%, +0.7 -> +0.8, 52.5% -> 52.0%. Base policy knobs swept in duel without
the search (3,000 hands at seed 777; level 3 in the seat: 50.5%, +0.1 points,
49.3% of 428 games): OUT_WEIGHT 10/30/5 50.2/50.9/44.9% of hands,
+1.2/-0.3/-0.1 points, 57.8/49.1/49.1% of games; FEED_RISK_WEIGHT 0/200
-0.5/-0.0 points; FEED_PENALTY 0 +0.1; SWAP_DOWN_GAIN 100 +0.1; OUT_WEIGHT 10
with TAKE_TO_IMPROVE 40 +1.0 points, 58.3% of games (no more than either
alone).

Tried at two seats (issue 30) and not kept: the candidates played out on the
rules engine, the opponent as level 3 plays, instead of `fastplay`. At the
draw (stock or pile) and the discard (the base choice and the best other
loose card by `discard_scores`), each deal of the hidden cards (the opponent
keeps the pile cards seen taken and is dealt no unseen card that fits the
table, as `careful_table` reads it) was played on `decide`/`evolve` from the
candidate: level 3 (`choose_careful` from the opponent's own view, a copy of
the seat's memory as that seat's, all of it public) for the opponent, the
hold-back policy for the seat, for four turns or to the hand's end; a hand
that ended scored the seat's points less the opponent's (/40), one that did
not the deadwood difference (/40, within +-0.9); the same deals for both
candidates, the paired edge at EDGE_Z and MIN_EDGE. Level 3's own moves cost
about 1.3 ms a turn (1.7 ms before a memo of `fits_table` by table; a whole
hand played out 17 ms), so 150 ms of thread CPU plays some 11 deals a
decision (a deal started only if it ends in time), and it overruled the base
policy at 3 of 92 searched decisions (6 hands). One level 4 against level 3,
`run_ladder` with the budget and each decision on `time.thread_time`, the same
seed a row, as it is -> that:
- basic, seed 1528807958, 300 hands: 63.7% (58.1-68.9%) -> 67.2%
  (61.7-72.2%) of hands, +3.6 -> +4.5 points a hand, 55.0% -> 62.0% of 100
  games; p95 150.6 -> 144.9 ms.
- basic, fresh seed 1990371513, 150 hands: 72.0% (64.3-78.6%) -> 68.7%
  (60.9-75.5%) of hands, +8.7 -> +7.2 points, 66.0% -> 62.0% of 50 games;
  p95 150.6 -> 145.2 ms.
- duel, seed 822365883, 280 hands: 57.1% (51.3-62.8%) -> 51.2%
  (45.4-57.0%) of hands, +1.8 -> +0.7 points, 70.0% -> 61.3% of 40 games;
  p95 150.3 -> 145.4 ms.
Within the noise on every row, and lower on the second basic seed and in duel.

What a perfect reading of the hidden hands would be worth at four seats
(issue 30; `python -m service.tools.playout_bound`, a measurement that reads
the true state, not a bot). At each discard with a choice, the base choice and
the three best loose cards by `discard_scores` played out to the hand's end on
the rules engine with the opponents' real policies, 3 deals each (about the
budget: p50 100-140 ms, p95 230-290 ms of thread CPU), the candidate that wins
most hands played. One level 4 against three level 3 in basic, 150 hands a row,
the same seed, as it is / hidden hands dealt at random (no meld) / dealt as
level 3 holds them (the pile cards seen taken kept, no meld, nothing that fits
the table) / the opponents' real hands kept, the stock dealt again:
- fresh seed 1010892222: 27.7% / 27.7% / 28.7% / 30.7% of hands (CI of the
  last 23.8-38.5%), +4.1 / +2.6 / +0.5 / +8.1 points a hand, 30.6% / 30.6% /
  20.4% / 38.0% of about 49 games;
- seed 777 (4 deals, an earlier script of the same search): as it is 36.3%,
  dealt 34.3%, real hands 44.0% of hands.
Play-outs on random or simply read deals gain nothing; with the hands known
the same search gains 3 to 8 points, so even a perfect reading lifts four
seats from about 30% to 31-38% of hands in these samples, short of or at
issue 30's 35%. Two seats, basic, 120 hands a row, fresh seed 1099659278
(play-outs to the hand's end cost more there: p50 405-459 ms): as it is
70.0% of hands, +7.4 points, 62.5% of 40 games; read 59.2%, +0.3, 47.5%;
known 72.5%, +10.5, 62.5%.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

from domain.bots.careful_discard import discard_scores
from domain.bots.chance import Chance, reseeded
from domain.bots.denial import plays_denial
from domain.bots.holdback import choose_holdback, holds_back, level4_reading
from domain.bots.memory import SeatMemory
from domain.bots.paired_edges import EDGE_Z, MIN_EDGE, settled, significant_best
from domain.bots.playouts import PlayoutTable
from domain.bots.selfout import choose_self_out
from domain.bots.solver import arrange
from domain.cards import JOKER
from domain.commands import Discard, Draw, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

DEFAULT_BUDGET_S = 0.15  # leaves headroom under the 250 ms p95 on a busy machine
DEFAULT_MAX_ROLLOUTS = 400  # per candidate
CANDIDATE_DISCARDS = 3
EARLY_CHECK = 48  # deals between checks whether the outcome is already settled
# Where the base policy holds melds back: the play-outs model its hand
# least well, so overrule it only on a wide edge (palace with 2.5: 123
# overrules in 400 hands instead of 82, and no better: 16.2% and 62.5%),
# and look further ahead (`playouts.HOLD_HORIZON_ROUNDS`).
HOLD_EDGE_Z = 3.0
HOLD_MIN_EDGE = 0.05
# With more seats the play-outs (every seat on `fastplay`) model the three
# opponents' hands too poorly to overrule the base policy: in palace, four
# seats, one level 4 against three level 3 (200 hands, seed 138436) the
# search won 22.5% of hands, its base policy alone 23.5%, at 150 ms a move;
# in basic on the hold-back base (250 hands, seed 381919) 30.6% against
# 28.8%, +5.8 against +5.5 points a hand: within the noise, at 150 times
# the time a move.
SEARCH_MAX_SEATS = 2


def choose_search(
    view: SeatView,
    ruleset: RuleSet,
    rng: Chance,
    memory: SeatMemory | None,
    budget_s: float = DEFAULT_BUDGET_S,
    max_rollouts: int | None = None,
    clock: Callable[[], float] | None = None,
) -> PlayerCommand | None:
    """Level 4's command. The search stops at `budget_s` seconds read on
    `clock` (the caller's: the bots own no clock), or at `max_rollouts` deals;
    without a clock, at the deals alone (reproducible on any machine)."""
    deadline = _Deadline(clock, budget_s)
    prior = choose_holdback(view, ruleset, memory)
    if (
        view.seats > SEARCH_MAX_SEATS
        and plays_denial(ruleset)
        and prior is not None
        and view.turn == view.seat
    ):
        return choose_self_out(view, ruleset, memory, prior, rng, deadline.passed)
    if view.turn != view.seat or prior is None or view.seats > SEARCH_MAX_SEATS:
        return prior
    holding = holds_back(view, ruleset) or plays_denial(ruleset)
    candidates = _candidates(view, ruleset, memory, prior)
    if len(candidates) < 2:
        return prior
    edge_z = HOLD_EDGE_Z if holding else EDGE_Z
    min_edge = HOLD_MIN_EDGE if holding else MIN_EDGE
    rollouts = DEFAULT_MAX_ROLLOUTS if max_rollouts is None else max_rollouts
    # A private generator seeded from what the seat sees: the caller's (which
    # may deal the cards) is left untouched, so a ladder's `--control` row
    # plays the very same deals, and a decision is reproducible.
    rng = reseeded(rng, zlib.crc32(repr(view).encode()))
    samples: list[list[float]] = [[] for _ in candidates]
    prior_index = candidates.index(prior)
    done = 0
    playouts = PlayoutTable(view, ruleset, memory, holding)
    while done < rollouts and not deadline.passed():
        hands, stock = playouts.sample(rng)
        scores = []
        for command in candidates:
            scores.append(playouts.rollout(command, hands, stock, rng))
            if deadline.passed():
                break
        if len(scores) < len(candidates):
            break  # an unfinished round would favour the first candidates
        for column, score in zip(samples, scores, strict=True):
            column.append(score)
        done += 1
        if (
            done >= EARLY_CHECK
            and done % EARLY_CHECK == 0
            and settled(samples, prior_index, edge_z, min_edge)
        ):
            break
    return significant_best(candidates, samples, prior_index, edge_z, min_edge)


class _Deadline:
    """The end of the time budget on the caller's clock; never, without one."""

    def __init__(self, clock: Callable[[], float] | None, budget_s: float) -> None:
        self.clock = clock
        self.at = 0.0 if clock is None else clock() + budget_s

    def passed(self) -> bool:
        return self.clock is not None and self.clock() >= self.at


def _candidates(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None, prior: PlayerCommand
) -> list[PlayerCommand]:
    legal = view.legal_commands
    if view.phase == "draw":
        options: list[PlayerCommand] = [Draw("stock")]
        pile = view.discard_pile
        if Draw("discard", 1) in legal and (memory is None or memory.may_take_from_pile(pile[-1])):
            # Level 3's pile guard holds for the search too: two seats that
            # hold their melds could otherwise pass the same cards to and fro.
            options.append(Draw("discard", 1))
        if prior not in options:
            options.append(prior)
        return options
    if not isinstance(prior, Discard):
        return [prior]
    arrangement = arrange(view.hand or (), ruleset)
    loose = set(arrangement.loose)
    free = [c.card for c in legal if isinstance(c, Discard) and c.card in loose]
    free = [c for c in free if c != JOKER]
    if len(free) < 2:
        return [prior]
    scores = discard_scores(view, free, ruleset, memory, arrangement, level4_reading(view, ruleset))
    ranked = sorted(free, key=lambda c: (-scores[c], c))[:CANDIDATE_DISCARDS]
    options = [Discard(c) for c in ranked]
    if prior not in options:
        options.insert(0, prior)
    return options
