"""Level 4's base policy: level 3, but melds stay in hand until they go out.

With more than two seats the same hold (basic and classic; level 3 lays its
melds at once there) denies three opponents their lay-offs. Measured without
the search, one seat against three level 3 seats, seeds drawn at run time
(level 3 in that seat -> this policy): basic 2,000 hands at seed 684870:
23.2% -> 31.1% of hands, -1.0 -> +8.8 points a hand, 20.7% -> 37.3% of
games (THREAT_CARDS 1, 2, 4: 29.3%, 30.1%, 30.3% of hands; EXPOSED_VALUE
20: 28.0%; never by value: 30.1%); classic 1,000 hands at seed 417670:
21.9% -> 33.5% of hands, -1.7 -> +2.0 points, 18.9% -> 32.4% of games.
In duel (one new meld a turn) holding loses: 47.8% -> 46.2% of hands and
44.8% -> 17.5% of games (1,400 hands, seed 978096).

A hand is won by going out first (or, when nobody does, by the lowest hand
value). With two seats and no opening minimum, melds laid early give the
opponent a place to lay off and so speed its way out; held back, they can
still all be laid in the turn that goes out (rummy, too). So the seat holds
every meld until it can empty its hand, unless the hand is about to end with
nobody out (then hand value counts: lay down). Measured in basic with two
seats (1,000 hands, same deals): 68% of hands against level 3, whose mirror
wins 48%.

Held melds count against the seat when the opponent goes out first, so
holding everything won hands but lost points and games: against level 3
(no search, 4,000 hands at seed 0) 67.7% of hands but -2.0 points a hand,
and 47.1% of 1,000 whole games (`game_end: hands:3`). So once the opponent
is down to THREAT_CARDS cards, the melds that would cost most go down
(`lay_down_exposed`): those worth EXPOSED_VALUE or more, and those nobody
can lay off on. That keeps 63.6% of hands (seed 1000: 63.8%) and gains
+4.6 points a hand, and wins 57.3% of whole games (+13.3 points a game).
Laying every meld down at that point instead: 57.1% of hands, +8.1 points;
at a value of 25: 62.1%, +5.1; with melds of one live lay-off card too:
58.3%, +7.4; from four opponent cards: 61.4%, +2.4.

Holding melds lets both seats swap pile cards back and forth without ever
drawing the stock; two guards keep every hand finite: never take back a
card this seat discarded, and at most MAX_PILE_PICKUPS pile draws a hand.
Without a memory (the guards need it) the seat plays level 3.

With an opening minimum (palace) level 3 already holds melds after its
opening (`denial`); level 4 keeps its opening back while a rummy is near
(`rummy_wait`) and lays later melds down sooner (`denial.hold_warily`).
"""

from __future__ import annotations

from collections import Counter

from domain.bots.careful import choose_careful
from domain.bots.denial import plays_denial
from domain.bots.feeding import Reading
from domain.bots.greedy import lays_only
from domain.bots.memory import SeatMemory, live_cards
from domain.bots.outs import extenders
from domain.bots.rummy_wait import hold_for_rummy_then_after_opening, hold_for_rummy_then_warily
from domain.bots.solver import Arrangement, card_value
from domain.cards import Card
from domain.commands import LayMelds, PlayerCommand
from domain.rules import RuleSet
from domain.views import SeatView

