"""`rummy openapi` and `rummy asyncapi`: the contract's documents as committed in
api-spec/openapi.json and api-spec/asyncapi.json."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = [
    "add_openapi_arguments",
    "asyncapi_text",
    "openapi_text",
    "write_asyncapi",
    "write_openapi",
]


def add_openapi_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", metavar="PATH", help="write the document here (else stdout)")


def openapi_text() -> str:
    """The OpenAPI document as committed in api-spec/openapi.json."""
    from service.http.app import create_app
    from service.http.openapi import openapi_document
    from service.store import InMemoryEventStore

    document = openapi_document(create_app(InMemoryEventStore()))
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def asyncapi_text() -> str:
    """The AsyncAPI document of the live channels as committed in api-spec/asyncapi.json."""
    from service.http.asyncapi import asyncapi_document

    return json.dumps(asyncapi_document(), indent=2, ensure_ascii=False) + "\n"


def write_openapi(args: argparse.Namespace) -> int:
    return _write(args, openapi_text())


def write_asyncapi(args: argparse.Namespace) -> int:
    return _write(args, asyncapi_text())


def _write(args: argparse.Namespace, text: str) -> int:
    if args.write:
        Path(args.write).parent.mkdir(parents=True, exist_ok=True)
        Path(args.write).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
