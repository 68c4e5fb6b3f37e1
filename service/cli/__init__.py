"""The `rummy` command line: one subcommand per entry of SUBCOMMANDS."""

from service.cli.main import main

__all__ = ["main"]
