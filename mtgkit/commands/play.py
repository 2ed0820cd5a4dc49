"""``mtgkit play FILE...``: run scenario files (sample games) and report pass/fail.

A scenario sets up a game, acts, and states what must hold (format: tests/scenarios/README.md).
Cards come from ``--cards`` files, then the database (``--db``, ``$MTGKIT_DB``, or
./mtgkit.duckdb when present), then the sample embedded in the package. Exit status 0 when every
scenario passed, 1 when one failed, 2 when none could be run (no scenario file found, or no
file that could be read as scenarios: its one-line error names the file and line). A key the
format does not know is ignored with a warning (``!``), so a misspelt key is seen. Examples::

    mtgkit play time_stop.yaml
    mtgkit play tests/scenarios/                    # every .yaml under a directory
    mtgkit play --cards my_cards.jsonl my_ruling.yaml --log
    mtgkit --db real.duckdb play tests/scenarios/day_night --format json
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from mtgkit.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play", help="run scenario files (sample games) and check them",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="scenario .yaml files or directories")
    parser.add_argument("--cards", nargs="+", action="extend", default=[], metavar="FILE",
                        help="extra Scryfall .json/.jsonl card files (looked up first)")
    parser.add_argument("--log", action="store_true", help="print the whole game log")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(func=run)


def _open_cards_db(args: argparse.Namespace) -> Any:
    """The database play reads cards from (--db / $MTGKIT_DB / ./mtgkit.duckdb if present),
    read-only, or None; the caller closes it (a connection left open would keep a later
    writer in the same process, e.g. a test or a notebook, from opening the file)."""
    db_path = args.db or os.environ.get("MTGKIT_DB")
    if db_path is None and Path("mtgkit.duckdb").exists():
        db_path = "mtgkit.duckdb"
    if not db_path:
        return None
    from mtgkit.commands._common import open_store

    if not Path(db_path).exists():
        raise UserError(f"{db_path}: no such database (build one with `mtgkit build` or "
                        "leave out --db to use the embedded sample cards)")
    return open_store(argparse.Namespace(db=db_path), read_only=True)


def run(args: argparse.Namespace) -> int:
    from rules_engine.scenario import run_file, scenario_files

    # "--cards a.jsonl s.yaml": scenario paths swallowed by --cards go back to the files
    cards = [c for c in args.cards if Path(c).suffix in (".json", ".jsonl")]
    args.files = list(args.files) + [c for c in args.cards if c not in cards]
    args.cards = cards
    if not args.files:
        raise UserError("play: give one or more scenario files or directories")
    files = scenario_files(args.files)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        raise UserError(f"no such scenario file: {', '.join(missing)}")
    if not files:
        raise UserError(f"no scenario files (.yaml, .yml) under {', '.join(args.files)}")
    from mtgkit.commands._cards import card_source

    # --cards files, then the database, then the embedded sample (the order of card_source)
    store = _open_cards_db(args)
    try:
        source = card_source(args.cards or [], store)
        results = []
        for f in files:
            results.extend(run_file(f, source))
    finally:
        if store is not None:
            store.close()
    failed = [r for r in results if not r.passed]
    if args.format == "json":
        print(json.dumps([r.as_dict() for r in results], indent=1, ensure_ascii=False))
    else:
        for r in results:
            print(f"{'PASS' if r.passed else 'FAIL'}  {r.file}: {r.name}")
            for warning in r.warnings:
                print(f"    ! {warning}")
            if args.log:
                for line in r.log:
                    print(f"    {line}")
            for failure in r.failures:
                print(f"    - {failure}")
        print(f"{len(results) - len(failed)} passed, {len(failed)} failed, {len(results)} total")
    if results and not any(r.loaded for r in results):
        return 2  # not one scenario could be run: each file's error is printed above
    return 1 if failed else 0
