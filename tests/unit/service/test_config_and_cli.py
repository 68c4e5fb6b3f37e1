"""Settings from the environment, and the CLI's subcommand table."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from service.cli.main import SUBCOMMANDS, main
from service.cli.serve import KEEP_ALIVE_S
from service.runtime.settings import Settings, settings_from_env

GOLDEN = Path(__file__).parents[2] / "golden"


def test_settings_come_from_the_environment() -> None:
    settings = settings_from_env(
        {"REDIS_URL": "redis://x:1/0", "PORT": "9000", "CORS_ORIGINS": "https://a, https://b"}
    )
    assert settings.redis_url == "redis://x:1/0" and settings.port == 9000
    assert settings.cors_origins == ("https://a", "https://b")
    assert settings_from_env({}) == Settings()


def test_the_cli_has_serve_and_openapi(capsys: pytest.CaptureFixture[str]) -> None:
    assert {"serve", "openapi"} <= set(SUBCOMMANDS)
    assert main(["openapi"]) == 0
    assert json.loads(capsys.readouterr().out)["info"]["title"] == "Rummy API"


def test_serve_logs_no_requests_and_keeps_connections_by_default() -> None:
    parser = argparse.ArgumentParser()
    SUBCOMMANDS["serve"].add_arguments(parser)
    defaults = parser.parse_args([])
    assert defaults.access_log is False and defaults.keep_alive == KEEP_ALIVE_S > 5
    chosen = parser.parse_args(["--access-log", "--keep-alive", "7"])
    assert chosen.access_log is True and chosen.keep_alive == 7


def test_rummy_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"rummy {version('rummy-backend')}"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--preset", "nope", "--hands", "1"], "unknown preset 'nope'"),
        (["simulate", "--seats", "9", "--hands", "1"], "9 seats is not allowed"),
        (["simulate", "--bots", "3,4", "--seats", "1", "--hands", "1"], "1 seats is not allowed"),
        (["simulate", "--bots", "x", "--hands", "1"], "--bots takes two levels"),
        (["loadtest", "--url", "notaurl", "--no-ceiling"], "rummy loadtest: only plain http"),
        # A chaos run of no games (or no time) checked nothing and still said all was well.
        (["chaos", "--games", "0"], "rummy chaos: --games takes 1 or more"),
        (["chaos", "--minutes", "-1"], "rummy chaos: --minutes takes more than 0"),
        (["chaos", "--kills", "-2"], "rummy chaos: --kills takes 0 or more"),
        (["chaos", "--humans", "1.5"], "rummy chaos: --humans takes a share, 0 to 1"),
        (["chaos", "--timers", "-0.1"], "rummy chaos: --timers takes a share, 0 to 1"),
    ],
)
def test_tools_refuse_bad_arguments_in_a_sentence(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["export", "0123456789abcdef0123456789abcdef"],
        ["import", str(GOLDEN / "basic_rummy.jsonl")],
        ["league", "rebuild"],
    ],
)
def test_a_store_that_cannot_be_reached_is_said_in_a_sentence(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Nothing listens on port 1: as a stopped server's address would.
    assert main([*argv, "--redis-url", "redis://127.0.0.1:1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"rummy {argv[0]}: cannot reach Redis: ") and "127.0.0.1:1" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["openapi", "asyncapi"])
def test_a_document_that_cannot_be_written_is_said_in_a_sentence(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--write", str(tmp_path)]) == 1  # a folder
    err = capsys.readouterr().err
    assert err.startswith(f"rummy {command}: [Errno 21] Is a directory") and "Traceback" not in err


@pytest.mark.parametrize("port", ["99999", "0", "-1", "http"])
def test_serve_refuses_a_port_out_of_range(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 99999 was bound as 34463 (modulo 65536) while the log said 99999.
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    assert exited.value.code == 2
    assert "a port is 1 to 65535" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("variable", "value"), [("KNOCK_WINDOW_S", "100"), ("PORT", "abc"), ("PORT", "70000")]
)
def test_a_bad_setting_in_the_environment_is_named_in_a_sentence(
    variable: str, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(variable, value)
    assert main(["worker", "--redis-url", "redis://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rummy worker: a setting in the environment: ") and variable in err


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        # LEAGUE_SEED_GAMES refuses these from the environment; the flag went around that
        # check (99999 queued as many bot games a preset, -3 none, silently).
        ("--league-seed-games", "99999", "0 to 5000"),
        ("--league-seed-games", "-3", "0 to 5000"),
        # A negative keep-alive closed every connection after its first answer.
        ("--keep-alive", "-1", "0 or more"),
    ],
)
def test_serve_refuses_a_flag_out_of_its_range(
    flag: str, value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", flag, value])
    assert exited.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("value", ["99999", "-3"])
def test_worker_refuses_seeding_games_out_of_range(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The worker takes the same flag, and queued 99,999 seeding games a preset.
    with pytest.raises(SystemExit) as exited:
        main(["worker", "--redis-url", "redis://127.0.0.1:1", "--league-seed-games", value])
    assert exited.value.code == 2
    assert "0 to 5000" in capsys.readouterr().err
