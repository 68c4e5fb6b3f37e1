from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_ticket_problem import CreateTicketProblem
from ...models.ticket import Ticket
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/tickets".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreateTicketProblem | Ticket | None:
    if response.status_code == 201:
        response_201 = Ticket.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = CreateTicketProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = CreateTicketProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = CreateTicketProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = CreateTicketProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = CreateTicketProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = CreateTicketProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = CreateTicketProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreateTicketProblem | Ticket]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[CreateTicketProblem | Ticket]:
    """ A single-use ticket standing for the caller's token on a live channel

     The ticket is valid for 60 s and one connection: pass it as `?ticket=` to /events/stream or /live,
    where a browser cannot send the Authorization header. Ask for a new one to reconnect. A seat's
    token, or a player's token: the player's seat, or no seat when they may see the table from none (its
    host, a player a rematch keeps a seat for); the channel follows them.

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTicketProblem | Ticket]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> CreateTicketProblem | Ticket | None:
    """ A single-use ticket standing for the caller's token on a live channel

     The ticket is valid for 60 s and one connection: pass it as `?ticket=` to /events/stream or /live,
    where a browser cannot send the Authorization header. Ask for a new one to reconnect. A seat's
    token, or a player's token: the player's seat, or no seat when they may see the table from none (its
    host, a player a rematch keeps a seat for); the channel follows them.

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTicketProblem | Ticket
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[CreateTicketProblem | Ticket]:
    """ A single-use ticket standing for the caller's token on a live channel

     The ticket is valid for 60 s and one connection: pass it as `?ticket=` to /events/stream or /live,
    where a browser cannot send the Authorization header. Ask for a new one to reconnect. A seat's
    token, or a player's token: the player's seat, or no seat when they may see the table from none (its
    host, a player a rematch keeps a seat for); the channel follows them.

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTicketProblem | Ticket]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> CreateTicketProblem | Ticket | None:
    """ A single-use ticket standing for the caller's token on a live channel

     The ticket is valid for 60 s and one connection: pass it as `?ticket=` to /events/stream or /live,
    where a browser cannot send the Authorization header. Ask for a new one to reconnect. A seat's
    token, or a player's token: the player's seat, or no seat when they may see the table from none (its
    host, a player a rematch keeps a seat for); the channel follows them.

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTicketProblem | Ticket
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
