"""The replay, export and import subcommands, on files and an in-memory store."""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import msgspec
import pytest

from domain.events import GameStarted
from service.app.envelope import Envelope
from service.cli import log_commands as commands
from service.logs.logfile import LogHeader, read_log, write_log
from service.store import InMemoryEventStore

Log = tuple[LogHeader, list[Envelope]]


def _args(add: object, *argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add(parser)  # type: ignore[operator]
    return parser.parse_args(argv)


@pytest.fixture
def log_file(tmp_path: Path, basic_log: Log) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(write_log(*basic_log))
    return path


def test_replay_prints_every_event_then_the_table(
    log_file: Path, basic_log: Log, capsys: pytest.CaptureFixture[str]
) -> None:
    assert commands.run_replay(_args(commands.add_replay_arguments, str(log_file), "--all")) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > len(basic_log[1])
    assert "game over" in out


def test_replay_stops_at_a_version_and_shows_one_seat(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _args(commands.add_replay_arguments, str(log_file), "--to", "12", "--seat", "1")
    assert commands.run_replay(args) == 0
    out = capsys.readouterr().out
    assert "   12  " in out and "   13  " not in out
    assert "seat 1 (you):" in out


def test_step_mode_prints_all_at_once_when_stdin_is_not_a_terminal(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # pytest's stdin is not a tty: no prompt may wait for Enter.
    assert commands.run_replay(_args(commands.add_replay_arguments, str(log_file), "--step")) == 0
    assert "Enter" not in capsys.readouterr().out


def test_replay_refuses_a_tampered_log(
    tmp_path: Path, basic_log: Log, capsys: pytest.CaptureFixture[str]
) -> None:
    header, envelopes = basic_log
    path = tmp_path / "bad.jsonl"
    path.write_bytes(write_log(header, envelopes[:3] + envelopes[4:]))
    assert commands.run_replay(_args(commands.add_replay_arguments, str(path))) == 1
    assert "version_gap" in capsys.readouterr().err


def _store_instead_of_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' Redis store, an in-memory one."""
    store = InMemoryEventStore()

    @asynccontextmanager
    async def fake_redis_store(url: str) -> AsyncIterator[InMemoryEventStore]:
        yield store

    monkeypatch.setattr(commands, "redis_store", fake_redis_store)


def test_import_then_export_round_trips_through_the_store(
    monkeypatch: pytest.MonkeyPatch, log_file: Path, tmp_path: Path, basic_log: Log
) -> None:
    _store_instead_of_redis(monkeypatch)
    url = ("--redis-url", "redis://unused")
    imported = _args(commands.add_import_arguments, str(log_file), "--game-id", "a2" * 16, *url)
    assert commands.run_import(imported) == 0
    out = tmp_path / "out.jsonl"
    exported = _args(commands.add_export_arguments, "a2" * 16, "--out", str(out), *url)
    assert commands.run_export(exported) == 0
    header, envelopes = read_log(out.read_bytes())
    # The copy's first event says how it was opened here; the rest is the log as played.
    assert envelopes[1:] == basic_log[1][1:] and header.game_id == "a2" * 16
    started = envelopes[0].event
    assert isinstance(started, GameStarted) and started.opening is not None
    assert msgspec.structs.replace(started, opening=None) == basic_log[1][0].event
    assert msgspec.json.decode(out.read_bytes().splitlines()[0])["type"] == "header"
    assert commands.run_import(imported) == 1


def test_export_and_import_need_a_store(
    monkeypatch: pytest.MonkeyPatch, log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert commands.run_export(_args(commands.add_export_arguments, "g1")) == 2
    assert commands.run_import(_args(commands.add_import_arguments, str(log_file))) == 2
    assert "REDIS_URL" in capsys.readouterr().err


def test_replay_without_checks_says_where_a_broken_log_stops(
    tmp_path: Path, basic_log: Log, capsys: pytest.CaptureFixture[str]
) -> None:
    # --no-verify folds the events as they are: one the rules never made (a card
    # discarded by a seat that does not exist) ended the command in a traceback.
    header, envelopes = basic_log
    broken = next(e for e in envelopes if e.seat is not None)
    event = msgspec.structs.replace(broken.event, seat=7)  # type: ignore[call-arg]
    envelopes = [msgspec.structs.replace(e, event=event) if e is broken else e for e in envelopes]
    path = tmp_path / "broken.jsonl"
    path.write_bytes(write_log(header, envelopes))
    args = _args(commands.add_replay_arguments, str(path), "--no-verify", "--all")
    assert commands.run_replay(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("rummy replay: ") and f"version {broken.version}" in err
    assert "Traceback" not in err


def test_export_refuses_an_id_no_game_can_have(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The store's key check raised InvalidGameId through the command: a traceback.
    _store_instead_of_redis(monkeypatch)
    for game_id in ("a b", "../../x", "x" * 65):
        args = _args(commands.add_export_arguments, game_id, "--redis-url", "redis://unused")
        assert commands.run_export(args) == 2, game_id
        assert "invalid game id" in capsys.readouterr().err
