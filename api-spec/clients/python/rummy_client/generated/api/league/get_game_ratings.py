from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_rating_changes import GameRatingChanges
from ...models.get_game_ratings_problem import GetGameRatingsProblem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    invite: None | str | Unset = UNSET,
    wait: float | Unset = 0.0,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_invite: None | str | Unset
    if isinstance(invite, Unset):
        json_invite = UNSET
    else:
        json_invite = invite
    params["invite"] = json_invite

    params["wait"] = wait


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/ratings".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameRatingChanges | GetGameRatingsProblem | None:
    if response.status_code == 200:
        response_200 = GameRatingChanges.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetGameRatingsProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = GetGameRatingsProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = GetGameRatingsProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = GetGameRatingsProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = GetGameRatingsProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = GetGameRatingsProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = GetGameRatingsProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameRatingChanges | GetGameRatingsProblem]:
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
    wait: float | Unset = 0.0,

) -> Response[GameRatingChanges | GetGameRatingsProblem]:
    """ Each seat's rating change at the game's end, and whether the game counted

     `counted` false gives the `reason` (`unrated`, `stacked`, `too_few_humans`, `fresh_accounts`,
    `abandoned`, ...); `weight` below 1 is the same players' many games a day. Seats held by nobody the
    league knows (a bare seat token) are not listed. A private table's need its `invite` code or a token
    of one of its seats. With `wait`, a finished game whose result is still on its way is waited for
    that many seconds before `league_result_pending` (409): a page asks once instead of logging
    refusals.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        wait (float | Unset): Seconds to wait for a pending result. Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRatingChanges | GetGameRatingsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
invite=invite,
wait=wait,

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
    wait: float | Unset = 0.0,

) -> GameRatingChanges | GetGameRatingsProblem | None:
    """ Each seat's rating change at the game's end, and whether the game counted

     `counted` false gives the `reason` (`unrated`, `stacked`, `too_few_humans`, `fresh_accounts`,
    `abandoned`, ...); `weight` below 1 is the same players' many games a day. Seats held by nobody the
    league knows (a bare seat token) are not listed. A private table's need its `invite` code or a token
    of one of its seats. With `wait`, a finished game whose result is still on its way is waited for
    that many seconds before `league_result_pending` (409): a page asks once instead of logging
    refusals.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        wait (float | Unset): Seconds to wait for a pending result. Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRatingChanges | GetGameRatingsProblem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
invite=invite,
wait=wait,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,
    wait: float | Unset = 0.0,

) -> Response[GameRatingChanges | GetGameRatingsProblem]:
    """ Each seat's rating change at the game's end, and whether the game counted

     `counted` false gives the `reason` (`unrated`, `stacked`, `too_few_humans`, `fresh_accounts`,
    `abandoned`, ...); `weight` below 1 is the same players' many games a day. Seats held by nobody the
    league knows (a bare seat token) are not listed. A private table's need its `invite` code or a token
    of one of its seats. With `wait`, a finished game whose result is still on its way is waited for
    that many seconds before `league_result_pending` (409): a page asks once instead of logging
    refusals.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        wait (float | Unset): Seconds to wait for a pending result. Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameRatingChanges | GetGameRatingsProblem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
invite=invite,
wait=wait,

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
    wait: float | Unset = 0.0,

) -> GameRatingChanges | GetGameRatingsProblem | None:
    """ Each seat's rating change at the game's end, and whether the game counted

     `counted` false gives the `reason` (`unrated`, `stacked`, `too_few_humans`, `fresh_accounts`,
    `abandoned`, ...); `weight` below 1 is the same players' many games a day. Seats held by nobody the
    league knows (a bare seat token) are not listed. A private table's need its `invite` code or a token
    of one of its seats. With `wait`, a finished game whose result is still on its way is waited for
    that many seconds before `league_result_pending` (409): a page asks once instead of logging
    refusals.

    Args:
        game_id (str): The game's id (32 hex digits).
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.
        wait (float | Unset): Seconds to wait for a pending result. Default: 0.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameRatingChanges | GetGameRatingsProblem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
invite=invite,
wait=wait,

    )).parsed
