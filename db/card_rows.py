"""English card records -> Arrow columns for ``cards`` and ``card_faces``, in Python.

Why in Python and not DuckDB's JSON functions (:mod:`db.card_sql` still does that for
Japanese printings): the loader has already parsed and type-checked every record
(:mod:`db.records`), so its values are at hand; parsing the JSON text again in DuckDB was
the largest single cost of a 100k-card build. A handful of ``dict.get`` per record and one
``pyarrow`` array per column is cheaper, and DuckDB then only scans Arrow columns.

The mapping is Scryfall's (as in db.card_sql): a card with ``card_faces`` gets its
``oracle_text`` as the faces' texts joined with ``\\n//\\n`` (NULL when no face has text), and
its colours, power, toughness and loyalty fall back to the front face; a card without faces
gets one face row (index 0) from its top level.
"""

from __future__ import annotations

from array import array
from itertools import accumulate
from typing import Any

import pyarrow as pa

FACE_JOIN = "\n//\n"

CARD_FIELDS = ("oracle_id", "name", "layout", "mana_cost", "cmc", "type_line", "oracle_text",
               "keywords", "colors", "color_identity", "power", "toughness", "loyalty", "set",
               "released_at", "source", "data", "line", "may_tag")
FACE_FIELDS = ("oracle_id", "face_index", "name", "mana_cost", "type_line", "oracle_text",
               "power", "toughness", "loyalty", "line")
_TOP = ("name", "layout", "mana_cost", "cmc", "type_line", "oracle_text", "keywords", "colors",
        "color_identity", "power", "toughness", "loyalty", "set", "released_at", "source")
_FACE = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty")
_STRING_LIST = pa.list_(pa.string())
_TYPES = {"cmc": pa.float64(), "keywords": _STRING_LIST, "colors": _STRING_LIST,
          "color_identity": _STRING_LIST, "line": pa.int64(), "may_tag": pa.bool_(),
          "face_index": pa.int32()}


def english_tables(records: list[tuple[int, str, dict[str, Any], bytes, bool]]
                   ) -> tuple[pa.Table, pa.Table]:
    """(cards, faces) Arrow tables for ``(line, oracle_id, object, raw JSON, may_tag)``."""
    cards: list[list[Any]] = []
    faces: list[tuple[Any, ...]] = []
    for line, oracle_id, obj, raw, may_tag in records:
        get = obj.get
        row = [oracle_id, *map(get, _TOP)]
        card_faces = get("card_faces")
        if card_faces:
            front = card_faces[0]
            texts = [f.get("oracle_text") for f in card_faces]
            row[6] = (FACE_JOIN.join(t or "" for t in texts) if any(texts) else None)
            if row[8] is None:
                row[8] = front.get("colors")
            for i, key in ((10, "power"), (11, "toughness"), (12, "loyalty")):
                if row[i] is None:
                    row[i] = front.get(key)
            for index, face in enumerate(card_faces):
                faces.append((oracle_id, index, *map(face.get, _FACE), line))
        else:
            faces.append((oracle_id, 0, row[1], row[3], row[5], row[6], row[10], row[11],
                          row[12], line))
        row += (raw, line, may_tag)
        cards.append(row)
    return _table(CARD_FIELDS, cards), _table(FACE_FIELDS, faces)


def _table(names: tuple[str, ...], rows: list) -> pa.Table:
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(names)
    arrays = []
    for name, values in zip(names, columns, strict=True):
        if name == "data":
            arrays.append(json_text_array(values))
        else:
            arrays.append(pa.array(list(values), _TYPES.get(name, pa.string())))
    return pa.Table.from_arrays(arrays, names=list(names))


def json_text_array(raws: tuple[bytes, ...] | list[bytes]) -> pa.Array:
    """A ``large_string`` array of records' JSON text, from one joined buffer and its offsets
    (pa.array over the bytes objects costs several times more, and copies as much).

    No UTF-8 check here: every record was decoded by orjson, which refuses invalid UTF-8
    (db.read), or written by orjson.dumps.
    """
    offsets = array("q", [0])
    offsets.extend(accumulate(map(len, raws)))
    return pa.LargeStringArray.from_buffers(
        len(raws), pa.py_buffer(offsets), pa.py_buffer(b"".join(raws)))