# On the last stock (no reuse left), lay down once this few cards remain.
LAY_DOWN_STOCK = 4
# Once an opponent holds this few cards, lay down the melds that would cost
# most if it went out (`lay_down_exposed`).
THREAT_CARDS = 3
EXPOSED_VALUE = 30
# Level 4 weighs the risk that a discard completes the next seat's meld, its
# hand read from its discards as level 2 plays (`careful_discard.
# FEED_RISK_WEIGHT`), only at tables of at most FEED_READ_SEATS seats, or
# where the next seat may take any card of the pile (`discard_pickup: any`).
# Against level 3 seats (which keep cards level 2 would throw) the read only
# made the seat shy. One seat against level 3 seats, the same deals, level 4
# with the read -> without it: basic, four seats, seeds 11 (600 hands),
# 536220603 (1,500), 822118433 (1,500, the ladder against main), 250327016
# (2,500): 26.7 -> 31.8%, 29.5 -> 31.2%, 30.3 -> 31.4%, 29.3 -> 32.3% of
# hands, +4.9 -> +5.7, +6.6 -> +8.2, +7.9 -> +7.3, +7.7 -> +10.4 points a
# hand, games 31.0 -> 32.7%, 32.9 -> 33.7%, 33.0 -> 32.8%, 36.0 -> 38.8%;
# basic, three seats, seed 389035911 (1,500): 39.7 -> 42.9% of hands, +6.2
# -> +7.3 points, 43.9 -> 46.5% of games. Classic, four seats, gained
# nothing: seeds 571818119 (1,500), 720563621 (1,500, the ladder), 582232934
# (2,000): 31.1 -> 32.8%, 30.8 -> 29.0%, 31.0 -> 30.0% of hands, games 29.3
# -> 29.2%, 30.5 -> 26.4%, 27.8 -> 25.5%. At two seats the read stays:
# without it, the base policy alone won 63.9 -> 65.0% of hands in basic
# (1,000 hands, seed 2069649477), but 50.8 -> 48.2% of hands and 56.8 ->
# 46.2% of games in duel (1,400 hands, seed 468871644). Palace reads no
# hand at any level (`careful_discard._reads_feeding`).
# At two seats level 4 reads the next seat as level 3 plays (below), and holding
# no card that fits the table (level 3 lays off every loose card that fits:
# `feeding.Reading` "careful_table"). Level 2's read -> that, the base policy
# alone (`--budget 0`), the same deals (issue 30): basic, 1,000 hands, seed
# 1319467176 63.8% -> 64.2% of hands, +3.4 -> +4.9 points a hand, 53.5% ->
# 58.4% of 333/332 games; fresh seed 755836941 64.3% (61.3-67.2%) -> 70.9%
# (68.0-73.6%), +3.8 -> +7.7, 59.2% -> 65.2% of 333 games; duel, 1,400 hands,
# seed 1743096154 50.4% -> 54.2%, +0.7 -> +0.4, 52.8% -> 53.8% of 200 games;
# fresh seed 1564510837 51.8% (49.2-54.4%) -> 55.2% (52.6-57.8%), +0.4 ->
# +1.5, 52.8% -> 58.5%. Level 3's read alone (cards fitting the table not
# ruled out): basic 63.6%, +4.7, 59.3%; duel 53.2%, +0.5, 54.0% (the first
# seeds); in duel with the search at its full budget (700 hands, seed
# 1673706914, thread CPU): 51.0% -> 54.4% of hands, +0.6 -> +0.8, 55% ->
# 54% of 100 games; basic with the search at its full budget (300 hands,
# fresh seed 238615162, thread CPU): 66.3% (60.8-71.4%) -> 67.3% (61.8-72.4%)
# of hands, +4.3 -> +6.1 points, 58% -> 61% of 100 games. Ruling the
# table's cards out at four seats in classic lost (1,500 hands, seed
# 15854829: 31.5% -> 29.0% of hands, +1.9 -> +0.8, 29.4% -> 26.6% of
# games): there it reads as level 3 plays alone.
FEED_READ_SEATS = 2
# With more seats, where the next seat may take any card of the pile
# (classic), level 4 reads its hand as level 3 plays instead
# (`feeding.careful_chances`: no bound by value, cards near its discards
# x0.35), at the same weight (`careful_discard.CAREFUL_RISK_WEIGHT`). One
# seat against level 3 seats, the same deals, level 2's read -> level 3's
# (issue 30; `python -m service.tools.ladder --preset classic --seats 4
# --bots 3,4 --hands 1000 --seed S --quiet`, each read per row):
# classic, four seats, seed 1223827286: 29.3% -> 33.8% of hands, +0.4 ->
# +4.2 points a hand, 26.2% -> 38.5% of 214/208 games; seed 1589896513:
# 29.2% -> 32.2%, +1.2 -> +3.2, 27.4% -> 36.0% of 212/222 games; seed
# 641036818: 30.7% -> 31.0%, +1.0 -> +1.3, 25.8% -> 27.0% of 229/222 games;
# seed 406712102 (2,000 hands): 30.3% -> 32.9%, +1.0 -> +2.7, 26.9% ->
# 32.4% of 435/448 games (all four: 30.0% -> 32.6% of 5,000 hands); three
# seats, seed 276751345: 40.6% -> 43.9%, -0.7 -> +1.9, 26.8% -> 40.1% of
# 149/162 games. p95 of a decision 2.4-3.5 ms. In basic (four seats, where
# level 4 reads nothing) it gained nothing: seed 239521785, 1,200 hands,
# 32.3% -> 31.7% of hands, +9.9 -> +8.6 points, 36.8% -> 37.8% of games
# (weight 40: 30.4%, +7.6, 35.0%): basic stays without a read.


