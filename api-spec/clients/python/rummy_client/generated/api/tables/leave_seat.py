from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.leave_seat_problem import LeaveSeatProblem
from typing import cast



def _get_kwargs(
    game_id: str,
    seat: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/games/{game_id}/seats/{seat}".format(game_id=quote(str(game_id), safe=""),seat=quote(str(seat), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | LeaveSeatProblem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = LeaveSeatProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = LeaveSeatProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = LeaveSeatProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = LeaveSeatProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = LeaveSeatProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = LeaveSeatProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = LeaveSeatProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | LeaveSeatProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,

) -> Response[Any | LeaveSeatProblem]:
    """ Leave a waiting table (the seat's holder) or remove its player (the host)

     Only a seat claimed from the lobby is given back; the seat is open again. A player a rematch keeps
    the seat for declines it so (it leaves their games).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LeaveSeatProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,

) -> Any | LeaveSeatProblem | None:
    """ Leave a waiting table (the seat's holder) or remove its player (the host)

     Only a seat claimed from the lobby is given back; the seat is open again. A player a rematch keeps
    the seat for declines it so (it leaves their games).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LeaveSeatProblem
     """


    return sync_detailed(
        game_id=game_id,
seat=seat,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,

) -> Response[Any | LeaveSeatProblem]:
    """ Leave a waiting table (the seat's holder) or remove its player (the host)

     Only a seat claimed from the lobby is given back; the seat is open again. A player a rematch keeps
    the seat for declines it so (it leaves their games).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LeaveSeatProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,

) -> Any | LeaveSeatProblem | None:
    """ Leave a waiting table (the seat's holder) or remove its player (the host)

     Only a seat claimed from the lobby is given back; the seat is open again. A player a rematch keeps
    the seat for declines it so (it leaves their games).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LeaveSeatProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
seat=seat,
client=client,

    )).parsed
