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

from mtgkit import commands
from mtgkit.errors import UserError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mtgkit",
        description="Magic: The Gathering rules research: scrape, store, classify, play.",
    )
    parser.add_argument(
        "--db",
        default=None,
        help="DuckDB file (default: $MTGKIT_DB, else ./mtgkit.duckdb)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"mtgkit.commands.{info.name}")
        module.register(sub)
    # `--db` is accepted after the command too (`mtgkit play x.yaml --db f.duckdb`);
    # SUPPRESS keeps an absent one from overwriting the global value.
    for command in sub.choices.values():
        if not any("--db" in action.option_strings for action in command._actions):
            command.add_argument("--db", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return parser


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
