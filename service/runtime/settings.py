"""Service settings, read from the environment (command-line flags may override them)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Annotated, Literal

import msgspec
import msgspec.inspect

__all__ = [
    "KNOCK_WINDOW_S",
    "Settings",
    "SettingsError",
    "seed_games_flag",
    "settings_from_env",
]

# The knock window's default (Settings.knock_window_s).
KNOCK_WINDOW_S = 3.0


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Where the event store lives and how the API is served.

    Without `redis_url` the service runs its own embedded Redis with its data
    under `data_dir`; `rq_redis_url` may put the job queues on another server.
    `redis_url` of the form `redis+cluster://host:port,host:port` puts the event
    store on a Redis Cluster (any reachable nodes seed it); rq does not run on a
    cluster, so that needs a standalone `rq_redis_url`. `durability` says when
    an append is acknowledged: `none`, by its master; `replica`, once a replica
    has it too (waiting up to `durability_timeout_ms`, else a retryable 503).
    """

    redis_url: str | None = None
    rq_redis_url: str | None = None
    data_dir: str = "./data"
    host: str = "127.0.0.1"
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)] = 8000
    cors_origins: tuple[str, ...] = ("*",)
    max_body_bytes: int = 64 * 1024
    # Consecutive turn timeouts after which a level-2 bot plays the seat.
    timeouts_before_bot: int = 2
    # Seconds a bot next to play waits before it draws while a human seat may
    # still knock for the last discard (`knocking`); 0: bots never wait.
    knock_window_s: Annotated[float, msgspec.Meta(ge=0, le=60)] = KNOCK_WINDOW_S
    # Worker processes for level-4 suggestions (POST /bots/suggest); None: one
    # fewer than the cores, at least one.
    suggest_processes: Annotated[int, msgspec.Meta(ge=1)] | None = None
    # A table nobody joins expires this long after its creation (0: never).
    waiting_table_ttl_s: Annotated[float, msgspec.Meta(ge=0)] = 24 * 3600.0
    # Refuse a `seed` or `deck` on public tables (whoever stacks a deck knows every hand).
    refuse_stacked_public: bool = False
    # The embedded Redis refuses writes past this (noeviction; 507 storage_full);
    # "0" for no limit. A game costs about 8 KB: 1 GB is over 100,000 games.
    redis_maxmemory: str = "1gb"
    # Per client address, in the `limits` notation; "off" for none. Creation
    # counts POST /games, imports, forks and POST /players; a human turn is a few
    # commands.
    rate_limit_create: str = "60/minute"
    rate_limit_commands: str = "30/second"
    # Every other write (tickets, seats, bots, starts, resignations,
    # suggestions), the costly reads (a player's games and profile, logs,
    # states at a version) and renames (each rewrites every game of the
    # player), per address and per credential.
    rate_limit_writes: str = "120/minute"
    rate_limit_reads: str = "120/minute"
    rate_limit_renames: str = "6/minute"
    # Live channels (long polls, event streams, WebSockets) one client address may
    # hold open at once in each API process; None ("off") for no limit. A page
    # follows its table over one; a school or an office behind one address holds
    # one or two a person.
    live_channels_per_client: Annotated[int, msgspec.Meta(ge=1)] | None = 256
    # Proxies whose X-Forwarded-For names the client (addresses or networks);
    # none by default: a client's own header is never believed.
    trusted_proxies: tuple[str, ...] = ()
    # A request's headers must arrive within this many seconds of its first
    # byte (or of the connection), its body within this many of its headers;
    # else the connection is closed.
    header_timeout_s: Annotated[float, msgspec.Meta(gt=0, le=3600)] = 10.0
    body_timeout_s: Annotated[float, msgspec.Meta(gt=0, le=3600)] = 30.0
    # Hands in a row that every human seat spent on autopilot before the game
    # is abandoned (game_abandoned); 0 never abandons.
    abandon_after_hands: Annotated[int, msgspec.Meta(ge=0)] = 3
    # A game over this long leaves Redis for a compressed file under data_dir's
    # `archive/` (every read route still serves it); None ("off") keeps it in Redis.
    finished_retention_s: Annotated[float, msgspec.Meta(ge=0)] | None = 3600.0
    # Seeding games (bot against bot) a preset's ladder should hold: a worker
    # starting with fewer queues the missing ones on its low-priority queue, so
    # the bots' ratings seed themselves; 0 plays none.
    league_seed_games: Annotated[int, msgspec.Meta(ge=0, le=5000)] = 20
    durability: Literal["none", "replica"] = "none"
    durability_timeout_ms: Annotated[int, msgspec.Meta(ge=1, le=60_000)] = 1000


