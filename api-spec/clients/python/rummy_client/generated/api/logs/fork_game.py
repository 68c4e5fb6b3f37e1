from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.created_game_out import CreatedGameOut
from ...models.fork_game import ForkGame
from ...models.fork_game_problem import ForkGameProblem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: ForkGame,
    invite: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

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
        "url": "/games/{game_id}/fork".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedGameOut | ForkGameProblem | None:
    if response.status_code == 201:
        response_201 = CreatedGameOut.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ForkGameProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ForkGameProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ForkGameProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ForkGameProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ForkGameProblem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ForkGameProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ForkGameProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ForkGameProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ForkGameProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ForkGameProblem.from_dict(response.json())



        return response_503

    if response.status_code == 507:
        response_507 = ForkGameProblem.from_dict(response.json())



        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedGameOut | ForkGameProblem]:
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
    body: ForkGame,
    invite: None | str | Unset = UNSET,

) -> Response[CreatedGameOut | ForkGameProblem]:
    """ A new game from a finished game's log up to a version

     `keep` copies the log up to `version` (a hand boundary takes the next deal along) and plays on with
    the same stock; `reshuffle` needs a version at a hand boundary (phase `deal`) and deals the next
    hand afresh (from `seed` if given). Later shuffles come from `seed`, or a secret one. Only finished
    games fork (a game in progress would show hidden cards to the fork's players); a private log's game
    only for its seats. Every human seat gets a fresh token, shown once.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        body (ForkGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGameOut | ForkGameProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
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
    body: ForkGame,
    invite: None | str | Unset = UNSET,

) -> CreatedGameOut | ForkGameProblem | None:
    """ A new game from a finished game's log up to a version

     `keep` copies the log up to `version` (a hand boundary takes the next deal along) and plays on with
    the same stock; `reshuffle` needs a version at a hand boundary (phase `deal`) and deals the next
    hand afresh (from `seed` if given). Later shuffles come from `seed`, or a secret one. Only finished
    games fork (a game in progress would show hidden cards to the fork's players); a private log's game
    only for its seats. Every human seat gets a fresh token, shown once.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        body (ForkGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGameOut | ForkGameProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: ForkGame,
    invite: None | str | Unset = UNSET,

) -> Response[CreatedGameOut | ForkGameProblem]:
    """ A new game from a finished game's log up to a version

     `keep` copies the log up to `version` (a hand boundary takes the next deal along) and plays on with
    the same stock; `reshuffle` needs a version at a hand boundary (phase `deal`) and deals the next
    hand afresh (from `seed` if given). Later shuffles come from `seed`, or a secret one. Only finished
    games fork (a game in progress would show hidden cards to the fork's players); a private log's game
    only for its seats. Every human seat gets a fresh token, shown once.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        body (ForkGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGameOut | ForkGameProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
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
    body: ForkGame,
    invite: None | str | Unset = UNSET,

) -> CreatedGameOut | ForkGameProblem | None:
    """ A new game from a finished game's log up to a version

     `keep` copies the log up to `version` (a hand boundary takes the next deal along) and plays on with
    the same stock; `reshuffle` needs a version at a hand boundary (phase `deal`) and deals the next
    hand afresh (from `seed` if given). Later shuffles come from `seed`, or a secret one. Only finished
    games fork (a game in progress would show hidden cards to the fork's players); a private log's game
    only for its seats. Every human seat gets a fresh token, shown once.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        body (ForkGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGameOut | ForkGameProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,
invite=invite,

    )).parsed
