from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.rematch import Rematch
from ...models.rematch_game_problem import RematchGameProblem
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/rematch".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Rematch | RematchGameProblem | None:
    if response.status_code == 200:
        response_200 = Rematch.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = Rematch.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = RematchGameProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = RematchGameProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = RematchGameProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = RematchGameProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = RematchGameProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = RematchGameProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = RematchGameProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Rematch | RematchGameProblem]:
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

) -> Response[Rematch | RematchGameProblem]:
    """ A rematch of a finished game: a waiting table, same rules and players

     The old game's log gets a `rematch_offered` event naming the new game, so every client can follow;
    each human seat is kept for the player who held it, who claims it with their own player token (at a
    hot-seat table its host sits at every seat they held, as at its creation, and the table is dealt at
    once). The dealer moves on (201). Asked again (by any seat), the same new game is named and nothing
    is made (200, `created` false); once that table expired with nobody playing it, the next ask makes
    another (201, a second `rematch_offered`).

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Rematch | RematchGameProblem]
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

) -> Rematch | RematchGameProblem | None:
    """ A rematch of a finished game: a waiting table, same rules and players

     The old game's log gets a `rematch_offered` event naming the new game, so every client can follow;
    each human seat is kept for the player who held it, who claims it with their own player token (at a
    hot-seat table its host sits at every seat they held, as at its creation, and the table is dealt at
    once). The dealer moves on (201). Asked again (by any seat), the same new game is named and nothing
    is made (200, `created` false); once that table expired with nobody playing it, the next ask makes
    another (201, a second `rematch_offered`).

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Rematch | RematchGameProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Rematch | RematchGameProblem]:
    """ A rematch of a finished game: a waiting table, same rules and players

     The old game's log gets a `rematch_offered` event naming the new game, so every client can follow;
    each human seat is kept for the player who held it, who claims it with their own player token (at a
    hot-seat table its host sits at every seat they held, as at its creation, and the table is dealt at
    once). The dealer moves on (201). Asked again (by any seat), the same new game is named and nothing
    is made (200, `created` false); once that table expired with nobody playing it, the next ask makes
    another (201, a second `rematch_offered`).

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Rematch | RematchGameProblem]
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

) -> Rematch | RematchGameProblem | None:
    """ A rematch of a finished game: a waiting table, same rules and players

     The old game's log gets a `rematch_offered` event naming the new game, so every client can follow;
    each human seat is kept for the player who held it, who claims it with their own player token (at a
    hot-seat table its host sits at every seat they held, as at its creation, and the table is dealt at
    once). The dealer moves on (201). Asked again (by any seat), the same new game is named and nothing
    is made (200, `created` false); once that table expired with nobody playing it, the next ask makes
    another (201, a second `rematch_offered`).

    Args:
        game_id (str): The game's id (32 hex digits).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Rematch | RematchGameProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
