from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.claim_seat_problem import ClaimSeatProblem
from ...models.claimed_seat import ClaimedSeat
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    seat: int,
    *,
    invite: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_invite: None | str | Unset
    if isinstance(invite, Unset):
        json_invite = UNSET
    else:
        json_invite = invite
    params["invite"] = json_invite


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/seats/{seat}".format(game_id=quote(str(game_id), safe=""),seat=quote(str(seat), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClaimSeatProblem | ClaimedSeat | None:
    if response.status_code == 201:
        response_201 = ClaimedSeat.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ClaimSeatProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ClaimSeatProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ClaimSeatProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ClaimSeatProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ClaimSeatProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = ClaimSeatProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ClaimSeatProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ClaimSeatProblem | ClaimedSeat]:
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
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> Response[ClaimSeatProblem | ClaimedSeat]:
    """ Claim an open seat: its token, shown once

     With a player token the seat becomes the player's: their token acts for it as the seat token does
    (409 `already_seated` if they hold a seat here). A hot-seat table's seats are its host's alone (403
    `hot_seat_table` to anyone else).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimSeatProblem | ClaimedSeat]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
invite=invite,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> ClaimSeatProblem | ClaimedSeat | None:
    """ Claim an open seat: its token, shown once

     With a player token the seat becomes the player's: their token acts for it as the seat token does
    (409 `already_seated` if they hold a seat here). A hot-seat table's seats are its host's alone (403
    `hot_seat_table` to anyone else).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimSeatProblem | ClaimedSeat
     """


    return sync_detailed(
        game_id=game_id,
seat=seat,
client=client,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> Response[ClaimSeatProblem | ClaimedSeat]:
    """ Claim an open seat: its token, shown once

     With a player token the seat becomes the player's: their token acts for it as the seat token does
    (409 `already_seated` if they hold a seat here). A hot-seat table's seats are its host's alone (403
    `hot_seat_table` to anyone else).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimSeatProblem | ClaimedSeat]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
seat=seat,
invite=invite,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> ClaimSeatProblem | ClaimedSeat | None:
    """ Claim an open seat: its token, shown once

     With a player token the seat becomes the player's: their token acts for it as the seat token does
    (409 `already_seated` if they hold a seat here). A hot-seat table's seats are its host's alone (403
    `hot_seat_table` to anyone else).

    Args:
        game_id (str): The game's id (32 hex digits).
        seat (int):
        invite (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimSeatProblem | ClaimedSeat
     """


    return (await asyncio_detailed(
        game_id=game_id,
seat=seat,
client=client,
invite=invite,

    )).parsed
