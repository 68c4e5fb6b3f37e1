"""`rummy openapi`: the OpenAPI document as committed in api-spec/openapi.json."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__ = ["add_openapi_arguments", "openapi_text", "write_openapi"]


def add_openapi_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", metavar="PATH", help="write the document here (else stdout)")


def openapi_text() -> str:
    """The OpenAPI document as committed in api-spec/openapi.json."""
    from service.http.app import create_app
    from service.http.openapi import openapi_document
    from service.store import InMemoryEventStore

    document = openapi_document(create_app(InMemoryEventStore()))
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def write_openapi(args: argparse.Namespace) -> int:
    text = openapi_text()
    if args.write:
        Path(args.write).parent.mkdir(parents=True, exist_ok=True)
        Path(args.write).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
