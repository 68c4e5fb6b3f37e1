"""Re-check a log against the rules: rebuild each command, decide it, demand the same events."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from domain.commands import (
    AnyCommand,
    ClaimSeat,
    Deal,
    Discard,
    Draw,
    FillSeat,
    Knock,
    LayMelds,
    LayOff,
    LeaveSeat,
    OfferRematch,
    RemoveSeats,
    ReserveSeat,
    Resign,
    SwapJoker,
)
from domain.errors import DomainError, InvalidRuleSet
from domain.events import (
    AnyEvent,
    CardDiscarded,
    CardLaidOff,
    CardsDrawn,
    DeckRevealed,
    GameAbandoned,
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
from domain.fairness import commitment_holds
from domain.game import decide, evolve
from domain.rules import validate_ruleset, validate_seats
from domain.state import GameState, new_game
from service.app.envelope import Envelope
from service.logs.logfile import LogError, LogHeader

__all__ = ["verify_log", "states_at", "check_versions"]


def check_versions(envelopes: Sequence[Envelope]) -> None:
    for expected, envelope in enumerate(envelopes, 1):
        if envelope.version != expected:
            raise LogError(
                "version_gap",
                f"expected version {expected}, found {envelope.version}",
                envelope.version,
            )


def states_at(envelopes: Sequence[Envelope]) -> Iterator[tuple[int, GameState]]:
    """(version, state after that event) for every event; trusts the log (verify it first)."""
    if not envelopes:
        return
    first = envelopes[0].event
    if not isinstance(first, GameStarted):
        raise LogError("illegal_event", "a log starts with game_started", envelopes[0].version)
    state = new_game(first.ruleset, first.seats)
    for envelope in envelopes:
        state = evolve(state, envelope.event)
        yield envelope.version, state


def verify_log(header: LogHeader, envelopes: Sequence[Envelope]) -> GameState:
    """The final state, if every event is what the rules produce; else LogError
    (version_gap, header_mismatch, redacted_log, illegal_event, bad_commitment)."""
    check_versions(envelopes)
    state = _started(header, envelopes)
    deals: dict[int, HandDealt] = {}
    revealed: set[int] = set()
    index = 1
    while index < len(envelopes):
        envelope = envelopes[index]
        if isinstance(envelope.event, DeckRevealed):
            _check_reveal(state, deals, revealed, envelope.event, envelope.version)
            revealed.add(envelope.event.hand_number)
            index += 1
            continue
        if isinstance(envelope.event, TurnDeadlineSet | TurnTimedOut):
            # The service's clock: no command's event, and no change of state,
            # but it names a seat and a hand of this game.
            _check_clock_event(state, envelope.event, envelope.version)
            index += 1
            continue
        service = envelope.event
        # A fill after the deal is one an older release kept in its meta, written into
        # the log by `rummy upgrade` (the header names that seat's bot): like a hand-over.
        late_fill = isinstance(service, SeatFilled) and state.hand_number > 0
        if isinstance(service, SeatControlChanged | SeatFilled) and (
            late_fill or isinstance(service, SeatControlChanged)
        ):
            # Who plays a seat: the service's, no change of state, but a seat of this game.
            if not 0 <= service.seat < state.seats:
                raise LogError(
                    "illegal_event",
                    f"seat {service.seat} is not a seat of this game",
                    envelope.version,
                )
            if service.seat in state.resigned:
                # A resigned seat's bot plays it to the end: it changes hands no more.
                raise LogError(
                    "illegal_event", f"seat {service.seat} has resigned", envelope.version
                )
            index += 1
            continue
        if isinstance(envelope.event, GameAbandoned):
            # The service's decision, not a command's: it ends the game (nothing follows).
            if state.phase not in ("draw", "play"):
                raise LogError(
                    "illegal_event", "only a game in play is abandoned", envelope.version
                )
            state = evolve(state, envelope.event)
            index += 1
            continue
        seat, command = _command_behind(state, envelopes, index)
        try:
            produced = decide(state, seat, command)
        except DomainError as exc:
            raise LogError("illegal_event", f"{exc.code}: {exc.message}", envelope.version) from exc
        _compare(produced, seat, envelopes, index)
        for event in produced:
            state = evolve(state, event)
            if isinstance(event, HandDealt):
                deals[event.hand_number] = event
        index += len(produced)
    return state


def _check_clock_event(
    state: GameState, event: TurnDeadlineSet | TurnTimedOut, version: int
) -> None:
    if not 0 <= event.seat < state.seats or event.hand_number != state.hand_number:
        raise LogError(
            "illegal_event",
            f"seat {event.seat} in hand {event.hand_number} is not a seat of the hand in play",
            version,
        )


def _started(header: LogHeader, envelopes: Sequence[Envelope]) -> GameState:
    if not envelopes:
        raise LogError("illegal_event", "the log has no events: it starts with game_started")
    first = envelopes[0]
    if not isinstance(first.event, GameStarted):
        raise LogError("illegal_event", "a log starts with game_started", first.version)
    if (first.event.ruleset, first.event.seats) != (header.ruleset, header.seats):
        raise LogError(
            "header_mismatch", "game_started differs from the header's ruleset or seats", 1
        )
    if len(header.seat_kinds) != header.seats:
        raise LogError("header_mismatch", f"seat_kinds lists {len(header.seat_kinds)} seats")
    try:
        # The knobs' own bounds are the header's schema; these are the checks across
        # knobs and seats a table's creation makes. A log that deals no hand is dealt
        # its next one on import, and the game is played on under these rules.
        validate_ruleset(header.ruleset)
        validate_seats(header.ruleset, header.seats)
    except InvalidRuleSet as exc:
        knob = exc.facts.get("knob")
        raise LogError(
            "invalid_log_field", f"ruleset: {exc.message}", 1, field=f"ruleset.{knob}"
        ) from exc
    return evolve(new_game(header.ruleset, header.seats), first.event)


def _command_behind(
    state: GameState, envelopes: Sequence[Envelope], index: int
) -> tuple[int | None, AnyCommand]:
    """The command whose events start at `index`: (acting seat, command)."""
    envelope = envelopes[index]
    match envelope.event:
        case (
            HandDealt(deck=None)
            | CardsDrawn(source="stock", cards=None)
            | StockRenewed(stock=None)
            | Knocked(stock_card=None)
        ):
            raise LogError(
                "redacted_log", "a seat's view of the log cannot be verified", envelope.version
            )
        case HandDealt(deck=deck, dealer=dealer, commitment=commitment):
            assert deck is not None
            return None, Deal(deck=deck, dealer=dealer, commitment=commitment)
        case CardsDrawn(seat=seat, source=source, count=count):
            return seat, Draw(source, count)
        case StockRenewed(seat=seat, stock=stock):
            assert stock is not None
            return seat, Draw("stock", shuffle=_shuffle_of(state.discard_pile, stock))
        case MeldLaid(seat=seat):
            return seat, LayMelds(_melds_of_one_command(envelopes, index))
        case CardLaidOff(seat=seat, card=card, meld=meld, end=end):
            return seat, LayOff(card, meld.id, end)
        case JokerSwapped(seat=seat, card=card, meld=meld):
            return seat, SwapJoker(card, meld.id)
        case CardDiscarded(seat=seat, card=card):
            return seat, Discard(card)
        case Knocked(seat=seat):
            return seat, Knock()
        case HandEnded():
            # Only a stock draw with nothing left to draw ends a hand by itself.
            return state.turn, Draw("stock")
        case SeatsRemoved(seats=seats):
            return None, RemoveSeats(seats=seats)
        case SeatResigned(seat=seat, level=level):
            return seat, Resign(level=level)
        case SeatFilled(seat=seat, level=level):
            return None, FillSeat(seat=seat, level=level)
        case SeatClaimed(seat=seat, claim=claim):
            return None, ClaimSeat(seat=seat, claim=claim)
        case SeatReserved(seat=seat, mark=mark):
            return None, ReserveSeat(seat=seat, mark=mark)
        case SeatLeft(seat=seat):
            return None, LeaveSeat(seat=seat)
        case RematchOffered(seat=seat, game_id=game_id):
            return seat, OfferRematch(game_id=game_id)
    raise LogError(
        "illegal_event",
        f"{type(envelope.event).__name__} follows no command here",
        envelope.version,
    )


def _melds_of_one_command(envelopes: Sequence[Envelope], index: int) -> tuple[tuple[str, ...], ...]:
    first = envelopes[index]
    assert isinstance(first.event, MeldLaid)
    melds: list[tuple[str, ...]] = []
    for envelope in envelopes[index:]:
        event = envelope.event
        same_command = (envelope.seat, envelope.command_id) == (first.seat, first.command_id)
        if not (isinstance(event, MeldLaid) and event.seat == first.event.seat and same_command):
            break
        # Table order with the jokers in place rebuilds the same meld.
        melds.append(tuple(placed.card for placed in event.meld.cards))
    return tuple(melds)


def _shuffle_of(pile: Sequence[str], stock: Sequence[str]) -> tuple[int, ...] | None:
    """The permutation of the pile (bottom first) that gives `stock`; None if there is none."""
    free: dict[str, list[int]] = {}
    for position in reversed(range(len(pile))):
        free.setdefault(pile[position], []).append(position)
    order: list[int] = []
    for card in stock:
        positions = free.get(card)
        if not positions:
            return None
        order.append(positions.pop())
    return tuple(order) if len(order) == len(pile) else None


def _compare(
    produced: Sequence[AnyEvent], seat: int | None, envelopes: Sequence[Envelope], index: int
) -> None:
    for offset, expected in enumerate(produced):
        if index + offset >= len(envelopes):
            raise LogError(
                "illegal_event",
                f"the log ends inside a command: {type(expected).__name__} is missing",
                envelopes[index].version,
            )
        envelope = envelopes[index + offset]
        if envelope.event != expected:
            raise LogError(
                "illegal_event",
                f"the rules produce {expected!r} here, the log has {envelope.event!r}",
                envelope.version,
            )
        if envelope.seat != seat:
            raise LogError(
                "illegal_event",
                f"the event is seat {seat}'s, the envelope names seat {envelope.seat}",
                envelope.version,
            )


def _check_reveal(
    state: GameState,
    deals: dict[int, HandDealt],
    revealed: set[int],
    event: DeckRevealed,
    version: int,
) -> None:
    hand = event.hand_number
    dealt = deals.get(hand)
    over = hand < state.hand_number or state.phase in ("deal", "over")
    if dealt is None or not over or hand in revealed:
        raise LogError("illegal_event", f"hand {hand} is not a finished, unrevealed hand", version)
    assert dealt.deck is not None
    if dealt.commitment is None or not commitment_holds(dealt.deck, event.salt, dealt.commitment):
        raise LogError(
            "bad_commitment",
            f"hand {hand}: sha256 of the salt and the dealt deck is not the published commitment",
            version,
        )
