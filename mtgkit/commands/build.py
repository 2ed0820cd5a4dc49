"""``mtgkit build``: make a ready database (load, then classify) in one step.

With no files it uses the sample embedded in the package, offline. Examples::

    mtgkit build                                  # the embedded sample
    mtgkit build --cards cards.jsonl cards_ja.jsonl --rulings rulings.jsonl
    mtgkit --db research.duckdb build --cards oracle-cards.jsonl.gz

Ctrl-C at any point exits with status 130: each file is stored whole or not at all, and
cards stored but not yet tagged are tagged by the next build.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from db.errors import BadCardData
from mtgkit.commands._common import counted, open_store
from mtgkit.commands.load import interrupts_as_keyboard_interrupt, print_report
from mtgkit.errors import UserError
from mtgkit.pipeline import build


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "build",
        help="load cards (default: the embedded sample) and tag their mechanics",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--cards", nargs="+", type=Path, metavar="FILE",
                        help="Scryfall card files (English and Japanese printings)")
    parser.add_argument("--rulings", nargs="+", type=Path, metavar="FILE",
                        help="Scryfall ruling files")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with interrupts_as_keyboard_interrupt(
        "mtgkit build: interrupted; every file loaded in full is kept, and cards not yet "
        "tagged are tagged by the next build"
    ), open_store(args) as store:
        try:
            report = build(store, args.cards, args.rulings)
        except (FileNotFoundError, BadCardData) as exc:
            raise UserError(f"{exc} (nothing from this file was stored)") from exc
        print_report(report.load)
        total = store.con.execute("SELECT count(*) FROM cards").fetchone()[0]
        print(f"{store.path}: {counted(total, 'card')}; {report.tagged_cards:,} tagged with "
              f"{counted(report.tags, 'mechanic tag')}")
    return 1 if report.load.bad_records else 0
