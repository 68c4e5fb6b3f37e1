"""verify_log accepts what the rules produce and names the first event they would not."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.events import CardDiscarded, CardsDrawn, DeckRevealed, GameEnded, HandDealt
from domain.game import replay
from domain.rules import PRESETS, build_ruleset
from service.app.envelope import Envelope
from service.logs.logfile import LogError, LogHeader
from service.logs.verify import states_at, verify_log
from service.tools.simulated_logs import simulated_commands, simulated_log
from service.tools.simulation import play_game

Log = tuple[LogHeader, list[Envelope]]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simulated_games_of_every_preset_and_seat_count_verify(preset: str) -> None:
    ruleset = build_ruleset(preset, {"game_end": "hands:2"})
    for seats in ruleset.players[:3]:
        for seed in range(2):
            header, envelopes = simulated_log(ruleset, seats, seed)
            state = verify_log(header, envelopes)
            assert state == replay(e.event for e in envelopes), f"seed {seed}, {seats} seats"
            assert state.phase == "over"


def test_knocks_verify() -> None:
    ruleset = build_ruleset("palace", {"knocking": True, "game_end": "hands:1"})
    header, envelopes = simulated_log(ruleset, 3, seed=1, knock_rate=0.5)
    assert any(type(e.event).__name__ == "Knocked" for e in envelopes), "seed 1 knocks"
    verify_log(header, envelopes)


def test_a_game_in_progress_verifies() -> None:
    header, envelopes = simulated_log(build_ruleset("classic"), 2, seed=3)
    assert verify_log(header, envelopes[:57]).phase in ("draw", "play", "deal")


def test_without_knocks_the_simulated_game_is_play_games_game() -> None:
    ruleset = build_ruleset("duel", {"game_end": "hands:2"})
    ours = [(seat, events[0]) for seat, _, events, _ in simulated_commands(ruleset, 2, 5)]
    theirs = [(seat, events[0]) for seat, _, events, _ in play_game(ruleset, 2, 5)][1:]
    strip = [(s, replace(e, commitment=None) if isinstance(e, HandDealt) else e) for s, e in ours]
    assert strip == theirs


def _rejected(header: LogHeader, envelopes: list[Envelope]) -> LogError:
    with pytest.raises(LogError) as caught:
        verify_log(header, envelopes)
    return caught.value


def _renumbered(envelopes: list[Envelope]) -> list[Envelope]:
    return [replace(e, version=v) for v, e in enumerate(envelopes, 1)]


def _first(envelopes: list[Envelope], kind: type, after: int = 0) -> int:
    return next(i for i, e in enumerate(envelopes) if i >= after and isinstance(e.event, kind))


def test_a_discard_of_a_card_the_seat_does_not_hold_is_rejected_there(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, CardDiscarded, after=20)
    event = envelopes[index].event
    assert isinstance(event, CardDiscarded)
    state = dict(states_at(envelopes))[envelopes[index].version - 1]
    foreign = next(c for c in header.ruleset.pack() if c not in state.hands[event.seat])
    tampered = list(envelopes)
    tampered[index] = replace(envelopes[index], event=replace(event, card=foreign))
    error = _rejected(header, tampered)
    assert (error.code, error.version) == ("illegal_event", envelopes[index].version)
    assert "card_not_in_hand" in error.message


def test_a_dropped_event_is_rejected_where_it_was_missing(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, CardsDrawn, after=10)
    error = _rejected(header, _renumbered(envelopes[:index] + envelopes[index + 1 :]))
    assert (error.code, error.version) == ("illegal_event", envelopes[index].version)


def test_a_skipped_version_is_a_version_gap(basic_log: Log) -> None:
    header, envelopes = basic_log
    tampered = envelopes[:30] + [replace(e, version=e.version + 1) for e in envelopes[30:]]
    error = _rejected(header, tampered)
    assert (error.code, error.version) == ("version_gap", 32)


def test_a_changed_salt_breaks_the_commitment(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, DeckRevealed)
    event = envelopes[index].event
    assert isinstance(event, DeckRevealed)
    tampered = list(envelopes)
    tampered[index] = replace(envelopes[index], event=replace(event, salt=event.salt + "0"))
    error = _rejected(header, tampered)
    assert (error.code, error.version) == ("bad_commitment", envelopes[index].version)


def test_a_reveal_of_an_uncommitted_deal_breaks_the_commitment(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, HandDealt)
    event = envelopes[index].event
    assert isinstance(event, HandDealt)
    tampered = list(envelopes)
    tampered[index] = replace(envelopes[index], event=replace(event, commitment=None))
    assert _rejected(header, tampered).code == "bad_commitment"


def test_a_reveal_before_the_hand_ends_is_illegal(basic_log: Log) -> None:
    header, envelopes = basic_log
    reveal = envelopes[_first(envelopes, DeckRevealed)]
    tampered = _renumbered([*envelopes[:5], reveal, *envelopes[5:]])
    assert (_rejected(header, tampered).code, _rejected(header, tampered).version) == (
        "illegal_event",
        6,
    )


def test_the_wrong_acting_seat_is_rejected(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, CardDiscarded)
    seat = envelopes[index].seat
    assert seat is not None
    tampered = list(envelopes)
    tampered[index] = replace(envelopes[index], seat=(seat + 1) % header.seats)
    error = _rejected(header, tampered)
    assert (error.code, error.version) == ("illegal_event", envelopes[index].version)


def test_a_log_cut_inside_a_command_is_rejected(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, GameEnded)
    error = _rejected(header, envelopes[:index])
    # Blamed on the command's first event: the version of the missing one does not exist.
    command_id = envelopes[index].command_id
    started = min(e.version for e in envelopes if e.command_id == command_id)
    assert (error.code, error.version) == ("illegal_event", started)
    assert "ends inside a command" in error.message


def test_the_header_must_match_game_started(basic_log: Log) -> None:
    header, envelopes = basic_log
    assert _rejected(replace(header, seats=2), envelopes).code == "header_mismatch"
    other = build_ruleset("classic")
    assert _rejected(replace(header, ruleset=other), envelopes).code == "header_mismatch"


def test_a_seats_view_of_the_log_cannot_be_verified(basic_log: Log) -> None:
    header, envelopes = basic_log
    index = _first(envelopes, HandDealt)
    tampered = list(envelopes)
    tampered[index] = replace(envelopes[index], event=replace(envelopes[index].event, deck=None))
    error = _rejected(header, tampered)
    assert (error.code, error.version) == ("redacted_log", envelopes[index].version)


def test_states_at_gives_each_versions_state_as_a_replay_of_the_prefix(basic_log: Log) -> None:
    _, envelopes = basic_log
    states = list(states_at(envelopes))
    assert [version for version, _ in states] == list(range(1, len(envelopes) + 1))
    for version, state in states[:: max(1, len(states) // 25)] + states[-1:]:
        assert state == replay(e.event for e in envelopes[:version])
