"""``mtgkit export``: write a dataset of cards with their mechanic tags, or one stored table.

Takes the same filters as ``search``. ``--table`` exports a stored table instead of cards: the
simulated games of ``mtgkit simulate`` (``--run N`` for one run), the wiki tables of
``mtgkit scrape wiki``, or the rulings. ``--out -`` writes to standard output; otherwise only a
regular file (or a new one) is written, whole or not at all, and a symlink is written through to
its target. Examples::

    mtgkit export --format parquet --out day_night.parquet --mechanic day_night
    mtgkit export --format csv --out prepare.csv 'mech:prepare lang:ja'
    mtgkit export --format jsonl --out - --limit 3 | head -n 1
    mtgkit export --table sim_games --format parquet --out games.parquet
    mtgkit export --table sim_events --run 3 --format csv --out events.csv
    mtgkit export --table wiki_links --format jsonl --out links.jsonl
    mtgkit export --table sim_games --dataset runs/ --format parquet --out games.parquet
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from db.export import FORMATS, STDOUT, TABLES, ExportError, export_cards, export_table
from db.query import QueryError
from db.sim import SIM_TABLES
from mtgkit.commands._common import counted, open_store
from mtgkit.commands._filters import add_filter_arguments, filters_from
from mtgkit.errors import UserError

# the card filters, by option name, as argparse stores them (for "not with --table")
_CARD_FILTERS = {"query": "a query", "mechanic": "--mechanic", "role": "--role",
                 "name": "--name", "text": "--text", "limit": "--limit"}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "export",
        help="write cards with their tags (or a stored table) as Parquet, CSV or JSON Lines",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_filter_arguments(parser)
    parser.add_argument("--format", choices=FORMATS, required=True)
    parser.add_argument("--out", required=True, metavar="PATH",
                        help="the file to write (- for standard output)")
    parser.add_argument("--table", choices=["cards", *TABLES], default="cards",
                        metavar="TABLE",
                        help="what to export: cards (default, with their tags), "
                             + ", ".join(TABLES))
    parser.add_argument("--run", type=int, metavar="N",
                        help="with a sim table: only simulation run N")
    parser.add_argument("--dataset", type=Path, metavar="DIR",
                        help="with a sim table: read the Parquet dataset of `simulate --out "
                             "DIR` instead of the database")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    _check_arguments(args)
    if args.dataset is not None:  # (the sim-table source: a dataset, no database needed)
        if args.table not in SIM_TABLES:
            raise UserError("--dataset holds simulated games: give --table sim_games, "
                            "sim_events or sim_runs")
        from db.sim_dataset import DatasetError, export_dataset_table

        try:
            count = export_dataset_table(args.dataset, args.table, args.format, args.out,
                                         args.run)
        except (DatasetError, ExportError) as exc:
            raise UserError(str(exc)) from exc
        _report(count, f"{args.table} row", args.out)
        return 0
    with open_store(args, read_only=True) as store:
        try:
            if args.table != "cards":
                count = export_table(store, args.table, args.format, args.out, args.run)
                what = f"{args.table} row"
            else:
                count = export_cards(store, filters_from(args), args.format, args.out)
                what = "card"
        except (QueryError, ExportError) as exc:
            raise UserError(str(exc)) from exc
    _report(count, what, args.out)
    return 0


def _report(count: int, what: str, out: str) -> None:
    """``N cards written to X`` (``what`` is singular: ``card``, ``sim_runs row``)."""
    where = "standard output" if out == STDOUT else out
    # the count goes to stderr when the data itself is on stdout
    print(f"{counted(count, what)} written to {where}",
          file=sys.stderr if out == STDOUT else sys.stdout)


def _check_arguments(args: argparse.Namespace) -> None:
    """Options that contradict each other are errors, not an export that ignores one."""
    if args.table != "cards":
        given = [label for key, label in _CARD_FILTERS.items() if getattr(args, key, None)]
        if given:
            raise UserError(f"{' and '.join(given)} choose(s) cards, but --table {args.table} "
                            "exports that whole table (leave out --table to export cards)")
    elif args.run is not None:
        raise UserError("--run selects a simulation run: give it with --table sim_games, "
                        "sim_events or sim_runs")
