"""Who may call what, stated so generators read it: a token is optional by default,
required where a route says so, and not taken where a route reads none."""

from __future__ import annotations

from litestar.openapi.spec import OpenAPI, Operation

__all__ = ["OPTIONAL_BEARER", "state_optional_tokens"]

# A token is optional here: without one the caller is a spectator (or no player).
OPTIONAL_BEARER: list[dict[str, list[str]]] = [{}, {"bearer": []}]


def state_optional_tokens(document: OpenAPI) -> None:
    """Move the optional token (`[{}, {bearer}]`) from the routes to the document's root.

    openapi-python-client 0.29 demands an AuthenticatedClient of every operation
    whose own `security` is not empty, an anonymous alternative included; an
    operation that inherits the root's takes either client. So the routes a
    spectator may call inherit it, those that need a token keep `[{bearer}]`,
    and those that read no token say `security: []`. The meaning is unchanged."""
    document.security = OPTIONAL_BEARER
    for item in (document.paths or {}).values():
        for operation in (item.get, item.put, item.post, item.delete, item.patch):
            if operation is not None:
                _inherit_or_drop(operation)


def _inherit_or_drop(operation: Operation) -> None:
    if operation.security == OPTIONAL_BEARER:
        operation.security = None
    elif not operation.security:
        operation.security = []
