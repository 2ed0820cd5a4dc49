"""Store the classifier's tags in ``card_mechanics``.

Tagging replaces a card's tags as a whole (in one transaction), so a re-run after
the classifier changes never leaves stale tags behind.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from db.arrow_values import integers, strings
from db.store import Store

TAG_COLUMNS = ("oracle_id", "mechanic", "role", "face_index", "evidence", "lang")


def tag_table(rows: list[tuple[Any, ...]]) -> pa.Table:
    """``(oracle_id, mechanic, role, face, evidence, lang)`` rows as an Arrow table to insert."""
    columns = list(zip(*rows, strict=True)) if rows else [[] for _ in TAG_COLUMNS]
    return pa.Table.from_arrays(
        [integers(list(c), pa.int32()) if name == "face_index" else strings(list(c))
         for name, c in zip(TAG_COLUMNS, columns, strict=True)],
        names=list(TAG_COLUMNS),
    )


def replace_all_tags(store: Store, rows: Iterable[tuple[Any, ...]]) -> int:
    """Replace every tag with ``rows``: ``(oracle_id, mechanic, role, face, evidence, lang)``."""
    rows = list(rows)
    table = tag_table(rows)
    with store.transaction() as con:
        con.execute("DELETE FROM card_mechanics")
        con.register("_tags", table)
        con.execute("INSERT INTO card_mechanics SELECT * FROM _tags")
        con.unregister("_tags")
    return len(rows)
