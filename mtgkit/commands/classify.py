"""``mtgkit classify``: tag cards with the mechanics they use.

Without ``--cards`` it re-tags every card in the database. With ``--cards`` it
tags the cards of those files without touching any database. Examples::

    mtgkit classify
    mtgkit classify --cards cards.jsonl cards_ja.jsonl --format csv > tags.csv
    mtgkit classify --cards new_set.jsonl --format table     # with each tag's evidence
    mtgkit classify --cards new_set.jsonl --format json      # every tag, for scripts
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from db.errors import BadCardData
from mtgkit.commands._common import counted, open_store
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
    parser.add_argument("--format", choices=["csv", "table", "json"], default="csv",
                        help="output for --cards (default csv: oracle_id,name,mechanics; "
                             "table: tagged cards with roles and evidence; json: every card "
                             "with its tags)")
    parser.set_defaults(func=run)


def _mechanics(tags: list[Any]) -> list[str]:
    return sorted({t.mechanic for t in tags})


def _print_table(rows: list[tuple[str, str, list[Any]]]) -> None:
    """Tagged cards only, one line per tag: what a wiki editor checks by eye."""
    from rich.console import Console
    from rich.table import Table

    table = Table(show_lines=False)
    for column in ("name", "mechanic:role", "evidence", "lang"):
        table.add_column(column)
    tagged = 0
    for _oracle_id, name, tags in rows:
        if not tags:
            continue
        tagged += 1
        for i, t in enumerate(tags):
            table.add_row(name if i == 0 else "", f"{t.mechanic}:{t.role}",
                          t.evidence.replace("\n", " "), t.lang)
    Console(width=200).print(table)
    print(f"{tagged} of {len(rows)} card(s) tagged")


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
            for oracle_id, name, tags in rows:
                writer.writerow([oracle_id, name, ";".join(_mechanics(tags))])
        elif args.format == "json":
            print(json.dumps([{"oracle_id": oracle_id, "name": name,
                               "mechanics": _mechanics(tags),
                               "tags": [dataclasses.asdict(t) for t in tags]}
                              for oracle_id, name, tags in rows],
                             ensure_ascii=False, indent=2))
        else:
            _print_table(rows)
        return 0
    with open_store(args, must_exist=True) as store:
        tags, cards = classify_store(store)
    print(f"{counted(cards, 'card')} tagged with {counted(tags, 'mechanic tag')}")
    return 0