def _comma_list(raw: str) -> tuple[str, ...]:
    return tuple(origin.strip() for origin in raw.split(",") if origin.strip())


def settings_from_env(env: Mapping[str, str] | None = None) -> Settings:
    """Settings from REDIS_URL, RQ_REDIS_URL, DATA_DIR, HOST, PORT, CORS_ORIGINS,
    TIMEOUTS_BEFORE_BOT, KNOCK_WINDOW_S, SUGGEST_PROCESSES, WAITING_TABLE_TTL_S,
    REFUSE_STACKED_PUBLIC, REDIS_MAXMEMORY, RATE_LIMIT_CREATE, RATE_LIMIT_COMMANDS,
    RATE_LIMIT_WRITES, RATE_LIMIT_READS, RATE_LIMIT_RENAMES, TRUSTED_PROXIES,
    LIVE_CHANNELS_PER_CLIENT ("off" for none), HEADER_TIMEOUT_S, BODY_TIMEOUT_S,
    ABANDON_AFTER_HANDS, FINISHED_RETENTION_S (seconds, or "off"), LEAGUE_SEED_GAMES,
    DURABILITY and DURABILITY_TIMEOUT_MS."""
    env = os.environ if env is None else env
    fields: dict[str, object] = {}
    for name in ("redis_url", "rq_redis_url", "data_dir", "host", "durability"):
        value = env.get(name.upper())
        if value:
            fields[name] = value
    # These may be set empty or "0"/"off" on purpose (no limit).
    for name in (
        "redis_maxmemory",
        "rate_limit_create",
        "rate_limit_commands",
        "rate_limit_writes",
        "rate_limit_reads",
        "rate_limit_renames",
    ):
        value = env.get(name.upper())
        if value is not None:
            fields[name] = value or "off"
    if env.get("PORT"):
        fields["port"] = env["PORT"]
    for name in (
        "timeouts_before_bot",
        "knock_window_s",
        "suggest_processes",
        "waiting_table_ttl_s",
        "abandon_after_hands",
        "league_seed_games",
        "durability_timeout_ms",
        "header_timeout_s",
        "body_timeout_s",
    ):
        if env.get(name.upper()):
            fields[name] = env[name.upper()]
    if env.get("REFUSE_STACKED_PUBLIC"):
        fields["refuse_stacked_public"] = env["REFUSE_STACKED_PUBLIC"].lower() in (
            "1",
            "true",
            "yes",
        )
    open_channels = env.get("LIVE_CHANNELS_PER_CLIENT")
    if open_channels:
        off = open_channels.strip().lower() in ("off", "none", "0")
        fields["live_channels_per_client"] = None if off else open_channels
    retention = env.get("FINISHED_RETENTION_S")
    if retention:
        off = retention.strip().lower() in ("off", "none", "never")
        fields["finished_retention_s"] = None if off else retention
    if env.get("CORS_ORIGINS"):
        fields["cors_origins"] = _comma_list(env["CORS_ORIGINS"])
    if env.get("TRUSTED_PROXIES"):
        fields["trusted_proxies"] = _comma_list(env["TRUSTED_PROXIES"])
    # strict=False so the port, a string in the environment, becomes an int.
    try:
        return msgspec.convert(fields, Settings, strict=False)
    except msgspec.ValidationError as refused:
        # Named by the variable its reader set, not by the field it fills.
        said = re.sub(r"`\$\.(\w+)`", lambda field: field[1].upper(), str(refused))
        raise SettingsError(f"a setting in the environment: {said}") from None


class SettingsError(ValueError):
    """An environment variable the service cannot take: which, and why."""


def seed_games_flag(text: str) -> int:
    """The value of a `--league-seed-games` flag, in LEAGUE_SEED_GAMES's own range: the
    flag replaces the setting after the environment's checks (`rummy serve`, `rummy
    worker`), so it is checked here; an argparse `type`."""
    import argparse

    most = _SEED_GAMES_MAX
    if not text.strip().isdigit() or not 0 <= int(text) <= most:
        raise argparse.ArgumentTypeError(f"seeding games are 0 to {most}, not {text!r}")
    return int(text)


_SEED_GAMES_MAX: int = next(
    field.type.le
    for field in msgspec.inspect.type_info(Settings).fields  # type: ignore[attr-defined]
    if field.name == "league_seed_games"
)
