"""``mtgkit export``: write a dataset of cards with their mechanic tags.

Takes the same filters as ``search``. Examples::

    mtgkit export --format parquet --out day_night.parquet --mechanic day_night
    mtgkit export --format csv --out prepare.csv 'mech:prepare lang:ja'
    mtgkit export --format jsonl --out all.jsonl
"""

from __future__ import annotations

import argparse
from pathlib import Path

from db.export import FORMATS, export_cards
from db.query import QueryError
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
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        try:
            count = export_cards(store, filters_from(args), args.format, args.out)
        except QueryError as exc:
            raise UserError(str(exc)) from exc
    print(f"{count:,} cards written to {args.out}")
    return 0
