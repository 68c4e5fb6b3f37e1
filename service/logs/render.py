"""Plain-text pictures of a game for the terminal: the table, and one line per event."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import RANK_OF, Card
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    CardsDrawn,
    DeckRevealed,
    GameAbandoned,
    GameEnded,
    GameStarted,
    HandDealt,
    HandEnded,
    JokerSwapped,
    Knocked,
    MeldLaid,
    RematchOffered,
    SeatClaimed,
    SeatControlChanged,
    SeatFilled,
    SeatLeft,
    SeatReserved,
    SeatResigned,
    SeatsRemoved,
    StockRenewed,
    TurnDeadlineSet,
    TurnTimedOut,
)
from domain.melds import Meld
from domain.state import GameState

__all__ = ["describe", "render_table", "show_cards", "show_meld"]

_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3, "K": 4}


def _sort_key(card: Card) -> tuple[int, int]:
    # Jokers ("JK") sort last: their second letter is not a suit.
    return _SUIT_ORDER.get(card[1], 4), RANK_OF.get(card[0], 0)


def show_cards(cards: Sequence[Card], sort: bool = False) -> str:
    shown = sorted(cards, key=_sort_key) if sort else cards
    return " ".join(shown) if shown else "-"


def show_meld(meld: Meld) -> str:
    """`5H 6H JK=7H`: a joker shows the card it stands for."""
    cards = " ".join(p.card if p.card == p.as_ else f"{p.card}={p.as_}" for p in meld.cards)
    return f"#{meld.id} {meld.kind} (seat {meld.owner}): {cards}"


def render_table(state: GameState, seat: int | None) -> str:
    """The table after some event; `seat` None shows every hand (the full log's
    view), a seat shows its own hand and only the others' card counts."""
    lines = [_status_line(state)]
    for index in range(state.seats):
        marker = "*" if state.phase in ("draw", "play") and index == state.turn else " "
        you = " (you)" if index == seat else ""
        hand = state.hands[index] if state.hands else ()
        if seat is None or index == seat:
            cards = f"{show_cards(hand, sort=True)}  [{len(hand)}]"
        else:
            cards = f"{len(hand)} cards"
        lines.append(f"{marker} seat {index}{you}: {cards}  total {state.totals[index]}")
    if state.table:
        lines.append("table:")
        lines.extend(f"  {show_meld(meld)}" for meld in state.table)
    pile = state.discard_pile
    top = pile[-1] if pile else "-"
    lines.append(f"discard pile: top {top}, {len(pile)} cards   stock: {len(state.stock)} cards")
    if state.results:
        last = state.results[-1]
        outcome = f"seat {last.winner} went out" if last.winner is not None else "no winner"
        lines.append(f"hand {last.hand_number}: {outcome}, scores {list(last.scores)}")
    if state.winners:
        lines.append(f"winners: {', '.join(f'seat {w}' for w in state.winners)}")
    return "\n".join(lines)


def _status_line(state: GameState) -> str:
    match state.phase:
        case "over":
            doing = "game over"
        case "deal":
            doing = "waiting for the deal"
        case phase:
            doing = f"seat {state.turn} to {phase}"
    hand = f"hand {state.hand_number}" if state.hand_number else "no hand dealt"
    dealer = f", dealer seat {state.dealer}" if state.dealer >= 0 else ""
    return f"{hand}{dealer}: {doing}"


def describe(event: AnyEvent) -> str:
    """One line for one event; hidden cards (a redacted event) stay hidden."""
    match event:
        case GameStarted(ruleset=ruleset, seats=seats):
            return f"game started: {seats} seats, game end {ruleset.game_end}"
        case HandDealt():
            committed = f", commitment {event.commitment[:12]}..." if event.commitment else ""
            return (
                f"hand {event.hand_number} dealt by seat {event.dealer}: up card "
                f"{event.up_card}, stock {event.stock_count}{committed}"
            )
        case CardsDrawn(seat=seat, source="stock", cards=cards):
            drawn = f"drew {show_cards(cards)}" if cards else "drew a card"
            return f"seat {seat} {drawn} from the stock"
        case CardsDrawn(seat=seat, cards=cards, count=count):
            return f"seat {seat} took {count} from the discard pile: {show_cards(cards or ())}"
        case StockRenewed(seat=seat, count=count, shuffled=shuffled):
            how = "shuffled" if shuffled else "turned over"
            return f"seat {seat}: the discard pile ({count} cards) {how} into a new stock"
        case MeldLaid(seat=seat, meld=meld):
            return f"seat {seat} laid meld {show_meld(meld)}"
        case CardLaidOff(seat=seat, card=card, end=end, meld=meld):
            return f"seat {seat} laid off {card} on meld #{meld.id} ({end} end)"
        case JokerSwapped(seat=seat, card=card, meld=meld):
            return f"seat {seat} put {card} into meld #{meld.id} and took its joker"
        case CardDiscarded(seat=seat, card=card):
            return f"seat {seat} discarded {card}"
        case Knocked(seat=seat, card=card, stock_card=stock_card):
            extra = f" and {stock_card}" if stock_card else " and a card"
            return f"seat {seat} knocked: took {card}{extra} from the stock"
        case HandEnded():
            return _describe_hand_end(event)
        case DeckRevealed(hand_number=hand, salt=salt):
            return f"hand {hand}: deck revealed, salt {salt}"
        case GameEnded(totals=totals, winners=winners):
            who = ", ".join(f"seat {w}" for w in winners)
            return f"game over: totals {list(totals)}, won by {who}"
        case TurnDeadlineSet(seat=seat, deadline=deadline):
            return f"seat {seat} must play by {deadline}"
        case TurnTimedOut(seat=seat):
            return f"seat {seat} ran out of time: an automatic move follows"
        case SeatResigned(seat=seat, level=level):
            return f"seat {seat} resigned: a level-{level} bot plays it to the end"
        case SeatFilled(seat=seat, level=level):
            return f"seat {seat} is taken by a level-{level} bot"
        case SeatsRemoved(seats=seats):
            return f"the table starts without seats {list(seats)}"
        case SeatClaimed(seat=seat):
            return f"seat {seat} is taken from the lobby"
        case SeatReserved(seat=seat):
            return f"seat {seat} is kept for a player"
        case SeatLeft(seat=seat):
            return f"seat {seat} is open again"
        case RematchOffered(seat=seat, game_id=game_id):
            return f"seat {seat} asked for a rematch: game {game_id}"
        case SeatControlChanged(seat=seat, controller="autopilot", level=level, reason=reason):
            return f"seat {seat} is played by a level-{level} bot ({reason.replace('_', ' ')})"
        case SeatControlChanged(seat=seat, reason=reason):
            return f"seat {seat} is its owner's again ({reason.replace('_', ' ')})"
        case GameAbandoned(hand_number=hand, hands=hands):
            return f"game abandoned in hand {hand}: every human seat on autopilot for {hands} hands"


def _describe_hand_end(event: HandEnded) -> str:
    if event.winner is None:
        outcome = "the stock ran out"
    else:
        outcome = f"seat {event.winner} went out" + (" (rummy)" if event.rummy else "")
    return (
        f"hand {event.hand_number} ended: {outcome}; scores {list(event.scores)}, "
        f"totals {list(event.totals)}"
    )
