"""``mtgkit search``: find cards with Scryfall's search syntax (plus mtgkit's mech:/role:).

Examples::

    mtgkit search 't:instant -o:draw'
    mtgkit search 't:creature or t:planeswalker' --limit 10
    mtgkit search '(t:elf or t:goblin) c:g pow>tou'
    mtgkit search 'o:/^draw/ id:azorius'
    mtgkit search '!"Time Stop"' --format json
    mtgkit search --mechanic day_night
    mtgkit search --role takes --format json
    mtgkit search --name 酒場
    mtgkit search 'mech:prepare lang:ja' --format csv

The syntax is in docs/search.md. Flags add terms to the query: --mechanic M is mech:M,
--role R is role:R, --name N is name:"N", --text T is o:"T".
"""

from __future__ import annotations

import argparse
import csv
import sys

from db.query import QueryError, mechanics_of, search, to_json
from mtgkit.commands._card_table import print_card_table
from mtgkit.commands._common import open_store
from mtgkit.commands._filters import add_filter_arguments, filters_from
from mtgkit.errors import UserError


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "search",
        help="search cards with Scryfall's syntax (t:, o:, c:, id:, is:, mech:, role: ...)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_filter_arguments(parser)
    parser.add_argument("--format", choices=["table", "json", "csv"], default="table")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # read-only: a search never writes, and may then run beside another reader (a stale
    # index is rebuilt as a temporary table for this process alone)
    with open_store(args, read_only=True) as store:
        try:
            results = search(store, filters_from(args))
        except QueryError as exc:
            raise UserError(str(exc)) from exc
        if args.format == "table":  # fitted to the terminal; face costs come from the store
            print_card_table(store, results)
            print(f"{len(results)} card(s)")
            return 0
    if args.format == "json":
        print(to_json(results))
    else:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["oracle_id", "name", "name_ja", "type_line", "mechanics", "roles"])
        for r in results:
            roles = sorted({f"{t['mechanic']}/{t['role']}" for t in r["tags"]})
            writer.writerow([r["oracle_id"], r["name"], r["name_ja"] or "", r["type_line"] or "",
                             ";".join(mechanics_of(r)), ";".join(roles)])
    return 0
