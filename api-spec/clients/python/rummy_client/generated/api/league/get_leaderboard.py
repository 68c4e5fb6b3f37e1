from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_leaderboard_problem import GetLeaderboardProblem
from ...models.leaderboard_page import LeaderboardPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    ladder: str,
    *,
    offset: int | Unset = 0,
    limit: int | Unset = 20,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["offset"] = offset

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/leaderboards/{ladder}".format(ladder=quote(str(ladder), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GetLeaderboardProblem | LeaderboardPage | None:
    if response.status_code == 200:
        response_200 = LeaderboardPage.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetLeaderboardProblem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = GetLeaderboardProblem.from_dict(response.json())



        return response_404

    if response.status_code == 503:
        response_503 = GetLeaderboardProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GetLeaderboardProblem | LeaderboardPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ladder: str,
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,

) -> Response[GetLeaderboardProblem | LeaderboardPage]:
    """ A ladder's leaderboard, best first (bots stand on it as players)

     `rating` is the conservative displayed rating, `mu - 3 sigma` (0 for a newcomer); `rank` is standard
    competition ranking on it as shown (two decimals): players showing the same rating share a rank and
    the next rank skips as many (1, 2, 2, 4); within a tie, higher `mu` comes first, then the player id.
    `games` counts the ladder's counted games; `experience` is the player's total over every game, rated
    or not.

    Args:
        ladder (str): A ladder: a preset (`basic`, `palace`, `duel`, `classic`), or a preset plus
            the knobs that give a table a ladder of its own (`palace+short_deck`,
            `basic+scoring=penalty`).
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetLeaderboardProblem | LeaderboardPage]
     """


    kwargs = _get_kwargs(
        ladder=ladder,
offset=offset,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    ladder: str,
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,

) -> GetLeaderboardProblem | LeaderboardPage | None:
    """ A ladder's leaderboard, best first (bots stand on it as players)

     `rating` is the conservative displayed rating, `mu - 3 sigma` (0 for a newcomer); `rank` is standard
    competition ranking on it as shown (two decimals): players showing the same rating share a rank and
    the next rank skips as many (1, 2, 2, 4); within a tie, higher `mu` comes first, then the player id.
    `games` counts the ladder's counted games; `experience` is the player's total over every game, rated
    or not.

    Args:
        ladder (str): A ladder: a preset (`basic`, `palace`, `duel`, `classic`), or a preset plus
            the knobs that give a table a ladder of its own (`palace+short_deck`,
            `basic+scoring=penalty`).
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetLeaderboardProblem | LeaderboardPage
     """


    return sync_detailed(
        ladder=ladder,
client=client,
offset=offset,
limit=limit,

    ).parsed

async def asyncio_detailed(
    ladder: str,
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,

) -> Response[GetLeaderboardProblem | LeaderboardPage]:
    """ A ladder's leaderboard, best first (bots stand on it as players)

     `rating` is the conservative displayed rating, `mu - 3 sigma` (0 for a newcomer); `rank` is standard
    competition ranking on it as shown (two decimals): players showing the same rating share a rank and
    the next rank skips as many (1, 2, 2, 4); within a tie, higher `mu` comes first, then the player id.
    `games` counts the ladder's counted games; `experience` is the player's total over every game, rated
    or not.

    Args:
        ladder (str): A ladder: a preset (`basic`, `palace`, `duel`, `classic`), or a preset plus
            the knobs that give a table a ladder of its own (`palace+short_deck`,
            `basic+scoring=penalty`).
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetLeaderboardProblem | LeaderboardPage]
     """


    kwargs = _get_kwargs(
        ladder=ladder,
offset=offset,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    ladder: str,
    *,
    client: AuthenticatedClient | Client,
    offset: int | Unset = 0,
    limit: int | Unset = 20,

) -> GetLeaderboardProblem | LeaderboardPage | None:
    """ A ladder's leaderboard, best first (bots stand on it as players)

     `rating` is the conservative displayed rating, `mu - 3 sigma` (0 for a newcomer); `rank` is standard
    competition ranking on it as shown (two decimals): players showing the same rating share a rank and
    the next rank skips as many (1, 2, 2, 4); within a tie, higher `mu` comes first, then the player id.
    `games` counts the ladder's counted games; `experience` is the player's total over every game, rated
    or not.

    Args:
        ladder (str): A ladder: a preset (`basic`, `palace`, `duel`, `classic`), or a preset plus
            the knobs that give a table a ladder of its own (`palace+short_deck`,
            `basic+scoring=penalty`).
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetLeaderboardProblem | LeaderboardPage
     """


    return (await asyncio_detailed(
        ladder=ladder,
client=client,
offset=offset,
limit=limit,

    )).parsed
