"""Commands: what a seat (or the service, for a deal) asks the game to do."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.cards import Card


# gc=False: frozen messages of strings, numbers and tuples never form a
# reference cycle, and untracked instances are cheaper to make by the million.
class Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", gc=False):
    """Base of every command; the `type` tag names it on the wire."""


class Deal(Command, frozen=True, tag="deal"):
    """Deal the next hand from `deck` (top card first). The service shuffles.

    `dealer` may be given for the first hand (the service's draw for
    `first_player: random`); later hands rotate the deal to the left.
    `commitment` is the service's published hash of the deck order.
    """

    deck: tuple[Card, ...]
    dealer: int | None = None
    commitment: str | None = None


class Draw(Command, frozen=True, tag="draw"):
    """Take the stock's top card, or `count` cards off the top of the discard pile.

    `shuffle` is filled in by the service, never the client: when the pile is
    turned into a new stock under `reuse_shuffle`, it is the permutation of the
    pile (indexes into the pile, bottom first) that becomes the new stock.
    """

    source: Literal["stock", "discard"] = "stock"
    count: int = 1
    shuffle: tuple[int, ...] | None = None


class LayMelds(Command, frozen=True, tag="lay_melds"):
    """Lay down one or more new melds from the hand (several count together
    toward the initial meld minimum). Each meld lists its cards in table order."""

    melds: tuple[tuple[Card, ...], ...]


class LayOff(Command, frozen=True, tag="lay_off"):
    """Add one card to a meld on the table; `end` picks the end of a run for a joker."""

    card: Card
    meld_id: int
    end: Literal["low", "high"] | None = None


class SwapJoker(Command, frozen=True, tag="swap_joker"):
    """Put the natural card a joker stands for into the meld; take the joker."""

    card: Card
    meld_id: int


class Discard(Command, frozen=True, tag="discard"):
    """Put one card on the discard pile, ending the turn (or going out)."""

    card: Card


class Knock(Command, frozen=True, tag="knock"):
    """Out of turn (`knocking`): claim the last discard and draw one from the stock."""


class RevealDeck(Command, frozen=True, tag="reveal_deck"):
    """The service's: publish the salt behind an ended hand's deck commitment."""

    hand_number: int
    salt: str


class SetTurnDeadline(Command, frozen=True, tag="set_turn_deadline"):
    """The service's: the turn just begun must be played by `deadline` (an ISO 8601
    UTC instant, read from the service's clock: the domain reads none)."""

    deadline: str


class TimeOutTurn(Command, frozen=True, tag="time_out_turn"):
    """The service's: `seat`'s turn of hand `hand_number` passed its deadline."""

    seat: int
    hand_number: int


class ChangeSeatControl(Command, frozen=True, tag="change_seat_control"):
    """The service's: who plays a human seat changes: a bot of `level`
    (`autopilot`), or its owner again (`owner`, level None)."""

    seat: int
    controller: Literal["owner", "autopilot"]
    level: int | None
    reason: Literal["handed_over", "timeouts", "taken_back", "owner_returned"]


class FillSeat(Command, frozen=True, tag="fill_seat"):
    """The service's, before the first deal: a bot of `level` takes an open seat
    that nobody claimed (the service knows which seats are open)."""

    seat: int
    level: int


class ClaimSeat(Command, frozen=True, tag="claim_seat"):
    """The service's, before the first deal: a seat is taken from the lobby under
    `claim`, an id the service drew (the service knows which seats are open, and
    who may take them)."""

    seat: int
    claim: str


class ReserveSeat(Command, frozen=True, tag="reserve_seat"):
    """The service's, before the first deal: an open seat is kept for the player
    `mark` names (a keyed hash the service draws)."""

    seat: int
    mark: str


class LeaveSeat(Command, frozen=True, tag="leave_seat"):
    """The service's, before the first deal: a seat taken from the lobby is open again."""

    seat: int


class AbandonGame(Command, frozen=True, tag="abandon_game"):
    """The service's: every human seat spent the last `hands` hands on autopilot
    (timed out, or played by a bot), or a table of bots alone played `hands`
    hands: the game ends, without winners."""

    hands: int


class Resign(Command, frozen=True, tag="resign"):
    """A seat gives up its place: a bot of `level` plays it for the rest of the game
    (level 2 unless the seat names another)."""

    level: int = 2


class OfferRematch(Command, frozen=True, tag="offer_rematch"):
    """After the game: the next game at this table is `game_id` (an id the service made)."""

    game_id: str


class RemoveSeats(Command, frozen=True, tag="remove_seats"):
    """The service's, before the first deal: the table starts without these seats
    (the others close up, keeping their order)."""

    seats: tuple[int, ...]


PlayerCommand = Draw | LayMelds | LayOff | SwapJoker | Discard | Knock
# What a seat does to its place at the table rather than to the cards.
TableCommand = Resign | OfferRematch
# Everything a seat may ask for: the service's command path takes any of these.
SeatCommand = PlayerCommand | TableCommand
# What only the service issues: players never deal, reveal or keep time.
SystemCommand = (
    Deal
    | RevealDeck
    | SetTurnDeadline
    | TimeOutTurn
    | ChangeSeatControl
    | FillSeat
    | ClaimSeat
    | ReserveSeat
    | LeaveSeat
    | AbandonGame
)
# Every command the rules decide (a start's removal of seats is the service's too).
AnyCommand = SeatCommand | SystemCommand | RemoveSeats
