from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.created_game_out import CreatedGameOut
from ...models.import_log_problem import ImportLogProblem
from ...models.log_document import LogDocument
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: LogDocument,
    game_id: None | str | Unset = UNSET,
    private_log: bool | Unset = False,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    json_game_id: None | str | Unset
    if isinstance(game_id, Unset):
        json_game_id = UNSET
    else:
        json_game_id = game_id
    params["game_id"] = json_game_id

    params["private_log"] = private_log


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/import",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedGameOut | ImportLogProblem | None:
    if response.status_code == 201:
        response_201 = CreatedGameOut.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ImportLogProblem.from_dict(response.json())



        return response_400

    if response.status_code == 409:
        response_409 = ImportLogProblem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ImportLogProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ImportLogProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ImportLogProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ImportLogProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ImportLogProblem.from_dict(response.json())



        return response_503

    if response.status_code == 507:
        response_507 = ImportLogProblem.from_dict(response.json())



        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedGameOut | ImportLogProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LogDocument,
    game_id: None | str | Unset = UNSET,
    private_log: bool | Unset = False,

) -> Response[CreatedGameOut | ImportLogProblem]:
    """ Import a log file as a new game: every event is checked again

     The body is a `rummy-log/1` file (as GET /games/{game_id}/log serves it), `application/x-ndjson` or
    `text/plain`, or the same as one `LogDocument` (`application/json`, as `?format=json` serves it), up
    to 8 MiB. Every event must be what the rules produce from the one before, and every revealed deal
    must match its commitment. Every human seat gets a fresh token, shown once.

    Args:
        game_id (None | str | Unset): The new game's id (default: a fresh one): 32 hex digits, but
            not of the kind the service draws for its own games (a version-4 UUID's: 13th digit `4`
            and 17th one of `89ab`), so a chosen id never names a game the service made.
        private_log (bool | Unset): `true`: the finished log is its seats' alone; `true` or
            `false` (no other spelling). Default: False.
        body (LogDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGameOut | ImportLogProblem]
     """


    kwargs = _get_kwargs(
        body=body,
game_id=game_id,
private_log=private_log,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: LogDocument,
    game_id: None | str | Unset = UNSET,
    private_log: bool | Unset = False,

) -> CreatedGameOut | ImportLogProblem | None:
    """ Import a log file as a new game: every event is checked again

     The body is a `rummy-log/1` file (as GET /games/{game_id}/log serves it), `application/x-ndjson` or
    `text/plain`, or the same as one `LogDocument` (`application/json`, as `?format=json` serves it), up
    to 8 MiB. Every event must be what the rules produce from the one before, and every revealed deal
    must match its commitment. Every human seat gets a fresh token, shown once.

    Args:
        game_id (None | str | Unset): The new game's id (default: a fresh one): 32 hex digits, but
            not of the kind the service draws for its own games (a version-4 UUID's: 13th digit `4`
            and 17th one of `89ab`), so a chosen id never names a game the service made.
        private_log (bool | Unset): `true`: the finished log is its seats' alone; `true` or
            `false` (no other spelling). Default: False.
        body (LogDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGameOut | ImportLogProblem
     """


    return sync_detailed(
        client=client,
body=body,
game_id=game_id,
private_log=private_log,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LogDocument,
    game_id: None | str | Unset = UNSET,
    private_log: bool | Unset = False,

) -> Response[CreatedGameOut | ImportLogProblem]:
    """ Import a log file as a new game: every event is checked again

     The body is a `rummy-log/1` file (as GET /games/{game_id}/log serves it), `application/x-ndjson` or
    `text/plain`, or the same as one `LogDocument` (`application/json`, as `?format=json` serves it), up
    to 8 MiB. Every event must be what the rules produce from the one before, and every revealed deal
    must match its commitment. Every human seat gets a fresh token, shown once.

    Args:
        game_id (None | str | Unset): The new game's id (default: a fresh one): 32 hex digits, but
            not of the kind the service draws for its own games (a version-4 UUID's: 13th digit `4`
            and 17th one of `89ab`), so a chosen id never names a game the service made.
        private_log (bool | Unset): `true`: the finished log is its seats' alone; `true` or
            `false` (no other spelling). Default: False.
        body (LogDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGameOut | ImportLogProblem]
     """


    kwargs = _get_kwargs(
        body=body,
game_id=game_id,
private_log=private_log,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LogDocument,
    game_id: None | str | Unset = UNSET,
    private_log: bool | Unset = False,

) -> CreatedGameOut | ImportLogProblem | None:
    """ Import a log file as a new game: every event is checked again

     The body is a `rummy-log/1` file (as GET /games/{game_id}/log serves it), `application/x-ndjson` or
    `text/plain`, or the same as one `LogDocument` (`application/json`, as `?format=json` serves it), up
    to 8 MiB. Every event must be what the rules produce from the one before, and every revealed deal
    must match its commitment. Every human seat gets a fresh token, shown once.

    Args:
        game_id (None | str | Unset): The new game's id (default: a fresh one): 32 hex digits, but
            not of the kind the service draws for its own games (a version-4 UUID's: 13th digit `4`
            and 17th one of `89ab`), so a chosen id never names a game the service made.
        private_log (bool | Unset): `true`: the finished log is its seats' alone; `true` or
            `false` (no other spelling). Default: False.
        body (LogDocument):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGameOut | ImportLogProblem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
game_id=game_id,
private_log=private_log,

    )).parsed
