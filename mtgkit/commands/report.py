"""``mtgkit report``: one simulation run as an HTML page of figures and charts.

Examples::

    mtgkit report 1 --out report.html
    mtgkit report 3 --dataset runs/ --out run3.html

Reads the run from the database (``sim_runs``/``sim_games``/``sim_events``), or with
``--dataset DIR`` from the Parquet dataset of ``mtgkit simulate --out DIR``. The page is one
self-contained file (the charts are PNGs drawn by matplotlib, embedded in it): it opens
offline and can be mailed as is. It shows the win rate per deck with a 95% Wilson interval,
the game length, the turn of the first day/night change, initiative changes and dungeons
completed, prepare spells cast and turns ended early per game, and how games ended.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mtgkit.errors import UserError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "report", help="an HTML report with charts of one simulation run",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run_id", type=int, metavar="RUN", help="the run id (sim_runs.run_id)")
    parser.add_argument("--out", type=Path, required=True, metavar="PATH",
                        help="the HTML file to write")
    parser.add_argument("--dataset", type=Path, metavar="DIR",
                        help="read the Parquet dataset of `simulate --out DIR`, not the database")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from db.export import atomic_path
    from db.sim_dataset import DatasetError
    from db.sim_report import ReportError, build_report_html, dataset_connection

    try:
        if args.dataset is not None:
            con = dataset_connection(args.dataset)
            try:
                page = build_report_html(con, args.run_id)
            finally:
                con.close()
        else:
            from mtgkit.commands._common import open_store

            with open_store(args, read_only=True) as store:
                page = build_report_html(store, args.run_id)
    except (ReportError, DatasetError) as exc:
        raise UserError(str(exc)) from exc
    from db.sim_dataset import file_mode

    with atomic_path(args.out) as tmp:
        tmp.write_text(page, encoding="utf-8")
        tmp.chmod(file_mode())  # (a temporary file is private; a report is to be shared)
    print(f"report of run {args.run_id} written to {args.out} ({len(page) // 1024:,} KiB)")
    return 0
