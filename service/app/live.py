"""Live channels' one event source: pages of a viewer's events, followed to the game's end.

Long poll serves one `Page`; server-sent events and the WebSocket serve
`follow`, the same pages one after another. So the three transports resume,
redact and end alike: a page says where to resume (`next_after`), whether
more is waiting (`has_more`) and whether the game is over and fully read
(`ended`). As the server stops (`Draining`), a wait answers at once with what
is there and `follow` ends: the client resumes from its last version. Tickets
let a browser authenticate a channel it cannot give a header (EventSource,
WebSocket) without putting the seat's token in a URL. A channel watches with
the credential it opened with (`Watcher`), not the seat it held then: each
page is redacted for the seats that credential holds at its events.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Awaitable

import msgspec

from service.app.envelope import Envelope
from service.app.errors import ServiceError
from service.app.games import GameService
from service.app.metrics import Metrics
from service.app.open_channels import OpenChannels
from service.app.seating import check_invite
from service.app.tokens import is_player_token, token_hash
from service.app.watchers import Watcher, watcher_for
from service.runtime.draining import Draining
from service.store.tickets import TicketStore

__all__ = ["TICKET_TTL_S", "FOLLOW_PAGE", "LiveChannels", "Page", "Tickets", "follow", "page"]

TICKET_TTL_S = 60
# Events per page a channel reads at once; a long poll asks for its own `limit`.
FOLLOW_PAGE = 500


class Page(msgspec.Struct, frozen=True, kw_only=True):
    """Events after a version as one viewer may see them."""

    events: tuple[Envelope, ...]
    # The version to ask for events after next: the last event's, else the one asked after.
    next_after: int
    # More events are stored past this page (it was cut at its limit).
    has_more: bool
    # The game's version when the page was read.
    version: int
    # The game is over and this page holds its last event (or none were left).
    ended: bool


async def page(
    games: GameService,
    game_id: str,
    watcher: Watcher | None,
    *,
    after: int,
    wait_s: float,
    limit: int,
    draining: Draining | None = None,
) -> Page:
    """One page of at most `limit` events after `after`, waiting up to `wait_s` for a
    first (less once `draining` begins: then it holds what is there, maybe nothing)."""

    def read(wait_s: float) -> Awaitable[tuple[int, tuple[Envelope, ...]]]:
        # One more than asked tells whether more is waiting without another read.
        return games.events(game_id, watcher, after=after, wait_s=wait_s, limit=limit + 1)

    if draining is None or wait_s <= 0:
        version, envelopes = await read(wait_s)
    else:
        waited = await draining.unless_draining(lambda: read(wait_s))
        # Cut short by draining: what is there now.
        version, envelopes = waited if waited is not None else await read(0)
    has_more = len(envelopes) > limit
    envelopes = envelopes[:limit]
    next_after = envelopes[-1].version if envelopes else after
    # Over, and nothing past what this page holds: the game may have moved on
    # (its last commands through another node) since `version` was read.
    ended = (
        not has_more
        and next_after >= version
        and version > 0
        and await games.finished(game_id, through=next_after)
    )
    if version < after and not ended:
        # Resuming past the log of a game still played would wait for events it
        # already had (a version from another game, a client's bug): said, not hidden.
        raise ServiceError(
            "after_beyond_log",
            f"after {after}: the game's log ends at version {version}; resume from it",
            version=version,
        )
    return Page(
        events=envelopes, next_after=next_after, has_more=has_more, version=version, ended=ended
    )


async def follow(
    games: GameService,
    game_id: str,
    watcher: Watcher | None,
    *,
    after: int,
    idle_s: float,
    draining: Draining | None = None,
) -> AsyncIterator[Page]:
    """Pages from `after` on until the game's last one, or until `draining` begins;
    an empty page after each `idle_s` without news (a channel's cue for a keep-alive)."""
    cursor = after
    while True:
        current = await page(
            games,
            game_id,
            watcher,
            after=cursor,
            wait_s=idle_s,
            limit=FOLLOW_PAGE,
            draining=draining,
        )
        yield current
        if current.ended or (draining is not None and draining.begun):
            return
        cursor = current.next_after


class LiveChannels(msgspec.Struct, frozen=True, kw_only=True):
    """What the live channels' routes use, handed to them as one dependency.

    Litestar resolves two or more dependencies of a route in a task group of
    their own, a task each: three for every long poll answered, which cost
    more than the page it served (`fanout_bench`, 3,000 watchers: 13% of the
    API's CPU). One dependency is resolved inline."""

    games: GameService
    tickets: Tickets
    draining: Draining
    # The watchers counted on /metrics (the same Metrics as the app's).
    metrics: Metrics
    # The channels each client holds open (a WebSocket's counted by its route).
    open_channels: OpenChannels = msgspec.field(default_factory=lambda: OpenChannels(None))


class _Ticketed(msgspec.Struct, frozen=True, kw_only=True):
    """What a ticket stands for: a credential on one game."""

    game_id: str
    watcher: Watcher


_ticketed_decoder = msgspec.json.Decoder(_Ticketed)


def _ticketed(value: bytes | None) -> _Ticketed:
    """A stored ticket's game and credential; 401 `invalid_ticket` when there is none."""
    try:
        ticketed = None if value is None else _ticketed_decoder.decode(value)
    except msgspec.DecodeError:
        ticketed = None  # issued by an older release (a minute ago at most): ask again
    if ticketed is None:
        raise ServiceError(
            "invalid_ticket", "unknown, used or expired ticket: ask POST /games/{id}/tickets"
        )
    return ticketed


class Tickets:
    """Single-use tickets standing for a token for `TICKET_TTL_S` seconds.

    Only the ticket's hash is stored, like a token's; a ticket names its game,
    so it opens nothing elsewhere. It stands for the token, not the seat the
    token held when asked for: the channel it opens follows that token's seat."""

    def __init__(self, store: TicketStore, games: GameService) -> None:
        self._store = store
        self._games = games

    async def issue(self, game_id: str, token: str | None) -> str:
        try:
            seat: int | None = await self._games.seat_of(game_id, token)
        except ServiceError as refused:
            # A player seated nowhere here who may see the table all the same (its
            # host, one a rematch keeps a seat for, anyone at a public table): the
            # ticket follows them, as their token's channel does.
            if token is None or not is_player_token(token):
                raise
            if refused.code not in ("not_seated", "game_not_found"):
                raise
            seat = await self._games.viewer_of(game_id, token)
        assert token is not None  # seat_of refuses a missing one
        ticket = secrets.token_urlsafe(24)
        value = msgspec.json.encode(_Ticketed(game_id=game_id, watcher=watcher_for(token, seat)))
        if not await self._store.put(token_hash(ticket), value, TICKET_TTL_S):
            raise AssertionError("a fresh random ticket collided")
        return ticket

    async def redeem(self, game_id: str, ticket: str) -> Watcher:
        """The credential the ticket stands for, left unspent (`spend` takes it);
        401 `invalid_ticket` once spent or expired, 403 `wrong_game` for another game's
        ticket, which leaves it good for its own game's channel."""
        looked = _ticketed(await self._store.peek(token_hash(ticket)))
        if looked.game_id != game_id:
            raise ServiceError("wrong_game", "the ticket belongs to another game")
        return looked.watcher

    async def spend(self, ticket: str) -> None:
        """Take the ticket of a channel that opened: 401 `invalid_ticket` when another
        connection took it first (GETDEL: one of them alone)."""
        _ticketed(await self._store.take(token_hash(ticket)))

    async def viewer(
        self,
        game_id: str,
        *,
        ticket: str | None,
        token: str | None,
        invite_code: str | None = None,
    ) -> Watcher | None:
        """Who is watching: the ticket's credential (not spent: a channel refused as it
        opens leaves it for the next), else the token's, else a spectator (None; of a
        private table only with its invite code). A ticket and a token together are
        refused (400 `ambiguous_credentials`): which of them the caller meant is
        theirs to say, not the server's to guess."""
        if ticket is not None and token is not None:
            raise ServiceError(
                "ambiguous_credentials",
                "a ticket and a token in one request: send the one you mean",
            )
        if ticket is not None:
            watcher = await self.redeem(game_id, ticket)
            # Opened with the table's code beside it, as a token's channel may be.
            if await self._invited(game_id, invite_code):
                return msgspec.structs.replace(watcher, invited=True)
            return watcher
        seat = await self._games.viewer_of(game_id, token, invite_code=invite_code)
        # A player seated nowhere is watched as the player all the same: what they may
        # see changes with the table (a kept seat declined, a seat taken).
        if token is None or (seat is None and not is_player_token(token)):
            return None
        return watcher_for(token, seat, invited=await self._invited(game_id, invite_code))

    async def _invited(self, game_id: str, invite_code: str | None) -> bool:
        return invite_code is not None and check_invite(
            (await self._games.known_facts(game_id))[0], invite_code
        )
