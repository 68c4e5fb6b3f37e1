from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_player import CreatePlayer
from ...models.create_player_problem import CreatePlayerProblem
from ...models.created_player_out import CreatedPlayerOut
from typing import cast



def _get_kwargs(
    *,
    body: CreatePlayer,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatePlayerProblem | CreatedPlayerOut | None:
    if response.status_code == 201:
        response_201 = CreatedPlayerOut.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = CreatePlayerProblem.from_dict(response.json())



        return response_400

    if response.status_code == 413:
        response_413 = CreatePlayerProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = CreatePlayerProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = CreatePlayerProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = CreatePlayerProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = CreatePlayerProblem.from_dict(response.json())



        return response_503

    if response.status_code == 507:
        response_507 = CreatePlayerProblem.from_dict(response.json())



        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatePlayerProblem | CreatedPlayerOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,

) -> Response[CreatePlayerProblem | CreatedPlayerOut]:
    """ Create a player (or a guest): an id and a secret token, shown once

     The token (`Authorization: Bearer <token>`) acts for every seat the player takes: creating a game
    with it seats the player at the first human seat that is not open, claiming a seat with it makes the
    seat theirs. `guest: true` creates an ordinary player a client need not ask a name for. Counted with
    game creation against the creation limit (`rate_limited`).

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePlayerProblem | CreatedPlayerOut]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,

) -> CreatePlayerProblem | CreatedPlayerOut | None:
    """ Create a player (or a guest): an id and a secret token, shown once

     The token (`Authorization: Bearer <token>`) acts for every seat the player takes: creating a game
    with it seats the player at the first human seat that is not open, claiming a seat with it makes the
    seat theirs. `guest: true` creates an ordinary player a client need not ask a name for. Counted with
    game creation against the creation limit (`rate_limited`).

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePlayerProblem | CreatedPlayerOut
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,

) -> Response[CreatePlayerProblem | CreatedPlayerOut]:
    """ Create a player (or a guest): an id and a secret token, shown once

     The token (`Authorization: Bearer <token>`) acts for every seat the player takes: creating a game
    with it seats the player at the first human seat that is not open, claiming a seat with it makes the
    seat theirs. `guest: true` creates an ordinary player a client need not ask a name for. Counted with
    game creation against the creation limit (`rate_limited`).

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatePlayerProblem | CreatedPlayerOut]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,

) -> CreatePlayerProblem | CreatedPlayerOut | None:
    """ Create a player (or a guest): an id and a secret token, shown once

     The token (`Authorization: Bearer <token>`) acts for every seat the player takes: creating a game
    with it seats the player at the first human seat that is not open, claiming a seat with it makes the
    seat theirs. `guest: true` creates an ordinary player a client need not ask a name for. Counted with
    game creation against the creation limit (`rate_limited`).

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatePlayerProblem | CreatedPlayerOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
