"""Whose word the server takes for a client's address: X-Forwarded-For only from
the proxies the operator names, so a client cannot pick its own rate-limit bucket."""

from __future__ import annotations

import httpx
import msgspec
from live_server import serving
from rate_limited_apps import limited

from service.http.app import create_app
from service.store import InMemoryEventStore


def _guests(base: str, forwarded_for: list[str]) -> list[int]:
    with httpx.Client(base_url=base, timeout=30) as client:
        return [
            client.post(
                "/players", json={"guest": True}, headers={"X-Forwarded-For": address}
            ).status_code
            for address in forwarded_for
        ]


def test_a_rotating_forwarded_for_does_not_escape_the_limit_by_default() -> None:
    settings = limited(rate_limit_create="3/minute")
    assert settings.trusted_proxies == ()
    app = create_app(InMemoryEventStore(), settings=settings)
    with serving(app, settings) as base:
        answers = _guests(base, [f"203.0.113.{n}" for n in range(6)])
    assert answers == [201, 201, 201, 429, 429, 429]


def test_a_named_proxy_gives_each_forwarded_client_its_own_bucket() -> None:
    settings = msgspec.structs.replace(
        limited(rate_limit_create="3/minute"), trusted_proxies=("127.0.0.1",)
    )
    app = create_app(InMemoryEventStore(), settings=settings)
    with serving(app, settings) as base:
        first = _guests(base, ["203.0.113.1"] * 4)
        second = _guests(base, ["203.0.113.2"] * 2)
    assert first == [201, 201, 201, 429]
    assert second == [201, 201]


def _renames_from_many_addresses(spellings: list[str]) -> list[int]:
    """One player renaming itself from a new address each time, its token sent in
    each of the Authorization `spellings` (`{}` the token), under 3 renames a minute."""
    settings = msgspec.structs.replace(
        limited(rate_limit_renames="3/minute"), trusted_proxies=("127.0.0.1",)
    )
    app = create_app(InMemoryEventStore(), settings=settings)
    with serving(app, settings) as base, httpx.Client(base_url=base, timeout=30) as client:
        token = client.post("/players", json={"name": "Ada"}).json()["token"]
        return [
            client.patch(
                "/players/me",
                json={"name": f"Ada{n}"},
                headers={
                    "Authorization": spelling.format(token),
                    "X-Forwarded-For": f"203.0.113.{n}",
                },
            ).status_code
            for n, spelling in enumerate(spellings)
        ]


def test_one_credential_is_limited_whatever_address_it_comes_from() -> None:
    assert _renames_from_many_addresses(["Bearer {}"] * 4) == [200, 200, 200, 429]


def test_the_environment_names_the_trusted_proxies() -> None:
    from service.runtime.settings import settings_from_env

    named = settings_from_env({"TRUSTED_PROXIES": "10.0.0.2, 172.28.0.0/24"})
    assert named.trusted_proxies == ("10.0.0.2", "172.28.0.0/24")
    assert msgspec.structs.replace(named, trusted_proxies=()).trusted_proxies == ()


def test_one_credential_is_one_budget_however_its_header_is_spelled() -> None:
    # The scheme's case and the spaces around the token are the server's to ignore:
    # each spelling opens the same seat, so it spends the same budget.
    spellings = ["Bearer {}", "bearer {}", "BEARER  {}", "Bearer   {}", "bEaRer    {}"]
    assert _renames_from_many_addresses(spellings) == [200, 200, 200, 429, 429]


def test_the_addresses_of_one_ipv6_network_share_one_bucket() -> None:
    # A host given an IPv6 /64 (any home connection) holds 2^64 addresses: counted one
    # by one, each would be a bucket of its own. A /64 is one client; another is not.
    settings = msgspec.structs.replace(
        limited(rate_limit_create="3/minute"), trusted_proxies=("127.0.0.1",)
    )
    app = create_app(InMemoryEventStore(), settings=settings)
    with serving(app, settings) as base:
        one_network = _guests(base, [f"2001:db8:1:2::{n:x}" for n in range(1, 6)])
        spelled_out = _guests(base, ["2001:0db8:0001:0002:ffff:0:0:1"])
        next_network = _guests(base, ["2001:db8:1:3::1"])
        mapped = _guests(base, [f"::ffff:203.0.113.{n}" for n in range(1, 5)])
    assert one_network == [201, 201, 201, 429, 429]
    assert spelled_out == [429]
    assert next_network == [201]
    # An IPv4 address written as IPv6 stays the IPv4 address it is: one each.
    assert mapped == [201, 201, 201, 201]
