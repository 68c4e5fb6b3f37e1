from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.export_log_format import ExportLogFormat
from ...models.export_log_problem import ExportLogProblem
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    format_: ExportLogFormat | Unset = ExportLogFormat.JSONL,
    invite: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    json_invite: None | str | Unset
    if isinstance(invite, Unset):
        json_invite = UNSET
    else:
        json_invite = invite
    params["invite"] = json_invite


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/log".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ExportLogProblem | File | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    if response.status_code == 400:
        response_400 = ExportLogProblem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ExportLogProblem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ExportLogProblem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ExportLogProblem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ExportLogProblem.from_dict(response.json())



        return response_409

    if response.status_code == 429:
        response_429 = ExportLogProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = ExportLogProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ExportLogProblem | File]:
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
    format_: ExportLogFormat | Unset = ExportLogFormat.JSONL,
    invite: None | str | Unset = UNSET,

) -> Response[ExportLogProblem | File]:
    """ A finished game's whole log as JSON lines (import it elsewhere)

     A `rummy-log/1` file: a header line, then one event envelope per line, unredacted; never a seat
    token or the server's seed. Served once the game is over (while it is in progress it would show
    hidden cards); a game created with `private_log` serves it to its seats only.

    Args:
        game_id (str): The game's id (32 hex digits).
        format_ (ExportLogFormat | Unset): `jsonl`: the `rummy-log/1` file as JSON lines
            (`application/x-ndjson`, or `text/plain` for `Accept: text/plain`); `json`: the same lines
            as one `LogDocument` object (`application/json`). Default: ExportLogFormat.JSONL.
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExportLogProblem | File]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
format_=format_,
invite=invite,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportLogFormat | Unset = ExportLogFormat.JSONL,
    invite: None | str | Unset = UNSET,

) -> ExportLogProblem | File | None:
    """ A finished game's whole log as JSON lines (import it elsewhere)

     A `rummy-log/1` file: a header line, then one event envelope per line, unredacted; never a seat
    token or the server's seed. Served once the game is over (while it is in progress it would show
    hidden cards); a game created with `private_log` serves it to its seats only.

    Args:
        game_id (str): The game's id (32 hex digits).
        format_ (ExportLogFormat | Unset): `jsonl`: the `rummy-log/1` file as JSON lines
            (`application/x-ndjson`, or `text/plain` for `Accept: text/plain`); `json`: the same lines
            as one `LogDocument` object (`application/json`). Default: ExportLogFormat.JSONL.
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExportLogProblem | File
     """


    return sync_detailed(
        game_id=game_id,
client=client,
format_=format_,
invite=invite,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportLogFormat | Unset = ExportLogFormat.JSONL,
    invite: None | str | Unset = UNSET,

) -> Response[ExportLogProblem | File]:
    """ A finished game's whole log as JSON lines (import it elsewhere)

     A `rummy-log/1` file: a header line, then one event envelope per line, unredacted; never a seat
    token or the server's seed. Served once the game is over (while it is in progress it would show
    hidden cards); a game created with `private_log` serves it to its seats only.

    Args:
        game_id (str): The game's id (32 hex digits).
        format_ (ExportLogFormat | Unset): `jsonl`: the `rummy-log/1` file as JSON lines
            (`application/x-ndjson`, or `text/plain` for `Accept: text/plain`); `json`: the same lines
            as one `LogDocument` object (`application/json`). Default: ExportLogFormat.JSONL.
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExportLogProblem | File]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
format_=format_,
invite=invite,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    format_: ExportLogFormat | Unset = ExportLogFormat.JSONL,
    invite: None | str | Unset = UNSET,

) -> ExportLogProblem | File | None:
    """ A finished game's whole log as JSON lines (import it elsewhere)

     A `rummy-log/1` file: a header line, then one event envelope per line, unredacted; never a seat
    token or the server's seed. Served once the game is over (while it is in progress it would show
    hidden cards); a game created with `private_log` serves it to its seats only.

    Args:
        game_id (str): The game's id (32 hex digits).
        format_ (ExportLogFormat | Unset): `jsonl`: the `rummy-log/1` file as JSON lines
            (`application/x-ndjson`, or `text/plain` for `Accept: text/plain`); `json`: the same lines
            as one `LogDocument` object (`application/json`). Default: ExportLogFormat.JSONL.
        invite (None | str | Unset): A private table's invite code: without it (or a seat's token)
            the table is a 404 `game_not_found`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExportLogProblem | File
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
format_=format_,
invite=invite,

    )).parsed
