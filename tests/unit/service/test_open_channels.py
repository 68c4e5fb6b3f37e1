"""The count of live channels a client holds open, and its setting."""

from __future__ import annotations

import pytest

from service.app.open_channels import OpenChannels, TooManyOpen
from service.runtime.settings import SettingsError, settings_from_env


def test_a_client_past_its_limit_is_refused_and_a_closed_channel_gives_its_place_back() -> None:
    channels = OpenChannels(2)
    with channels.held("10.0.0.1"), channels.held("10.0.0.1"):
        with pytest.raises(TooManyOpen) as refused, channels.held("10.0.0.1"):
            pass
        assert refused.value.code == "rate_limited" and refused.value.facts["kind"] == "live"
        assert refused.value.headers["Retry-After"]
        with channels.held("10.0.0.2"):  # another client's count is its own
            assert channels.open_now("10.0.0.2") == 1
    assert channels.open_now("10.0.0.1") == 0


def test_a_channel_that_fails_gives_its_place_back() -> None:
    channels = OpenChannels(1)
    with pytest.raises(RuntimeError), channels.held("10.0.0.1"):
        raise RuntimeError("the client left")
    with channels.held("10.0.0.1"):
        assert channels.open_now("10.0.0.1") == 1


def test_no_limit_counts_nothing() -> None:
    channels = OpenChannels(None)
    with channels.held("10.0.0.1"), channels.held("10.0.0.1"):
        assert channels.open_now("10.0.0.1") == 0


def test_the_setting_is_a_count_or_off() -> None:
    assert settings_from_env({}).live_channels_per_client == 256
    assert settings_from_env({"LIVE_CHANNELS_PER_CLIENT": "8"}).live_channels_per_client == 8
    for off in ("off", "0", "none"):
        assert settings_from_env({"LIVE_CHANNELS_PER_CLIENT": off}).live_channels_per_client is None
    with pytest.raises(SettingsError, match="LIVE_CHANNELS_PER_CLIENT"):
        settings_from_env({"LIVE_CHANNELS_PER_CLIENT": "-3"})
