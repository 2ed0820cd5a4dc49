"""Checks on single Scryfall records, before they are staged for loading.

Column extraction itself is SQL (:mod:`db.card_sql`); here is only what must be
known per record to report a bad one by its line: its ``oracle_id``, and the
shape of a ruling.
"""

from __future__ import annotations

from typing import Any


class RecordError(ValueError):
    """A card object lacks what a row needs; the message names the field."""


def oracle_id_of(obj: dict[str, Any]) -> str:
    """The card's ``oracle_id``; reversible cards keep it on their faces, so look there too."""
    oracle_id = obj.get("oracle_id")
    if not oracle_id:
        for face in obj.get("card_faces") or ():
            if isinstance(face, dict) and face.get("oracle_id"):
                return str(face["oracle_id"])
        raise RecordError("missing field 'oracle_id'")
    return str(oracle_id)


RULING_COLUMNS = ("oracle_id", "source", "published_at", "comment")


def ruling_row(obj: dict[str, Any]) -> tuple[Any, ...]:
    """A ``rulings`` row from a Scryfall ruling object."""
    oracle_id = obj.get("oracle_id")
    if not oracle_id:
        raise RecordError("missing field 'oracle_id'")
    comment = obj.get("comment")
    if not comment:
        raise RecordError("missing field 'comment'")
    return (str(oracle_id), obj.get("source"), obj.get("published_at") or None, str(comment))
