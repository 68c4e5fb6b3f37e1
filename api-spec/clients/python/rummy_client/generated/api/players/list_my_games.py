from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_my_games_problem import ListMyGamesProblem
from ...models.list_my_games_status_type_1 import ListMyGamesStatusType1
from ...models.list_my_games_status_type_2_type_1 import ListMyGamesStatusType2Type1
from ...models.list_my_games_status_type_3_type_1 import ListMyGamesStatusType3Type1
from ...models.player_games import PlayerGames
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, ListMyGamesStatusType1):
        json_status = status.value
    elif isinstance(status, ListMyGamesStatusType2Type1):
        json_status = status.value
    elif isinstance(status, ListMyGamesStatusType3Type1):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    params["limit"] = limit

    params["offset"] = offset


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/me/games",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ListMyGamesProblem | PlayerGames | None:
    if response.status_code == 200:
        response_200 = PlayerGames.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ListMyGamesProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ListMyGamesProblem.from_dict(response.json())



        return response_401

    if response.status_code == 429:
        response_429 = ListMyGamesProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ListMyGamesProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ListMyGamesProblem | PlayerGames]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> Response[ListMyGamesProblem | PlayerGames]:
    """ The caller's games, newest first, with whose turn it is

     `status=open` is the former name of `waiting`, as in the lobby.

    Args:
        status (ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1
            | None | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListMyGamesProblem | PlayerGames]
     """


    kwargs = _get_kwargs(
        status=status,
limit=limit,
offset=offset,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> ListMyGamesProblem | PlayerGames | None:
    """ The caller's games, newest first, with whose turn it is

     `status=open` is the former name of `waiting`, as in the lobby.

    Args:
        status (ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1
            | None | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListMyGamesProblem | PlayerGames
     """


    return sync_detailed(
        client=client,
status=status,
limit=limit,
offset=offset,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> Response[ListMyGamesProblem | PlayerGames]:
    """ The caller's games, newest first, with whose turn it is

     `status=open` is the former name of `waiting`, as in the lobby.

    Args:
        status (ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1
            | None | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListMyGamesProblem | PlayerGames]
     """


    kwargs = _get_kwargs(
        status=status,
limit=limit,
offset=offset,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,

) -> ListMyGamesProblem | PlayerGames | None:
    """ The caller's games, newest first, with whose turn it is

     `status=open` is the former name of `waiting`, as in the lobby.

    Args:
        status (ListMyGamesStatusType1 | ListMyGamesStatusType2Type1 | ListMyGamesStatusType3Type1
            | None | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListMyGamesProblem | PlayerGames
     """


    return (await asyncio_detailed(
        client=client,
status=status,
limit=limit,
offset=offset,

    )).parsed
