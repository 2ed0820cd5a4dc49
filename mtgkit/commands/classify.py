"""``mtgkit classify``: tag cards with the mechanics they use.

Without ``--cards`` it re-tags every card in the database. With ``--cards`` it
tags the cards of those files without touching any database. Examples::

    mtgkit classify
    mtgkit classify --cards cards.jsonl cards_ja.jsonl --format csv > tags.csv
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from db.errors import BadCardData
from mtgkit.commands._common import open_store
from mtgkit.errors import UserError
from mtgkit.pipeline import classify_files, classify_store


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "classify",
        help="tag cards by mechanic (day_night, initiative, prepare, end_the_turn)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--cards", nargs="+", type=Path, metavar="FILE",
                        help="tag these card files instead of the database")
    parser.add_argument("--format", choices=["csv", "table"], default="csv",
                        help="output for --cards (default csv: oracle_id,name,mechanics)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.cards:
        missing = [str(p) for p in args.cards if not p.is_file()]
        if missing:
            raise UserError(f"no such file: {', '.join(missing)}")
        try:
            rows = list(classify_files(args.cards))
        except BadCardData as exc:
            raise UserError(str(exc)) from exc
        if args.format == "csv":
            writer = csv.writer(sys.stdout, lineterminator="\n")
            writer.writerow(["oracle_id", "name", "mechanics"])
            for oracle_id, name, mechanics in rows:
                writer.writerow([oracle_id, name, ";".join(mechanics)])
        else:
            for oracle_id, name, mechanics in rows:
                if mechanics:
                    print(f"{name}\t{', '.join(mechanics)}\t{oracle_id}")
        return 0
    with open_store(args, must_exist=True) as store:
        tags, cards = classify_store(store)
    print(f"{cards:,} cards tagged with {tags:,} mechanic tags")
    return 0
