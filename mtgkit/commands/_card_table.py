"""The card table ``mtgkit search`` prints: fitted to the terminal's width.

Rich measures the terminal (``$COLUMNS``, else the terminal, else 80 columns when the output is
a pipe). Each column starts at the width of its widest cell; while the table is too wide, the
widest of the columns that may shrink gives up a column, so long names and type lines are cut
with ``…`` before anything else suffers. Cells never wrap (a card's roles are one per line).
Below 110 columns the type line gives way, below 60 the Japanese name too, to what
identifies a card and answers the search: name, cost, mechanics. A card with no cost of
its own (transform and modal double-faced cards keep theirs on the faces) shows its faces'
costs: a transform card shows its front face's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

from db.card_extras import card_extras, display_cost
from db.store import Store

# (header, smallest width it may be cut to, narrowest terminal that still shows it); cost is
# never cut below its header
COLUMNS = (("name", 14, 0), ("name_ja", 8, 60), ("cost", 4, 0), ("type", 10, 110),
           ("mechanics (roles)", 24, 0))


def fit_widths(natural: Sequence[int], minimum: Sequence[int], available: int) -> list[int]:
    """Widths no larger than ``natural`` summing to at most ``available``, taken one column at
    a time from the widest column still above its minimum; on a terminal too narrow even for
    the minimums, from the widest column down to 4 (``ab…`` still says something)."""
    widths = list(natural)
    excess = sum(widths) - available
    for floor in (list(minimum), [min(4, m) for m in minimum]):
        while excess > 0:
            room = [(w, i) for i, (w, m) in enumerate(zip(widths, floor, strict=True)) if w > m]
            if not room:
                break
            _, i = max(room)
            widths[i] -= 1
            excess -= 1
    return widths


def card_table(store: Store, results: Sequence[dict[str, Any]], width: int) -> Table:
    """The table of ``results`` for a console ``width`` columns wide."""
    faces = {k: v["faces"] for k, v in card_extras(
        store, [r["oracle_id"] for r in results if not r.get("mana_cost")]).items()}
    rows = []
    for r in results:
        roles = sorted({f"{t['mechanic']}:{t['role']}" for t in r["tags"]})
        rows.append({"name": r["name"], "name_ja": r.get("name_ja") or "",
                     "cost": display_cost(r.get("mana_cost"), faces.get(r["oracle_id"], [])),
                     "type": r.get("type_line") or "", "mechanics (roles)": "\n".join(roles)})
    columns = [(head, least) for head, least, shown_from in COLUMNS if width >= shown_from]
    natural = [max([cell_len(head)] + [cell_len(line) for row in rows
                                        for line in row[head].splitlines() or [""]])
               for head, _ in columns]
    minimum = [max(m, cell_len(head)) if head == "cost" else min(m, n)
               for (head, m), n in zip(columns, natural, strict=True)]
    widths = fit_widths(natural, minimum, width - 3 * len(columns) - 1)
    table = Table(show_lines=False, expand=False)
    for (head, _), w in zip(columns, widths, strict=True):
        table.add_column(head, width=w, no_wrap=True, overflow="ellipsis")
    for row in rows:
        table.add_row(*(row[head] for head, _ in columns))
    return table


def print_card_table(store: Store, results: Sequence[dict[str, Any]],
                     console: Console | None = None) -> None:
    """Print ``results`` as a table that fits ``console`` (default: stdout's width)."""
    console = console or Console()
    console.print(card_table(store, results, console.width))
