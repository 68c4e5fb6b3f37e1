from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_summary import GameSummary
from ...models.get_game_problem import GetGameProblem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
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
        "method": "get",
        "url": "/games/{game_id}".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameSummary | GetGameProblem | None:
    if response.status_code == 200:
        response_200 = GameSummary.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetGameProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = GetGameProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = GetGameProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = GetGameProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = GetGameProblem.from_dict(response.json())



        return response_409

    if response.status_code == 503:
        response_503 = GetGameProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameSummary | GetGameProblem]:
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
    invite: None | str | Unset = UNSET,

) -> Response[GameSummary | GetGameProblem]:
    """ Public summary and the spectator's view

     A private table's needs its `invite` code or a token of one of its seats (as every route that reads
    a game: its events, log, states, forks and ratings). A public table's is anyone's: a token there
    only fills in `your_seat` (with `hosting` and `kept_for_you` while it waits), and one that opens no
    seat here (unknown, another game's, given back) reads as none, never a refusal.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummary | GetGameProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
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
    invite: None | str | Unset = UNSET,

) -> GameSummary | GetGameProblem | None:
    """ Public summary and the spectator's view

     A private table's needs its `invite` code or a token of one of its seats (as every route that reads
    a game: its events, log, states, forks and ratings). A public table's is anyone's: a token there
    only fills in `your_seat` (with `hosting` and `kept_for_you` while it waits), and one that opens no
    seat here (unknown, another game's, given back) reads as none, never a refusal.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummary | GetGameProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> Response[GameSummary | GetGameProblem]:
    """ Public summary and the spectator's view

     A private table's needs its `invite` code or a token of one of its seats (as every route that reads
    a game: its events, log, states, forks and ratings). A public table's is anyone's: a token there
    only fills in `your_seat` (with `hosting` and `kept_for_you` while it waits), and one that opens no
    seat here (unknown, another game's, given back) reads as none, never a refusal.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameSummary | GetGameProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
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
    invite: None | str | Unset = UNSET,

) -> GameSummary | GetGameProblem | None:
    """ Public summary and the spectator's view

     A private table's needs its `invite` code or a token of one of its seats (as every route that reads
    a game: its events, log, states, forks and ratings). A public table's is anyone's: a token there
    only fills in `your_seat` (with `hosting` and `kept_for_you` while it waits), and one that opens no
    seat here (unknown, another game's, given back) reads as none, never a refusal.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameSummary | GetGameProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
invite=invite,

    )).parsed
