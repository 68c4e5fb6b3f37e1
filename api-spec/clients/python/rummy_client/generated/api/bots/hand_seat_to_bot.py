from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.hand_seat_to_bot_problem import HandSeatToBotProblem
from ...models.hand_to_bot import HandToBot
from ...models.seat_control import SeatControl
from typing import cast



def _get_kwargs(
    game_id: str,
    seat: int,
    *,
    body: HandToBot,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/seats/{seat}/bot".format(game_id=quote(str(game_id), safe=""),seat=quote(str(seat), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HandSeatToBotProblem | SeatControl | None:
    if response.status_code == 200:
        response_200 = SeatControl.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = HandSeatToBotProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = HandSeatToBotProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = HandSeatToBotProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = HandSeatToBotProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = HandSeatToBotProblem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = HandSeatToBotProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = HandSeatToBotProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = HandSeatToBotProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = HandSeatToBotProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = HandSeatToBotProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HandSeatToBotProblem | SeatControl]:
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
    body: HandToBot,

) -> Response[HandSeatToBotProblem | SeatControl]:
    """ Hand the caller's seat to a bot

     A bot of `level` plays the seat from now on, until the owner issues any command or DELETEs this.
    Only once the table has been dealt: at a waiting table (409 `hand_not_started`) the seat would keep
    the bot for whoever claims it next.

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        body (HandToBot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandSeatToBotProblem | SeatControl]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
body=body,

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
    body: HandToBot,

) -> HandSeatToBotProblem | SeatControl | None:
    """ Hand the caller's seat to a bot

     A bot of `level` plays the seat from now on, until the owner issues any command or DELETEs this.
    Only once the table has been dealt: at a waiting table (409 `hand_not_started`) the seat would keep
    the bot for whoever claims it next.

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        body (HandToBot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandSeatToBotProblem | SeatControl
     """


    return sync_detailed(
        game_id=game_id,
seat=seat,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: HandToBot,

) -> Response[HandSeatToBotProblem | SeatControl]:
    """ Hand the caller's seat to a bot

     A bot of `level` plays the seat from now on, until the owner issues any command or DELETEs this.
    Only once the table has been dealt: at a waiting table (409 `hand_not_started`) the seat would keep
    the bot for whoever claims it next.

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        body (HandToBot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandSeatToBotProblem | SeatControl]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
body=body,

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
    body: HandToBot,

) -> HandSeatToBotProblem | SeatControl | None:
    """ Hand the caller's seat to a bot

     A bot of `level` plays the seat from now on, until the owner issues any command or DELETEs this.
    Only once the table has been dealt: at a waiting table (409 `hand_not_started`) the seat would keep
    the bot for whoever claims it next.

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        body (HandToBot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandSeatToBotProblem | SeatControl
     """


    return (await asyncio_detailed(
        game_id=game_id,
seat=seat,
client=client,
body=body,

    )).parsed
