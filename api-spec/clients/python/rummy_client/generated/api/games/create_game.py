from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_game import CreateGame
from ...models.create_game_problem import CreateGameProblem
from ...models.created_game_out import CreatedGameOut
from typing import cast



def _get_kwargs(
    *,
    body: CreateGame,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreateGameProblem | CreatedGameOut | None:
    if response.status_code == 201:
        response_201 = CreatedGameOut.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = CreateGameProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = CreateGameProblem.from_dict(response.json())



        return response_401

    if response.status_code == 413:
        response_413 = CreateGameProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = CreateGameProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = CreateGameProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = CreateGameProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = CreateGameProblem.from_dict(response.json())



        return response_503

    if response.status_code == 507:
        response_507 = CreateGameProblem.from_dict(response.json())



        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreateGameProblem | CreatedGameOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateGame,

) -> Response[CreateGameProblem | CreatedGameOut]:
    """ Create a table (dealt at once unless seats are left open)

     A table with open seats waits (`status: waiting`) until every seat is taken or its host starts it
    (POST /games/{id}/start). With a player token the caller is the host and sits at the first human
    seat that is not open (at a `hot_seat` table, at every one: friends on the caller's screen). A
    `seed` or `deck` marks the table `stacked`; a server may refuse them on public tables (422
    `stacked_public_table`).

    Args:
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateGameProblem | CreatedGameOut]
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
    body: CreateGame,

) -> CreateGameProblem | CreatedGameOut | None:
    """ Create a table (dealt at once unless seats are left open)

     A table with open seats waits (`status: waiting`) until every seat is taken or its host starts it
    (POST /games/{id}/start). With a player token the caller is the host and sits at the first human
    seat that is not open (at a `hot_seat` table, at every one: friends on the caller's screen). A
    `seed` or `deck` marks the table `stacked`; a server may refuse them on public tables (422
    `stacked_public_table`).

    Args:
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateGameProblem | CreatedGameOut
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateGame,

) -> Response[CreateGameProblem | CreatedGameOut]:
    """ Create a table (dealt at once unless seats are left open)

     A table with open seats waits (`status: waiting`) until every seat is taken or its host starts it
    (POST /games/{id}/start). With a player token the caller is the host and sits at the first human
    seat that is not open (at a `hot_seat` table, at every one: friends on the caller's screen). A
    `seed` or `deck` marks the table `stacked`; a server may refuse them on public tables (422
    `stacked_public_table`).

    Args:
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateGameProblem | CreatedGameOut]
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
    body: CreateGame,

) -> CreateGameProblem | CreatedGameOut | None:
    """ Create a table (dealt at once unless seats are left open)

     A table with open seats waits (`status: waiting`) until every seat is taken or its host starts it
    (POST /games/{id}/start). With a player token the caller is the host and sits at the first human
    seat that is not open (at a `hot_seat` table, at every one: friends on the caller's screen). A
    `seed` or `deck` marks the table `stacked`; a server may refuse them on public tables (422
    `stacked_public_table`).

    Args:
        body (CreateGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateGameProblem | CreatedGameOut
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
