from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_seat_view_problem import GetSeatViewProblem
from ...models.view import View
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/view".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GetSeatViewProblem | View | None:
    if response.status_code == 200:
        response_200 = View.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetSeatViewProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = GetSeatViewProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = GetSeatViewProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = GetSeatViewProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = GetSeatViewProblem.from_dict(response.json())



        return response_409

    if response.status_code == 503:
        response_503 = GetSeatViewProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GetSeatViewProblem | View]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[GetSeatViewProblem | View]:
    """ The caller's seat view, with its legal commands

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSeatViewProblem | View]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> GetSeatViewProblem | View | None:
    """ The caller's seat view, with its legal commands

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSeatViewProblem | View
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[GetSeatViewProblem | View]:
    """ The caller's seat view, with its legal commands

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSeatViewProblem | View]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> GetSeatViewProblem | View | None:
    """ The caller's seat view, with its legal commands

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSeatViewProblem | View
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
