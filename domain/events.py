"""Events: the facts a game is made of, in the past tense. A log of them replays exactly."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.cards import Card
from domain.melds import Meld
from domain.opening import Opening
from domain.rules import RuleSet


# gc=False: frozen messages of strings, numbers and tuples never form a
# reference cycle, and untracked instances are cheaper to make by the million.
class Event(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", gc=False):
    """Base of every event; the `type` tag names it on the wire."""


class GameStarted(Event, frozen=True, tag="game_started"):
    """`bots` is the level of the bot playing each seat from the start (0: a
    human seat); logs of earlier releases have none (all humans as far as the
    log tells). `host` is the mark of the player who opened the table and hosts
    it (their keyed hash at this table, which their claims' ids start with), ""
    when no player did (the first seat given a token at creation hosts).
    `opening` is how the table was opened here (None in logs of earlier releases:
    their service kept it beside the log)."""

    ruleset: RuleSet
    seats: int
    bots: tuple[int, ...] = ()
    host: str = ""
    opening: Opening | None = None


class HandDealt(Event, frozen=True, tag="hand_dealt"):
    """`deck` is the whole order dealt from (top first); seats are dealt one
    card at a time from the dealer's left. As served to a viewer, `deck` is
    hidden and `hands` holds only the viewer's own hand."""

    hand_number: int
    dealer: int
    first_seat: int
    deck: tuple[Card, ...] | None
    up_card: Card
    hand_sizes: tuple[int, ...]
    stock_count: int
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    commitment: str | None = None


class CardsDrawn(Event, frozen=True, tag="cards_drawn"):
    """`cards` is None where the viewer may not see them (another seat's stock draw)."""

    seat: int
    source: Literal["stock", "discard"]
    count: int
    cards: tuple[Card, ...] | None


class StockRenewed(Event, frozen=True, tag="stock_renewed"):
    """The discard pile turned over (shuffled or not) to become the stock.
    `stock` is the new order, top last; None as served to players."""

    seat: int
    count: int
    shuffled: bool
    stock: tuple[Card, ...] | None


class MeldLaid(Event, frozen=True, tag="meld_laid"):
    seat: int
    meld: Meld


class CardLaidOff(Event, frozen=True, tag="card_laid_off"):
    seat: int
    card: Card
    end: Literal["low", "high"]
    meld: Meld


class JokerSwapped(Event, frozen=True, tag="joker_swapped"):
    seat: int
    card: Card
    meld: Meld


class CardDiscarded(Event, frozen=True, tag="card_discarded"):
    seat: int
    card: Card


class Knocked(Event, frozen=True, tag="knocked"):
    """`stock_card` is None where the viewer may not see it."""

    seat: int
    card: Card
    stock_card: Card | None


class HandEnded(Event, frozen=True, tag="hand_ended"):
    """`winner` is None when nobody went out. Every hand is shown: it is scored."""

    hand_number: int
    reason: Literal["went_out", "stock_exhausted"]
    winner: int | None
    rummy: bool
    hands: tuple[tuple[Card, ...], ...]
    hand_values: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


class DeckRevealed(Event, frozen=True, tag="deck_revealed"):
    """After a hand, the salt behind its deal's commitment: with the dealt
    deck, anyone can check sha256 matches (see domain.fairness)."""

    hand_number: int
    salt: str


class GameEnded(Event, frozen=True, tag="game_ended"):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


class TurnDeadlineSet(Event, frozen=True, tag="turn_deadline_set"):
    """A turn began under a time limit: `deadline` is an ISO 8601 UTC instant.
    The service's clock, not the rules: it changes no state."""

    seat: int
    hand_number: int
    deadline: str


class TurnTimedOut(Event, frozen=True, tag="turn_timed_out"):
    """The seat's turn passed its deadline; an automatic move follows."""

    seat: int
    hand_number: int


class SeatResigned(Event, frozen=True, tag="seat_resigned"):
    """The seat gave up: a bot of `level` plays it for the rest of the game."""

    seat: int
    # Logs of releases before the level was recorded name none: their bot was level 2.
    level: int = 2


class RematchOffered(Event, frozen=True, tag="rematch_offered"):
    """The next game at this table, for every seat to follow."""

    seat: int
    game_id: str


class SeatsRemoved(Event, frozen=True, tag="seats_removed"):
    """Before the first deal: the table goes on without these seats (numbered as
    before the removal); the others close up in order."""

    seats: tuple[int, ...]


class SeatFilled(Event, frozen=True, tag="seat_filled"):
    """Before the first deal: a bot of `level` takes an open seat nobody claimed,
    and plays it for the whole game."""

    seat: int
    level: int


class SeatClaimed(Event, frozen=True, tag="seat_claimed"):
    """Before the first deal: an open seat is taken from the lobby (or, with the
    table, a hot-seat table's seat its creator holds for a friend on their screen),
    under a claim id the service drew. Who holds it (the holder's token and player) the service
    keeps beside the log, under that id: a secret, never in the log."""

    seat: int
    claim: str


class SeatReserved(Event, frozen=True, tag="seat_reserved"):
    """Before the first deal: an open seat is kept for one player (a rematch keeps
    each seat for whoever played it), named by `mark`, a keyed hash of theirs at
    this table that the service draws (the log names no player). Only a claim
    under that mark takes the seat; the first claim, leave or fill of the seat
    ends the reservation."""

    seat: int
    mark: str


class SeatLeft(Event, frozen=True, tag="seat_left"):
    """Before the first deal: a seat taken from the lobby is open again (its holder
    left, or the host removed them)."""

    seat: int


class SeatControlChanged(Event, frozen=True, tag="seat_control_changed"):
    """Who plays a human seat changed: a bot of `level` took it (`autopilot`), or
    its owner has it again (`owner`, level null). `reason`: `handed_over` or
    `taken_back` (the owner asked), `timeouts` (its turns timed out in a row),
    `owner_returned` (the owner acted while a bot played). The service's doing,
    like the clock: it changes no state the rules read."""

    seat: int
    controller: Literal["owner", "autopilot"]
    level: int | None
    reason: Literal["handed_over", "timeouts", "taken_back", "owner_returned"]


class GameAbandoned(Event, frozen=True, tag="game_abandoned"):
    """Every human seat was played on autopilot (timeouts or a bot) for the last
    `hands` hands, or a table of bots alone played `hands` hands: the service ends
    the game, without winners, instead of letting it play itself. Like the
    clock's events, the service's decision."""

    hand_number: int
    hands: int


AnyEvent = (
    GameStarted
    | HandDealt
    | CardsDrawn
    | StockRenewed
    | MeldLaid
    | CardLaidOff
    | JokerSwapped
    | CardDiscarded
    | Knocked
    | HandEnded
    | DeckRevealed
    | GameEnded
    | TurnDeadlineSet
    | TurnTimedOut
    | SeatResigned
    | RematchOffered
    | SeatsRemoved
    | SeatFilled
    | SeatClaimed
    | SeatReserved
    | SeatLeft
    | SeatControlChanged
    | GameAbandoned
)
