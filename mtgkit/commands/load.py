"""``mtgkit load cards|rulings FILE...``: stream Scryfall files into the database.

Examples::

    mtgkit load cards oracle-cards.jsonl.gz
    mtgkit load cards cards.jsonl cards_ja.jsonl --force
    mtgkit load rulings rulings.jsonl
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from db.errors import BadCardData
from db.load import LoadReport, load_card_files, load_ruling_files
from db.store import is_interrupt
from mtgkit.commands._common import counted, open_store
from mtgkit.errors import UserError
from mtgkit.pipeline import gc_paused


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


@contextmanager
def interrupts_as_keyboard_interrupt(note: str) -> Iterator[None]:
    """Make every Ctrl-C of the block a plain KeyboardInterrupt (exit status 130, no
    traceback), with ``note`` on stderr.

    DuckDB reports a Ctrl-C that lands inside a statement as its own exception, and the
    statements after it may fail with "transaction aborted" errors; so any exception raised
    once a SIGINT has arrived counts as the interrupt.
    """
    interrupted: list[bool] = []
    before = None
    if threading.current_thread() is threading.main_thread() and \
            signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # (ignored: stays so)
        def handler(signum: int, frame: object) -> None:
            interrupted.append(True)
            raise KeyboardInterrupt
        before = signal.signal(signal.SIGINT, handler)
    try:
        yield
    except BaseException as exc:
        if interrupted or is_interrupt(exc):
            print(note, file=sys.stderr)
            raise KeyboardInterrupt from None
        raise
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def print_report(report: LoadReport) -> None:
    """One summary line, then each bad record with its file and line (on stderr)."""
    parts = [f"{report.files} file(s) loaded"]
    if report.files_skipped:
        parts.append(f"{report.files_skipped} unchanged file(s) skipped")
    if report.cards:
        parts.append(counted(report.cards, "card"))
    if report.ja_printings:
        parts.append(counted(report.ja_printings, "Japanese printing"))
    if report.rulings:
        parts.append(counted(report.rulings, "ruling"))
    if report.other_languages:
        skipped = sum(report.other_languages.values())
        langs = ", ".join(f"{k} {v}" for k, v in sorted(report.other_languages.items()))
        parts.append(f"{skipped:,} printings in other languages skipped ({langs})")
    if report.bad_records:
        parts.append(f"{report.bad_records:,} bad record(s)")
    print("; ".join(parts))
    for error in report.errors[:50]:
        print(f"  {error}", file=sys.stderr)
    if report.bad_records > 50:
        print(f"  ... and {report.bad_records - 50:,} more", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    loader = load_card_files if args.kind == "cards" else load_ruling_files
    with interrupts_as_keyboard_interrupt(
        "mtgkit load: interrupted; every file loaded in full is kept"
    ), open_store(args) as store:
        try:
            with gc_paused():
                report = loader(store, args.files, force=args.force)
        except (FileNotFoundError, BadCardData) as exc:
            raise UserError(f"{exc} (nothing from this file was stored)") from exc
    print_report(report)
    return 1 if report.bad_records else 0
