from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.suggest_command_problem import SuggestCommandProblem
from ...models.suggest_request import SuggestRequest
from ...models.suggestion import Suggestion
from typing import cast



def _get_kwargs(
    *,
    body: SuggestRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/bots/suggest",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> SuggestCommandProblem | Suggestion | None:
    if response.status_code == 200:
        response_200 = Suggestion.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = SuggestCommandProblem.from_dict(response.json())



        return response_400

    if response.status_code == 413:
        response_413 = SuggestCommandProblem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = SuggestCommandProblem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = SuggestCommandProblem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = SuggestCommandProblem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = SuggestCommandProblem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[SuggestCommandProblem | Suggestion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SuggestRequest,

) -> Response[SuggestCommandProblem | Suggestion]:
    """ The command a bot would play from a seat view (no game needed)

     Stateless: the bot sees only the given view (no memory of earlier events). The answer is one of the
    view's `legal_commands`, or null.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SuggestCommandProblem | Suggestion]
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
    body: SuggestRequest,

) -> SuggestCommandProblem | Suggestion | None:
    """ The command a bot would play from a seat view (no game needed)

     Stateless: the bot sees only the given view (no memory of earlier events). The answer is one of the
    view's `legal_commands`, or null.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SuggestCommandProblem | Suggestion
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SuggestRequest,

) -> Response[SuggestCommandProblem | Suggestion]:
    """ The command a bot would play from a seat view (no game needed)

     Stateless: the bot sees only the given view (no memory of earlier events). The answer is one of the
    view's `legal_commands`, or null.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[SuggestCommandProblem | Suggestion]
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
    body: SuggestRequest,

) -> SuggestCommandProblem | Suggestion | None:
    """ The command a bot would play from a seat view (no game needed)

     Stateless: the bot sees only the given view (no memory of earlier events). The answer is one of the
    view's `legal_commands`, or null.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        SuggestCommandProblem | Suggestion
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
