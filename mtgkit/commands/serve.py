"""``mtgkit serve``: a local web app and a Scryfall-compatible JSON API over the database.

Opens the database read-only (other readers can use it meanwhile) and serves, until Ctrl-C:
the search page at ``/`` (``/search?q=...``), a page per card at ``/card/<oracle_id>`` and the
JSON API under ``/api/`` (``cards/search``, ``cards/named``, ``cards/autocomplete``,
``cards/<oracle_id>``). Examples::

    mtgkit serve                                  # http://127.0.0.1:8000/
    mtgkit serve --db research.duckdb --port 8080
    mtgkit serve --host 0.0.0.0 --port 8000       # reachable from other machines
"""

from __future__ import annotations

import argparse
from pathlib import Path

from db.store import default_db_path
from mtgkit.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "serve",
        help="serve a search page, card pages and a Scryfall-compatible JSON API",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="TCP port (default: 8000)")
    parser.add_argument("--db", default=argparse.SUPPRESS, metavar="PATH",
                        help="DuckDB file (default: $MTGKIT_DB, else ./mtgkit.duckdb)")
    parser.add_argument("--scenarios", type=Path, default=None, metavar="DIR",
                        help="scenario folder whose ruling checks the card pages show "
                             "(default: the source tree's tests/scenarios)")
    parser.set_defaults(func=run)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from exc
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from mtgkit.web import create_app
    from mtgkit.web.database import DatabaseUnavailable

    path = Path(args.db) if getattr(args, "db", None) else default_db_path()
    if args.scenarios is not None and not args.scenarios.is_dir():
        raise UserError(f"--scenarios {args.scenarios}: no such folder")
    try:
        app = create_app(path, scenario_dir=args.scenarios)
    except DatabaseUnavailable as exc:
        raise UserError(str(exc)) from exc
    print(f"mtgkit: serving {path} (read-only) at http://{args.host}:{args.port}/ "
          "(Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
