from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_state_at_problem import GetStateAtProblem
from ...models.state_at import StateAt
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    version: int,
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
        "url": "/games/{game_id}/states/{version}".format(game_id=quote(str(game_id), safe=""),version=quote(str(version), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GetStateAtProblem | StateAt | None:
    if response.status_code == 200:
        response_200 = StateAt.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = GetStateAtProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = GetStateAtProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = GetStateAtProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = GetStateAtProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = GetStateAtProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = GetStateAtProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = GetStateAtProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GetStateAtProblem | StateAt]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> Response[GetStateAtProblem | StateAt]:
    """ The game at one version of its log, as the caller may see it

     A seat (Bearer token) gets its seat view at that version, anyone else the spectator view. `state`
    (every hand, the stock) is added when the caller may see everything there: anyone once the game is
    finished (only its seats when it was created with `private_log`), and, when the ruleset reveals
    finished hands, anyone for a version inside a hand that has ended.

    Args:
        game_id (str): The game's id (32 hex digits).
        version (int):
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetStateAtProblem | StateAt]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
version=version,
invite=invite,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> GetStateAtProblem | StateAt | None:
    """ The game at one version of its log, as the caller may see it

     A seat (Bearer token) gets its seat view at that version, anyone else the spectator view. `state`
    (every hand, the stock) is added when the caller may see everything there: anyone once the game is
    finished (only its seats when it was created with `private_log`), and, when the ruleset reveals
    finished hands, anyone for a version inside a hand that has ended.

    Args:
        game_id (str): The game's id (32 hex digits).
        version (int):
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetStateAtProblem | StateAt
     """


    return sync_detailed(
        game_id=game_id,
version=version,
client=client,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> Response[GetStateAtProblem | StateAt]:
    """ The game at one version of its log, as the caller may see it

     A seat (Bearer token) gets its seat view at that version, anyone else the spectator view. `state`
    (every hand, the stock) is added when the caller may see everything there: anyone once the game is
    finished (only its seats when it was created with `private_log`), and, when the ruleset reveals
    finished hands, anyone for a version inside a hand that has ended.

    Args:
        game_id (str): The game's id (32 hex digits).
        version (int):
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetStateAtProblem | StateAt]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
version=version,
invite=invite,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    version: int,
    *,
    client: AuthenticatedClient | Client,
    invite: None | str | Unset = UNSET,

) -> GetStateAtProblem | StateAt | None:
    """ The game at one version of its log, as the caller may see it

     A seat (Bearer token) gets its seat view at that version, anyone else the spectator view. `state`
    (every hand, the stock) is added when the caller may see everything there: anyone once the game is
    finished (only its seats when it was created with `private_log`), and, when the ruleset reveals
    finished hands, anyone for a version inside a hand that has ended.

    Args:
        game_id (str): The game's id (32 hex digits).
        version (int):
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetStateAtProblem | StateAt
     """


    return (await asyncio_detailed(
        game_id=game_id,
version=version,
client=client,
invite=invite,

    )).parsed
