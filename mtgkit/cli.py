"""The ``mtgkit`` command line: a thin layer that parses arguments and wires packages.

Each subcommand lives in its own module under :mod:`mtgkit.commands` and exposes
``register(subparsers)``; this module only discovers them, so adding a command
never means editing a shared list. Logic a user might want from Python lives in
the packages (``db``, ``scraper``, ``classifier``, ``rules_engine``), not here.

Start-up: importing every command module (and with them the scraper, the rules engine,
the web server...) cost about as much as a small command's work, so only the module of
the command being run is imported. The others appear in the parser as light stand-ins
that carry the one-line help ``mtgkit --help`` lists (:data:`mtgkit.commands.HELP`,
checked against the modules by tests/cli/test_cli_lazy.py); a command missing from that
table is simply imported, as before.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from mtgkit import commands
from mtgkit.errors import UserError

DB_HELP = "the DuckDB file (default: $MTGKIT_DB, else ./mtgkit.duckdb); before or after COMMAND"


_ALL = object()


def command_modules() -> list[str]:
    """The command modules' names (files under mtgkit/commands, without importing them)."""
    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__)
                  if not info.name.startswith("_"))


def build_parser(only: str | None | object = _ALL) -> argparse.ArgumentParser:
    """The ``mtgkit`` parser. By default every command module is imported and registered;
    ``only`` (a command's name, or None for none) registers just that one, the others as
    stand-ins with their listed help (see the module doc)."""
    parser = argparse.ArgumentParser(
        prog="mtgkit",
        description="Magic: The Gathering rules research: scrape, store, classify, play.",
    )
    parser.add_argument("--db", default=None, metavar="PATH", help=DB_HELP)
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show program's version number and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in command_modules():
        command = name.replace("_", "-")
        if only is not _ALL and command != only and command in commands.HELP:
            sub.add_parser(command, help=commands.HELP[command], add_help=False)
            continue
        module = importlib.import_module(f"mtgkit.commands.{name}")
        module.register(sub)
    for command in sub.choices.values():
        _accept_db(command)
    return parser


def _command_of(argv: Sequence[str] | None) -> str | None | object:
    """The command ``argv`` names, read the way argparse reads the top level (``--db PATH``
    or an abbreviation of it takes a value; ``-h``, ``--version`` take none): None when it
    names none, :data:`_ALL` (import everything) when the name is not one in the table."""
    args = list(sys.argv[1:] if argv is None else argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            arg = args[i + 1] if i + 1 < len(args) else ""
            return arg if arg in commands.HELP else _ALL
        option = arg.split("=", 1)[0]
        if len(option) >= 3 and "--db".startswith(option):
            i += 1 if "=" in arg else 2
        elif arg.startswith("-"):
            i += 1
        else:
            return arg if arg in commands.HELP else _ALL
    return None


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


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked (importlib.metadata is a
    tenth of a small command's start-up)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"{parser.prog} {version()}")  # (on stdout, as argparse's own version action)
        parser.exit()


def version() -> str:
    """The installed distribution's version (``pyproject.toml``), or ``unknown`` when run
    from a tree that was never installed."""
    from importlib import metadata

    try:
        return metadata.version("mtgkit")
    except metadata.PackageNotFoundError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(_command_of(argv))
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
