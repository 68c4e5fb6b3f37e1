from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_player_profile_problem import GetPlayerProfileProblem
from ...models.profile import Profile
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    player_id: str,
    *,
    recent: int | Unset = 10,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["recent"] = recent


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/{player_id}/profile".format(player_id=quote(str(player_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GetPlayerProfileProblem | Profile | None:
    if response.status_code == 200:
        response_200 = Profile.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetPlayerProfileProblem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = GetPlayerProfileProblem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = GetPlayerProfileProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = GetPlayerProfileProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GetPlayerProfileProblem | Profile]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    recent: int | Unset = 10,

) -> Response[GetPlayerProfileProblem | Profile]:
    """ A player's public profile: a rating per ladder, experience, recent games

     `recent`: up to that many of the player's last games, newest first, leaving out private tables'
    games (their ids are for their seats and code holders only); the league keeps a player's last 100
    games.

    Args:
        player_id (str): A player's id, or a bot level's (`bot:1` to `bot:4`).
        recent (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetPlayerProfileProblem | Profile]
     """


    kwargs = _get_kwargs(
        player_id=player_id,
recent=recent,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    recent: int | Unset = 10,

) -> GetPlayerProfileProblem | Profile | None:
    """ A player's public profile: a rating per ladder, experience, recent games

     `recent`: up to that many of the player's last games, newest first, leaving out private tables'
    games (their ids are for their seats and code holders only); the league keeps a player's last 100
    games.

    Args:
        player_id (str): A player's id, or a bot level's (`bot:1` to `bot:4`).
        recent (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetPlayerProfileProblem | Profile
     """


    return sync_detailed(
        player_id=player_id,
client=client,
recent=recent,

    ).parsed

async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    recent: int | Unset = 10,

) -> Response[GetPlayerProfileProblem | Profile]:
    """ A player's public profile: a rating per ladder, experience, recent games

     `recent`: up to that many of the player's last games, newest first, leaving out private tables'
    games (their ids are for their seats and code holders only); the league keeps a player's last 100
    games.

    Args:
        player_id (str): A player's id, or a bot level's (`bot:1` to `bot:4`).
        recent (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetPlayerProfileProblem | Profile]
     """


    kwargs = _get_kwargs(
        player_id=player_id,
recent=recent,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    recent: int | Unset = 10,

) -> GetPlayerProfileProblem | Profile | None:
    """ A player's public profile: a rating per ladder, experience, recent games

     `recent`: up to that many of the player's last games, newest first, leaving out private tables'
    games (their ids are for their seats and code holders only); the league keeps a player's last 100
    games.

    Args:
        player_id (str): A player's id, or a bot level's (`bot:1` to `bot:4`).
        recent (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetPlayerProfileProblem | Profile
     """


    return (await asyncio_detailed(
        player_id=player_id,
client=client,
recent=recent,

    )).parsed
