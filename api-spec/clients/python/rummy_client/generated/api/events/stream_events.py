from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.stream_events_problem import StreamEventsProblem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,
    last_event_id: int | Unset = 0,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)




    

    params: dict[str, Any] = {}

    params["after"] = after

    json_ticket: None | str | Unset
    if isinstance(ticket, Unset):
        json_ticket = UNSET
    else:
        json_ticket = ticket
    params["ticket"] = json_ticket

    json_invite: None | str | Unset
    if isinstance(invite, Unset):
        json_invite = UNSET
    else:
        json_invite = invite
    params["invite"] = json_invite


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/events/stream".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | StreamEventsProblem | None:
    if response.status_code == 200:
        response_200 = cast(Any, response.text)
        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = StreamEventsProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = StreamEventsProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = StreamEventsProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = StreamEventsProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = StreamEventsProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = StreamEventsProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = StreamEventsProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | StreamEventsProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,
    last_event_id: int | Unset = 0,

) -> Response[Any | StreamEventsProblem]:
    """ The same events as server-sent events; resume with Last-Event-ID (a version)

     Each event is an unnamed message (EventSource's `onmessage`): `id` is its version, `data` one
    envelope (JSON). An idle stream sends a comment line (`: keep-alive`) every 15 s, which clients
    skip. After the game's last event comes a message named `end` (`data: {"version": N}`), and the
    stream closes; a reconnect after the end is answered 204, which stops EventSource. A browser
    authenticates with `?ticket=` (POST /games/{game_id}/tickets); without a token or ticket, or with
    the token of a player who holds no seat here, the caller is a spectator.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):
        last_event_id (int | Unset): The last version seen; an empty one is none (the SSE spec).
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | StreamEventsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
ticket=ticket,
invite=invite,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,
    last_event_id: int | Unset = 0,

) -> Any | StreamEventsProblem | None:
    """ The same events as server-sent events; resume with Last-Event-ID (a version)

     Each event is an unnamed message (EventSource's `onmessage`): `id` is its version, `data` one
    envelope (JSON). An idle stream sends a comment line (`: keep-alive`) every 15 s, which clients
    skip. After the game's last event comes a message named `end` (`data: {"version": N}`), and the
    stream closes; a reconnect after the end is answered 204, which stops EventSource. A browser
    authenticates with `?ticket=` (POST /games/{game_id}/tickets); without a token or ticket, or with
    the token of a player who holds no seat here, the caller is a spectator.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):
        last_event_id (int | Unset): The last version seen; an empty one is none (the SSE spec).
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | StreamEventsProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
ticket=ticket,
invite=invite,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,
    last_event_id: int | Unset = 0,

) -> Response[Any | StreamEventsProblem]:
    """ The same events as server-sent events; resume with Last-Event-ID (a version)

     Each event is an unnamed message (EventSource's `onmessage`): `id` is its version, `data` one
    envelope (JSON). An idle stream sends a comment line (`: keep-alive`) every 15 s, which clients
    skip. After the game's last event comes a message named `end` (`data: {"version": N}`), and the
    stream closes; a reconnect after the end is answered 204, which stops EventSource. A browser
    authenticates with `?ticket=` (POST /games/{game_id}/tickets); without a token or ticket, or with
    the token of a player who holds no seat here, the caller is a spectator.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):
        last_event_id (int | Unset): The last version seen; an empty one is none (the SSE spec).
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | StreamEventsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
ticket=ticket,
invite=invite,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,
    last_event_id: int | Unset = 0,

) -> Any | StreamEventsProblem | None:
    """ The same events as server-sent events; resume with Last-Event-ID (a version)

     Each event is an unnamed message (EventSource's `onmessage`): `id` is its version, `data` one
    envelope (JSON). An idle stream sends a comment line (`: keep-alive`) every 15 s, which clients
    skip. After the game's last event comes a message named `end` (`data: {"version": N}`), and the
    stream closes; a reconnect after the end is answered 204, which stops EventSource. A browser
    authenticates with `?ticket=` (POST /games/{game_id}/tickets); without a token or ticket, or with
    the token of a player who holds no seat here, the caller is a spectator.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):
        last_event_id (int | Unset): The last version seen; an empty one is none (the SSE spec).
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | StreamEventsProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
ticket=ticket,
invite=invite,
last_event_id=last_event_id,

    )).parsed
