"""What the tagging step reads and writes: cards waiting for tags, and their new tags.

Why a module of its own: ``build`` tags only the cards a load changed (``cards_untagged``,
migration 007), and writes their tags and clears their marks in one transaction, so a
Ctrl-C anywhere in between leaves either the old state (cards still marked: the next
``build`` tags them) or the new one, never cards that are neither tagged nor marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from db.mechanics import tag_table
from db.store import Store


def pending_count(store: Store) -> int:
    """How many cards wait for their tags."""
    return store.con.execute(
        "SELECT count(DISTINCT oracle_id) FROM cards_untagged").fetchone()[0]


def _japanese(store: Store, where: str) -> dict[str, dict[str, Any]]:
    """Each card's Japanese text as a Scryfall-like ``lang: ja`` printing (see db.cards)."""
    rows = store.con.execute(
        "SELECT oracle_id, face_index, name_ja, type_line_ja, text_ja FROM cards_ja "
        f"{where} ORDER BY oracle_id, face_index").fetchall()
    found: dict[str, dict[str, Any]] = {}
    for oracle_id, face_index, name_ja, type_ja, text_ja in rows:
        printing = found.get(oracle_id)
        if printing is None:
            printing = found[oracle_id] = {"oracle_id": oracle_id, "lang": "ja", "card_faces": []}
        fields = {"printed_name": name_ja, "printed_type_line": type_ja, "printed_text": text_ja}
        if face_index == -1:
            printing.update(fields)
        else:
            printing["card_faces"].append(fields)
    for printing in found.values():
        if len(printing["card_faces"]) <= 1:
            printing.pop("card_faces")
    return found


def cards_to_tag(store: Store, *, everything: bool = False, batch_size: int = 5000
                 ) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """(English card object, its Japanese printing or None) for each card to classify: every
    card, or only those marked in ``cards_untagged`` that may have a tag."""
    if everything:
        join, ja_where = "", ""
    else:
        marked = ("WHERE oracle_id IN (SELECT oracle_id FROM cards_untagged GROUP BY oracle_id "
                  "HAVING bool_or(may_tag))")
        join, ja_where = f"{marked} AND", marked
    japanese = _japanese(store, ja_where)
    cursor = store.con.execute(
        f"SELECT data FROM cards {join or 'WHERE'} data IS NOT NULL ORDER BY name")
    loads = orjson.loads
    while True:
        rows = cursor.fetchmany(batch_size)
        if not rows:
            return
        for (data,) in rows:
            card = loads(data)
            yield card, japanese.get(card.get("oracle_id") or "")


def write_tags(store: Store, rows: Iterable[tuple[Any, ...]], *, everything: bool = False
               ) -> int:
    """In one transaction: replace the tags of every marked card (or of every card) with
    ``rows`` ``(oracle_id, mechanic, role, face, evidence, lang)`` and clear the marks."""
    rows = list(rows)
    table = tag_table(rows)
    with store.transaction() as con:
        if everything:
            con.execute("DELETE FROM card_mechanics")
        else:
            con.execute("DELETE FROM card_mechanics WHERE oracle_id IN "
                        "(SELECT oracle_id FROM cards_untagged)")
        con.register("_tags", table)
        con.execute("INSERT INTO card_mechanics SELECT * FROM _tags")
        con.unregister("_tags")
        con.execute("DELETE FROM cards_untagged")
    return len(rows)


def tag_totals(store: Store) -> tuple[int, int]:
    """(tags, cards with a tag) in the whole store."""
    row = store.con.execute(
        "SELECT count(*), count(DISTINCT oracle_id) FROM card_mechanics").fetchone()
    return int(row[0]), int(row[1])
