from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_games_preset_type_1 import ListGamesPresetType1
from ...models.list_games_preset_type_2_type_1 import ListGamesPresetType2Type1
from ...models.list_games_preset_type_3_type_1 import ListGamesPresetType3Type1
from ...models.list_games_problem import ListGamesProblem
from ...models.list_games_status import ListGamesStatus
from ...models.lobby import Lobby
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: ListGamesStatus | Unset = ListGamesStatus.WAITING,
    preset: ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 | None | Unset = UNSET,
    seats: int | None | Unset = UNSET,
    rated: bool | None | Unset = UNSET,
    open_seats: bool | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_preset: None | str | Unset
    if isinstance(preset, Unset):
        json_preset = UNSET
    elif isinstance(preset, ListGamesPresetType1):
        json_preset = preset.value
    elif isinstance(preset, ListGamesPresetType2Type1):
        json_preset = preset.value
    elif isinstance(preset, ListGamesPresetType3Type1):
        json_preset = preset.value
    else:
        json_preset = preset
    params["preset"] = json_preset

    json_seats: int | None | Unset
    if isinstance(seats, Unset):
        json_seats = UNSET
    else:
        json_seats = seats
    params["seats"] = json_seats

    json_rated: bool | None | Unset
    if isinstance(rated, Unset):
        json_rated = UNSET
    else:
        json_rated = rated
    params["rated"] = json_rated

    json_open_seats: bool | None | Unset
    if isinstance(open_seats, Unset):
        json_open_seats = UNSET
    else:
        json_open_seats = open_seats
    params["open_seats"] = json_open_seats

    params["limit"] = limit

    params["offset"] = offset


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ListGamesProblem | Lobby | None:
    if response.status_code == 200:
        response_200 = Lobby.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ListGamesProblem.from_dict(response.json())



        return response_400

    if response.status_code == 503:
        response_503 = ListGamesProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ListGamesProblem | Lobby]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListGamesStatus | Unset = ListGamesStatus.WAITING,
    preset: ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 | None | Unset = UNSET,
    seats: int | None | Unset = UNSET,
    rated: bool | None | Unset = UNSET,
    open_seats: bool | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> Response[ListGamesProblem | Lobby]:
    """ The lobby: public tables by status, newest first, with their open seats

     `status=open` is the former name of `waiting`. Filters: `preset` (`imported`: games imported from a
    log), `seats` (the seat count), `rated`, `open_seats` (true: a seat anyone may claim; a rematch's
    seat kept for its player is not one). Private tables are never listed.

    Args:
        status (ListGamesStatus | Unset):  Default: ListGamesStatus.WAITING.
        preset (ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 |
            None | Unset):
        seats (int | None | Unset):
        rated (bool | None | Unset): `true` or `false` (no other spelling).
        open_seats (bool | None | Unset): `true` or `false` (no other spelling).
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListGamesProblem | Lobby]
     """


    kwargs = _get_kwargs(
        status=status,
preset=preset,
seats=seats,
rated=rated,
open_seats=open_seats,
limit=limit,
offset=offset,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    status: ListGamesStatus | Unset = ListGamesStatus.WAITING,
    preset: ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 | None | Unset = UNSET,
    seats: int | None | Unset = UNSET,
    rated: bool | None | Unset = UNSET,
    open_seats: bool | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> ListGamesProblem | Lobby | None:
    """ The lobby: public tables by status, newest first, with their open seats

     `status=open` is the former name of `waiting`. Filters: `preset` (`imported`: games imported from a
    log), `seats` (the seat count), `rated`, `open_seats` (true: a seat anyone may claim; a rematch's
    seat kept for its player is not one). Private tables are never listed.

    Args:
        status (ListGamesStatus | Unset):  Default: ListGamesStatus.WAITING.
        preset (ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 |
            None | Unset):
        seats (int | None | Unset):
        rated (bool | None | Unset): `true` or `false` (no other spelling).
        open_seats (bool | None | Unset): `true` or `false` (no other spelling).
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListGamesProblem | Lobby
     """


    return sync_detailed(
        client=client,
status=status,
preset=preset,
seats=seats,
rated=rated,
open_seats=open_seats,
limit=limit,
offset=offset,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListGamesStatus | Unset = ListGamesStatus.WAITING,
    preset: ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 | None | Unset = UNSET,
    seats: int | None | Unset = UNSET,
    rated: bool | None | Unset = UNSET,
    open_seats: bool | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> Response[ListGamesProblem | Lobby]:
    """ The lobby: public tables by status, newest first, with their open seats

     `status=open` is the former name of `waiting`. Filters: `preset` (`imported`: games imported from a
    log), `seats` (the seat count), `rated`, `open_seats` (true: a seat anyone may claim; a rematch's
    seat kept for its player is not one). Private tables are never listed.

    Args:
        status (ListGamesStatus | Unset):  Default: ListGamesStatus.WAITING.
        preset (ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 |
            None | Unset):
        seats (int | None | Unset):
        rated (bool | None | Unset): `true` or `false` (no other spelling).
        open_seats (bool | None | Unset): `true` or `false` (no other spelling).
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListGamesProblem | Lobby]
     """


    kwargs = _get_kwargs(
        status=status,
preset=preset,
seats=seats,
rated=rated,
open_seats=open_seats,
limit=limit,
offset=offset,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ListGamesStatus | Unset = ListGamesStatus.WAITING,
    preset: ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 | None | Unset = UNSET,
    seats: int | None | Unset = UNSET,
    rated: bool | None | Unset = UNSET,
    open_seats: bool | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> ListGamesProblem | Lobby | None:
    """ The lobby: public tables by status, newest first, with their open seats

     `status=open` is the former name of `waiting`. Filters: `preset` (`imported`: games imported from a
    log), `seats` (the seat count), `rated`, `open_seats` (true: a seat anyone may claim; a rematch's
    seat kept for its player is not one). Private tables are never listed.

    Args:
        status (ListGamesStatus | Unset):  Default: ListGamesStatus.WAITING.
        preset (ListGamesPresetType1 | ListGamesPresetType2Type1 | ListGamesPresetType3Type1 |
            None | Unset):
        seats (int | None | Unset):
        rated (bool | None | Unset): `true` or `false` (no other spelling).
        open_seats (bool | None | Unset): `true` or `false` (no other spelling).
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListGamesProblem | Lobby
     """


    return (await asyncio_detailed(
        client=client,
status=status,
preset=preset,
seats=seats,
rated=rated,
open_seats=open_seats,
limit=limit,
offset=offset,

    )).parsed
