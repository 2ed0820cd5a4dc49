"""Turn Scryfall card objects into the rows of ``cards`` and ``card_faces``.

Pure functions (no SQL), so the rules of the mapping are tested on their own:
which printing fills which column, how faces are joined, where a Japanese
printing's text goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

FACE_JOIN = "\n//\n"

CARD_COLUMNS = (
    "oracle_id", "name", "layout", "mana_cost", "cmc", "type_line", "oracle_text", "keywords",
    "colors", "color_identity", "power", "toughness", "loyalty", "set", "released_at",
    "name_ja", "type_line_ja", "text_ja", "source", "data",
)
FACE_COLUMNS = (
    "oracle_id", "face_index", "name", "mana_cost", "type_line", "oracle_text", "power",
    "toughness", "loyalty", "name_ja", "type_line_ja", "text_ja",
)
JA_COLUMNS = ("oracle_id", "face_index", "name_ja", "type_line_ja", "text_ja")


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


def _faces(obj: dict[str, Any]) -> list[dict[str, Any]]:
    faces = obj.get("card_faces")
    return [f for f in faces if isinstance(f, dict)] if isinstance(faces, list) else []


def _join_faces(faces: list[dict[str, Any]], key: str) -> str | None:
    parts = [f.get(key) or "" for f in faces]
    return FACE_JOIN.join(parts) if any(parts) else None


def _str_list(value: Any) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, list):
        return [str(v) for v in value]
    raise RecordError(f"expected a list, got {type(value).__name__}")


def _face_value(obj: dict[str, Any], faces: list[dict[str, Any]], key: str) -> Any:
    """A top-level value, else the front face's (Scryfall puts P/T of DFCs on the faces)."""
    value = obj.get(key)
    if value is None and faces:
        value = faces[0].get(key)
    return value


@dataclass(frozen=True)
class CardRows:
    """The rows one English card object contributes."""

    card: tuple[Any, ...]
    faces: list[tuple[Any, ...]]


def english_rows(obj: dict[str, Any]) -> CardRows:
    """Rows for an English (or language-less) card object."""
    oracle_id = oracle_id_of(obj)
    name = obj.get("name")
    if not name or not isinstance(name, str):
        raise RecordError("missing field 'name'")
    faces = _faces(obj)
    oracle_text = _join_faces(faces, "oracle_text") if faces else obj.get("oracle_text")
    cmc = obj.get("cmc")
    try:
        cmc = float(cmc) if cmc is not None else None
    except (TypeError, ValueError) as exc:
        raise RecordError(f"field 'cmc' is not a number: {cmc!r}") from exc
    released = obj.get("released_at") or None
    card = (
        oracle_id, name, obj.get("layout"), obj.get("mana_cost"), cmc, obj.get("type_line"),
        oracle_text, _str_list(obj.get("keywords")), _str_list(_face_value(obj, faces, "colors")),
        _str_list(obj.get("color_identity")), _face_value(obj, faces, "power"),
        _face_value(obj, faces, "toughness"), _face_value(obj, faces, "loyalty"),
        obj.get("set"), released, None, None, None, obj.get("source"),
        orjson.dumps(obj).decode(),
    )
    face_rows: list[tuple[Any, ...]] = []
    if faces:
        for index, face in enumerate(faces):
            face_rows.append((
                oracle_id, index, face.get("name"), face.get("mana_cost"), face.get("type_line"),
                face.get("oracle_text"), face.get("power"), face.get("toughness"),
                face.get("loyalty"), None, None, None,
            ))
    else:
        face_rows.append((
            oracle_id, 0, name, obj.get("mana_cost"), obj.get("type_line"), obj.get("oracle_text"),
            obj.get("power"), obj.get("toughness"), obj.get("loyalty"), None, None, None,
        ))
    return CardRows(card=card, faces=face_rows)


def japanese_rows(obj: dict[str, Any]) -> list[tuple[Any, ...]]:
    """``(oracle_id, face_index, name_ja, type_line_ja, text_ja)`` per face of a ja printing.

    Face index -1 carries the whole card's values (names joined with `` // ``, texts with
    ``\\n//\\n``), which fill the ``cards`` row.
    """
    oracle_id = oracle_id_of(obj)
    faces = _faces(obj)
    rows: list[tuple[Any, ...]] = []
    if faces:
        for index, face in enumerate(faces):
            rows.append((
                oracle_id, index, face.get("printed_name"), face.get("printed_type_line"),
                face.get("printed_text"),
            ))
        names = [r[2] for r in rows]
        whole_name = obj.get("printed_name") or (
            " // ".join(n or "" for n in names) if any(names) else None
        )
        whole_type = obj.get("printed_type_line") or (
            " // ".join(r[3] or "" for r in rows) if any(r[3] for r in rows) else None
        )
        whole_text = obj.get("printed_text") or _join_faces(
            [{"t": r[4]} for r in rows], "t"
        )
        rows.insert(0, (oracle_id, -1, whole_name, whole_type, whole_text))
    else:
        rows.append((oracle_id, -1, obj.get("printed_name"), obj.get("printed_type_line"),
                     obj.get("printed_text")))
        rows.append((oracle_id, 0, obj.get("printed_name"), obj.get("printed_type_line"),
                     obj.get("printed_text")))
    return rows


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
