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
from typing import Any

from rich.console import Console
from rich.table import Table

from db.query import QueryError, mechanics_of, search, to_json
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


def cost_of(card: dict[str, Any]) -> str:
    """The printed cost; for a double-faced card (no top-level cost) its faces' costs."""
    if card.get("mana_cost"):
        return card["mana_cost"]
    costs = [f.get("mana_cost") or "" for f in card.get("faces") or []]
    return " // ".join(costs) if any(costs) else ""


def _tags_cell(tags: list[dict[str, Any]]) -> str:
    """``day_night (daybound, nightbound)``, one mechanic a line."""
    roles: dict[str, set[str]] = {}
    for tag in tags:
        roles.setdefault(tag["mechanic"], set()).add(tag["role"])
    return "\n".join(f"{m} ({', '.join(sorted(rs))})" for m, rs in sorted(roles.items()))


def run(args: argparse.Namespace) -> int:
    # read-only: a search never writes, and may then run beside another reader (a stale
    # index is rebuilt as a temporary table for this process alone)
    with open_store(args, must_exist=True, read_only=True) as store:
        try:
            results = search(store, filters_from(args))
        except QueryError as exc:
            raise UserError(str(exc)) from exc
    if args.format == "json":
        print(to_json(results))
    elif args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["oracle_id", "name", "name_ja", "type_line", "mechanics", "roles"])
        for r in results:
            roles = sorted({f"{t['mechanic']}/{t['role']}" for t in r["tags"]})
            writer.writerow([r["oracle_id"], r["name"], r["name_ja"] or "", r["type_line"] or "",
                             ";".join(mechanics_of(r)), ";".join(roles)])
    else:
        table = Table(show_lines=False)
        for column in ("name (Japanese)", "cost", "type", "mechanics (roles)"):
            table.add_column(column, overflow="fold")
        for r in results:
            name = r["name"] + (f"\n{r['name_ja']}" if r["name_ja"] else "")
            table.add_row(name, cost_of(r), r["type_line"] or "", _tags_cell(r["tags"]))
        # the terminal's width (80 columns when not a terminal); rich folds long cells
        Console().print(table)
        print(f"{len(results)} card(s)")
    return 0
