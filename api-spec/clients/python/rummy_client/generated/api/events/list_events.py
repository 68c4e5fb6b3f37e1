from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.event_page import EventPage
from ...models.list_events_problem import ListEventsProblem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    wait: float | Unset = 0.0,
    limit: int | Unset = 500,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params["limit"] = limit

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
        "url": "/games/{game_id}/events".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventPage | ListEventsProblem | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ListEventsProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ListEventsProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ListEventsProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ListEventsProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ListEventsProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = ListEventsProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ListEventsProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventPage | ListEventsProblem]:
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
    wait: float | Unset = 0.0,
    limit: int | Unset = 500,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,

) -> Response[EventPage | ListEventsProblem]:
    """ Events after a version, as the caller may see them (long poll with `wait`)

     Resume from `next_after`; `has_more` says a next page is waiting now, `ended` that the game is over
    and nothing is left to read. An `after` past the log of a game still played is a 409
    `after_beyond_log` naming its last version.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        wait (float | Unset): Seconds to wait for a first event (a HEAD does not wait). Default:
            0.0.
        limit (int | Unset):  Default: 500.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | ListEventsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
wait=wait,
limit=limit,
ticket=ticket,
invite=invite,

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
    wait: float | Unset = 0.0,
    limit: int | Unset = 500,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,

) -> EventPage | ListEventsProblem | None:
    """ Events after a version, as the caller may see them (long poll with `wait`)

     Resume from `next_after`; `has_more` says a next page is waiting now, `ended` that the game is over
    and nothing is left to read. An `after` past the log of a game still played is a 409
    `after_beyond_log` naming its last version.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        wait (float | Unset): Seconds to wait for a first event (a HEAD does not wait). Default:
            0.0.
        limit (int | Unset):  Default: 500.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | ListEventsProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
wait=wait,
limit=limit,
ticket=ticket,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    wait: float | Unset = 0.0,
    limit: int | Unset = 500,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,

) -> Response[EventPage | ListEventsProblem]:
    """ Events after a version, as the caller may see them (long poll with `wait`)

     Resume from `next_after`; `has_more` says a next page is waiting now, `ended` that the game is over
    and nothing is left to read. An `after` past the log of a game still played is a 409
    `after_beyond_log` naming its last version.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        wait (float | Unset): Seconds to wait for a first event (a HEAD does not wait). Default:
            0.0.
        limit (int | Unset):  Default: 500.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | ListEventsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
wait=wait,
limit=limit,
ticket=ticket,
invite=invite,

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
    wait: float | Unset = 0.0,
    limit: int | Unset = 500,
    ticket: None | str | Unset = UNSET,
    invite: None | str | Unset = UNSET,

) -> EventPage | ListEventsProblem | None:
    """ Events after a version, as the caller may see them (long poll with `wait`)

     Resume from `next_after`; `has_more` says a next page is waiting now, `ended` that the game is over
    and nothing is left to read. An `after` past the log of a game still played is a 409
    `after_beyond_log` naming its last version.

    Args:
        game_id (str): The game's id (32 hex digits).
        after (int | Unset): Serve the events after this version. Default: 0.
        wait (float | Unset): Seconds to wait for a first event (a HEAD does not wait). Default:
            0.0.
        limit (int | Unset):  Default: 500.
        ticket (None | str | Unset): A ticket from POST /games/{game_id}/tickets: the seat, once,
            for clients that cannot send a header (with one, 400 `ambiguous_credentials`). A HEAD
            looks at it without spending it.
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | ListEventsProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
wait=wait,
limit=limit,
ticket=ticket,
invite=invite,

    )).parsed
