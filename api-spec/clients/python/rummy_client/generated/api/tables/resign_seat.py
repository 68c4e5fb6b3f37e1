from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.command_result import CommandResult
from ...models.resign_seat import ResignSeat
from ...models.resign_seat_problem import ResignSeatProblem
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: None | ResignSeat,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/resign".format(game_id=quote(str(game_id), safe=""),),
    }

    
    if isinstance(body, ResignSeat):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CommandResult | ResignSeatProblem | None:
    if response.status_code == 200:
        response_200 = CommandResult.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ResignSeatProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ResignSeatProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ResignSeatProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ResignSeatProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ResignSeatProblem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ResignSeatProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ResignSeatProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ResignSeatProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ResignSeatProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ResignSeatProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CommandResult | ResignSeatProblem]:
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
    body: None | ResignSeat,

) -> Response[CommandResult | ResignSeatProblem]:
    """ Resign the caller's seat: a bot plays it to the end (SeatResigned)

    Args:
        game_id (str): The game's id (32 hex digits).
        body (None | ResignSeat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | ResignSeatProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResignSeat,

) -> CommandResult | ResignSeatProblem | None:
    """ Resign the caller's seat: a bot plays it to the end (SeatResigned)

    Args:
        game_id (str): The game's id (32 hex digits).
        body (None | ResignSeat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | ResignSeatProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResignSeat,

) -> Response[CommandResult | ResignSeatProblem]:
    """ Resign the caller's seat: a bot plays it to the end (SeatResigned)

    Args:
        game_id (str): The game's id (32 hex digits).
        body (None | ResignSeat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | ResignSeatProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResignSeat,

) -> CommandResult | ResignSeatProblem | None:
    """ Resign the caller's seat: a bot plays it to the end (SeatResigned)

    Args:
        game_id (str): The game's id (32 hex digits).
        body (None | ResignSeat):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | ResignSeatProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,

    )).parsed
