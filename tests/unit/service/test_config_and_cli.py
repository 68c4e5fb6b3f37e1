"""Settings from the environment, and the CLI's subcommand table."""

from __future__ import annotations

import argparse
import json

import pytest

from service.cli.main import SUBCOMMANDS, main
from service.cli.serve import KEEP_ALIVE_S
from service.runtime.settings import Settings, settings_from_env


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
