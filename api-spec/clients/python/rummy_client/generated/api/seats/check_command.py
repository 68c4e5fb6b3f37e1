from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_command_problem import CheckCommandProblem
from ...models.command_check import CommandCheck
from ...models.discard_command import DiscardCommand
from ...models.draw_command import DrawCommand
from ...models.knock_command import KnockCommand
from ...models.lay_melds_command import LayMeldsCommand
from ...models.lay_off_command import LayOffCommand
from ...models.swap_joker_command import SwapJokerCommand
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/commands/check".format(game_id=quote(str(game_id), safe=""),),
    }

    
    if isinstance(body, DrawCommand):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LayMeldsCommand):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LayOffCommand):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SwapJokerCommand):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DiscardCommand):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckCommandProblem | CommandCheck | None:
    if response.status_code == 200:
        response_200 = CommandCheck.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = CheckCommandProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = CheckCommandProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = CheckCommandProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = CheckCommandProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = CheckCommandProblem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = CheckCommandProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = CheckCommandProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = CheckCommandProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = CheckCommandProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = CheckCommandProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckCommandProblem | CommandCheck]:
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
    body: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand,

) -> Response[CheckCommandProblem | CommandCheck]:
    """ Whether the caller's seat may send a command now (nothing is written)

     The same body as `POST /games/{game_id}/commands`, decided on the game as it stands, with nothing
    written: 200 `{accepted: true, version}` when the command would be taken now, else exactly the
    problem it would get (422 with the rules' reason, 409 `not_your_turn`, `version_conflict`, …). A
    user interface explains a selection with it before it is sent. What the command would reveal (the
    card a draw takes) is not shown; `command_id` is not looked up.

    Args:
        game_id (str): The game's id (32 hex digits).
        body (DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand |
            SwapJokerCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckCommandProblem | CommandCheck]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand,

) -> CheckCommandProblem | CommandCheck | None:
    """ Whether the caller's seat may send a command now (nothing is written)

     The same body as `POST /games/{game_id}/commands`, decided on the game as it stands, with nothing
    written: 200 `{accepted: true, version}` when the command would be taken now, else exactly the
    problem it would get (422 with the rules' reason, 409 `not_your_turn`, `version_conflict`, …). A
    user interface explains a selection with it before it is sent. What the command would reveal (the
    card a draw takes) is not shown; `command_id` is not looked up.

    Args:
        game_id (str): The game's id (32 hex digits).
        body (DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand |
            SwapJokerCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckCommandProblem | CommandCheck
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand,

) -> Response[CheckCommandProblem | CommandCheck]:
    """ Whether the caller's seat may send a command now (nothing is written)

     The same body as `POST /games/{game_id}/commands`, decided on the game as it stands, with nothing
    written: 200 `{accepted: true, version}` when the command would be taken now, else exactly the
    problem it would get (422 with the rules' reason, 409 `not_your_turn`, `version_conflict`, …). A
    user interface explains a selection with it before it is sent. What the command would reveal (the
    card a draw takes) is not shown; `command_id` is not looked up.

    Args:
        game_id (str): The game's id (32 hex digits).
        body (DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand |
            SwapJokerCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckCommandProblem | CommandCheck]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand | SwapJokerCommand,

) -> CheckCommandProblem | CommandCheck | None:
    """ Whether the caller's seat may send a command now (nothing is written)

     The same body as `POST /games/{game_id}/commands`, decided on the game as it stands, with nothing
    written: 200 `{accepted: true, version}` when the command would be taken now, else exactly the
    problem it would get (422 with the rules' reason, 409 `not_your_turn`, `version_conflict`, …). A
    user interface explains a selection with it before it is sent. What the command would reveal (the
    card a draw takes) is not shown; `command_id` is not looked up.

    Args:
        game_id (str): The game's id (32 hex digits).
        body (DiscardCommand | DrawCommand | KnockCommand | LayMeldsCommand | LayOffCommand |
            SwapJokerCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckCommandProblem | CommandCheck
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,

    )).parsed
