"""``mtgkit load cards|rulings FILE...``: stream Scryfall files into the database.

Examples::

    mtgkit load cards oracle-cards.jsonl.gz
    mtgkit load cards cards.jsonl cards_ja.jsonl --force
    mtgkit load rulings rulings.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from db.errors import BadCardData
from db.load import LoadReport, load_card_files, load_ruling_files
from mtgkit.commands._common import open_store
from mtgkit.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "load",
        help="load Scryfall card or ruling files (.json, .jsonl, .jsonl.gz)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("kind", choices=["cards", "rulings"])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--force", action="store_true",
                        help="load files again even if already loaded unchanged")
    parser.set_defaults(func=run)


def print_report(report: LoadReport) -> None:
    """One summary line, then each bad record with its file and line (on stderr)."""
    parts = [f"{report.files} file(s) loaded"]
    if report.files_skipped:
        parts.append(f"{report.files_skipped} unchanged file(s) skipped")
    if report.cards:
        parts.append(f"{report.cards:,} cards")
    if report.ja_printings:
        parts.append(f"{report.ja_printings:,} Japanese printings")
    if report.rulings:
        parts.append(f"{report.rulings:,} rulings")
    if report.other_languages:
        skipped = sum(report.other_languages.values())
        langs = ", ".join(f"{k} {v}" for k, v in sorted(report.other_languages.items()))
        parts.append(f"{skipped:,} printings in other languages skipped ({langs})")
    if report.errors:
        parts.append(f"{len(report.errors)} bad record(s)")
    print("; ".join(parts))
    for error in report.errors[:50]:
        print(f"  {error}", file=sys.stderr)
    if len(report.errors) > 50:
        print(f"  ... and {len(report.errors) - 50} more", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    loader = load_card_files if args.kind == "cards" else load_ruling_files
    with open_store(args) as store:
        try:
            report = loader(store, args.files, force=args.force)
        except (FileNotFoundError, BadCardData) as exc:
            raise UserError(f"{exc} (nothing from this file was stored)") from exc
    print_report(report)
    return 1 if report.errors else 0
