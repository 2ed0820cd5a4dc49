"""Per-card values a search result does not carry: rarity, collector number, the faces.

Search returns the columns it filters on; an export (and the search table's cost column, for a
transform card whose cost is on its front face) wants a few more. They are fetched for the
given cards in one statement each, the ids travelling as one bound list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.store import Store

FACE_FIELDS = ("face_index", "name", "name_ja", "mana_cost", "type_line", "type_line_ja",
               "oracle_text", "text_ja", "power", "toughness", "loyalty")


def card_extras(store: Store, oracle_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``{oracle_id: {"rarity", "collector_number", "faces": [face dicts in order]}}``.

    Rarity and collector number are those of the printing stored in ``cards.data`` (the
    English Scryfall object the card was loaded from).
    """
    if not oracle_ids:
        return {}
    ids = list(dict.fromkeys(oracle_ids))
    out: dict[str, dict[str, Any]] = {}
    for oracle_id, rarity, number in store.con.execute(
            "SELECT oracle_id, json_extract_string(data, '$.rarity'), "
            "json_extract_string(data, '$.collector_number') FROM cards "
            "WHERE oracle_id IN (SELECT unnest(?::VARCHAR[]))", [ids]).fetchall():
        out[oracle_id] = {"rarity": rarity, "collector_number": number, "faces": []}
    columns = ", ".join(f"f.{c}" for c in FACE_FIELDS)
    for row in store.con.execute(
            f"SELECT f.oracle_id, {columns} FROM card_faces f "
            "WHERE f.oracle_id IN (SELECT unnest(?::VARCHAR[])) "
            "ORDER BY f.oracle_id, f.face_index", [ids]).fetchall():
        entry = out.setdefault(row[0], {"rarity": None, "collector_number": None, "faces": []})
        entry["faces"].append(dict(zip(FACE_FIELDS, row[1:], strict=True)))
    return out


def display_cost(mana_cost: str | None, faces: Sequence[dict[str, Any]]) -> str:
    """The cost to show for a card: its own, else its faces' costs joined by `` // ``.

    Scryfall gives a transform or modal double-faced card no top-level ``mana_cost``; the
    cost is on the faces (the back face of a transform card has none, so the front face's
    cost is what shows).
    """
    if mana_cost:
        return mana_cost
    return " // ".join(f["mana_cost"] for f in faces if f.get("mana_cost"))
