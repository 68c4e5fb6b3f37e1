from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.player import Player
from ...models.rename_me_problem import RenameMeProblem
from ...models.rename_player import RenamePlayer
from typing import cast



def _get_kwargs(
    *,
    body: RenamePlayer,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/players/me",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Player | RenameMeProblem | None:
    if response.status_code == 200:
        response_200 = Player.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = RenameMeProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = RenameMeProblem.from_dict(response.json())



        return response_401

    if response.status_code == 413:
        response_413 = RenameMeProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = RenameMeProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = RenameMeProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = RenameMeProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = RenameMeProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Player | RenameMeProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RenamePlayer,

) -> Response[Player | RenameMeProblem]:
    """ Rename the caller (their seats in games not finished show the new name)

    Args:
        body (RenamePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Player | RenameMeProblem]
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
    client: AuthenticatedClient,
    body: RenamePlayer,

) -> Player | RenameMeProblem | None:
    """ Rename the caller (their seats in games not finished show the new name)

    Args:
        body (RenamePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Player | RenameMeProblem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RenamePlayer,

) -> Response[Player | RenameMeProblem]:
    """ Rename the caller (their seats in games not finished show the new name)

    Args:
        body (RenamePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Player | RenameMeProblem]
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
    client: AuthenticatedClient,
    body: RenamePlayer,

) -> Player | RenameMeProblem | None:
    """ Rename the caller (their seats in games not finished show the new name)

    Args:
        body (RenamePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Player | RenameMeProblem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
