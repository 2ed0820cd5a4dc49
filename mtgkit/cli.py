"""The ``mtgkit`` command line: a thin layer that parses arguments and wires packages.

Each subcommand lives in its own module under :mod:`mtgkit.commands` and exposes
``register(subparsers)``; this module only discovers them, so adding a command
never means editing a shared list. Logic a user might want from Python lives in
the packages (``db``, ``scraper``, ``classifier``, ``rules_engine``), not here.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from importlib import metadata

from mtgkit import commands
from mtgkit.errors import UserError

DB_HELP = "the DuckDB file (default: $MTGKIT_DB, else ./mtgkit.duckdb); before or after COMMAND"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgkit",
        description="Magic: The Gathering rules research: scrape, store, classify, play.",
    )
    parser.add_argument("--db", default=None, metavar="PATH", help=DB_HELP)
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"mtgkit.commands.{info.name}")
        module.register(sub)
    for command in sub.choices.values():
        _accept_db(command)
    return parser


def _accept_db(parser: argparse.ArgumentParser) -> None:
    """Let ``--db`` follow the command too (``mtgkit scrape wiki --title T --db f.duckdb``),
    at every level of subcommands, and list it in each ``--help``.

    ``default=SUPPRESS`` keeps a subcommand that was given no ``--db`` from overwriting the
    value given before the command name.
    """
    if not any("--db" in action.option_strings for action in parser._actions):
        parser.add_argument("--db", default=argparse.SUPPRESS, metavar="PATH", help=DB_HELP)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _accept_db(child)


def version() -> str:
    """The installed distribution's version (``pyproject.toml``), or ``unknown`` when run
    from a tree that was never installed."""
    try:
        return metadata.version("mtgkit")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"mtgkit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `mtgkit search ... | head`: the reader left, not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("mtgkit: interrupted; what was committed is kept", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