def holds_back(view: SeatView, ruleset: RuleSet) -> bool:
    """Whether this table plays the hold-back policy (else: level 3 as is):
    without an opening minimum and where all held melds may go down in the
    turn that goes out; with two seats only where a rummy pays (duel and
    classic for two: no bonus, and holding loses there)."""
    if ruleset.initial_meld_min or ruleset.needs_opening or ruleset.melds_per_turn != "any":
        return False
    return view.seats > 2 or ruleset.rummy_bonus != "none"


def hold_melds(view: SeatView, arrangement: Arrangement, ruleset: RuleSet) -> bool:
    """Keep the melds in hand until they empty it or the hand runs dry
    (`lay_down_exposed` lays some of them sooner)."""
    if not arrangement.loose:
        return False
    last_stock = ruleset.stock_out != "reuse" or view.reuses >= ruleset.reuse_limit
    return not (last_stock and view.stock_count <= LAY_DOWN_STOCK)


def lay_down_exposed(
    view: SeatView, arrangement: Arrangement, ruleset: RuleSet, memory: SeatMemory | None
) -> LayMelds | None:
    """Once an opponent is down to THREAT_CARDS cards, the held melds that cost
    most if it goes out: those worth EXPOSED_VALUE or more, and those no live
    card can be laid off on (they give the opponent nothing). The legal meld
    command of the most value made of only such melds, or None."""
    assert view.seat is not None
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
    if min(others, default=THREAT_CARDS + 1) > THREAT_CARDS:
        return None
    live = live_cards(view, ruleset, memory)
    exposed: Counter[tuple[Card, ...]] = Counter()
    for meld in arrangement.melds:
        worth = sum(card_value(card, ruleset) for card in meld)
        if worth >= EXPOSED_VALUE or not any(live[card] for card in extenders(meld, ruleset)):
            exposed[meld] += 1
    best: LayMelds | None = None
    best_worth = 0
    for command in view.legal_commands:
        if not isinstance(command, LayMelds) or not lays_only(command, exposed):
            continue
        worth = sum(card_value(card, ruleset) for meld in command.melds for card in meld)
        if best is None or worth > best_worth:
            best, best_worth = command, worth
    return best


def level4_reading(view: SeatView, ruleset: RuleSet) -> Reading:
    """How level 4 reads the next seat's hand (FEED_READ_SEATS and below)."""
    if plays_denial(ruleset):
        return False  # palace reads no hand (`careful_discard._reads_feeding`)
    if view.seats <= FEED_READ_SEATS:
        return "careful_table"
    return "careful" if ruleset.discard_pickup == "any" else False


def choose_holdback(
    view: SeatView, ruleset: RuleSet, memory: SeatMemory | None
) -> PlayerCommand | None:
    """Level 3's command, with melds held back where `holds_back` says so."""
    if plays_denial(ruleset):
        hold = hold_for_rummy_then_warily if view.seats == 2 else hold_for_rummy_then_after_opening
        return choose_careful(view, ruleset, memory, hold)
    reads = level4_reading(view, ruleset)
    if memory is None or not holds_back(view, ruleset):
        return choose_careful(view, ruleset, memory, reads_feeding=reads)
    # Level 3's pile guard (SeatMemory.may_take_from_pile) keeps held-back
    # hands from cycling pile cards.
    return choose_careful(view, ruleset, memory, hold_melds, lay_down_exposed, reads_feeding=reads)
