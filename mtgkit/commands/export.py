"""``mtgkit export``: write a dataset of cards with their mechanic tags.

Takes the same filters as ``search``. ``--table`` exports the simulated games of
``mtgkit simulate`` instead of cards. Examples::

    mtgkit export --format parquet --out day_night.parquet --mechanic day_night
    mtgkit export --format csv --out prepare.csv 'mech:prepare lang:ja'
    mtgkit export --format jsonl --out all.jsonl
    mtgkit export --table sim_games --format parquet --out games.parquet
    mtgkit export --table sim_events --run 3 --format csv --out events.csv
    mtgkit export --table sim_games --dataset runs/ --format parquet --out games.parquet
"""

from __future__ import annotations

import argparse
from pathlib import Path

from db.export import FORMATS, export_cards
from db.query import QueryError
from db.sim import SIM_TABLES, export_sim_table
from mtgkit.commands._common import open_store
from mtgkit.commands._filters import add_filter_arguments, filters_from
from mtgkit.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "export",
        help="write cards with their tags as Parquet, CSV or JSON Lines",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_filter_arguments(parser)
    parser.add_argument("--format", choices=FORMATS, required=True)
    parser.add_argument("--out", type=Path, required=True, metavar="PATH")
    parser.add_argument("--table", choices=["cards", *SIM_TABLES], default="cards",
                        help="what to export (default: cards with their tags)")
    parser.add_argument("--run", type=int, metavar="N",
                        help="with a sim table: only simulation run N")
    parser.add_argument("--dataset", type=Path, metavar="DIR",
                        help="with a sim table: read the Parquet dataset of `simulate --out "
                             "DIR` instead of the database")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.dataset is not None:  # (the sim-table source: a dataset, no database needed)
        if args.table == "cards":
            raise UserError("--dataset holds simulated games: give --table sim_games, "
                            "sim_events or sim_runs")
        from db.sim_dataset import DatasetError

        try:
            count = export_sim_table(None, args.table, args.format, args.out, args.run,
                                     dataset=args.dataset)
        except DatasetError as exc:
            raise UserError(str(exc)) from exc
        print(f"{count:,} {args.table} rows written to {args.out}")
        return 0
    with open_store(args, must_exist=True) as store:
        if args.table != "cards":
            count = export_sim_table(store, args.table, args.format, args.out, args.run)
            print(f"{count:,} {args.table} rows written to {args.out}")
            return 0
        try:
            count = export_cards(store, filters_from(args), args.format, args.out)
        except QueryError as exc:
            raise UserError(str(exc)) from exc
    print(f"{count:,} cards written to {args.out}")
    return 0
