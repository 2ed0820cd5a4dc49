"""English card records -> one Arrow table ``_en_json`` that :mod:`db.card_sql` maps to
``cards`` and ``card_faces`` rows.

Why this shape: the loader has already parsed and type-checked every record in Python
(:mod:`db.records`, which must see every field to name a bad one), but building Arrow
columns from those Python objects (a ``dict.get`` and a str-to-UTF-8 conversion per value)
was the largest cost left in a 100k-card build, and it held the GIL. Instead the batch's
raw JSON lines are read again by pyarrow's JSON reader (C++, without the GIL, in the
loader's writer thread, so Python checks the next batch meanwhile) with an explicit schema
of just the fields rows are made of; DuckDB then maps them in SQL (``card_sql.EN_*``).

The two readers agree because every record was checked first: each field the schema names
has the type the schema gives it (or is null), so pyarrow reads the same values orjson did.
Should pyarrow still refuse a batch (a key given twice in one object, which orjson resolves
by keeping the last, a number beyond a double), the same table is built from orjson's
objects instead (:func:`_from_objects`): slower, same values.

The mapping is Scryfall's (as in db.card_sql): a card with ``card_faces`` gets its
``oracle_text`` as the faces' texts joined with ``\\n//\\n`` (NULL when no face has text), and
its colours, power, toughness and loyalty fall back to the front face; a card without faces
gets one face row (index 0) from its top level.
"""

from __future__ import annotations

import io
from array import array
from collections.abc import Sequence
from itertools import accumulate

import orjson
import pyarrow as pa
import pyarrow.json as pa_json

from db.arrow_values import booleans, integers, strings

FACE_JOIN = "\n//\n"

_S = pa.string()
_STRINGS = pa.list_(_S)
_FACE = pa.struct([(key, _S) for key in (
    "name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
    "defense")] + [("colors", _STRINGS), ("color_indicator", _STRINGS)])
# The fields of a record that rows are made of, with their types (db.records has checked them),
# and those the search index reads (db.card_sql.EN_SEARCH_CARDS).
SCHEMA = pa.schema(
    [(key, _S) for key in ("name", "layout", "mana_cost")]
    + [("cmc", pa.float64()), ("type_line", _S), ("oracle_text", _S), ("keywords", _STRINGS),
       ("colors", _STRINGS), ("color_identity", _STRINGS)]
    + [(key, _S) for key in ("power", "toughness", "loyalty", "set", "released_at", "source")]
    + [("card_faces", pa.list_(_FACE))]
    + [(key, _S) for key in ("rarity", "collector_number", "defense")]
    + [(key, pa.bool_()) for key in ("is_funny", "digital", "is_token")]
    + [("color_indicator", _STRINGS)]
)
_READ = pa_json.ReadOptions(use_threads=False, block_size=16 << 20)
_PARSE = pa_json.ParseOptions(explicit_schema=SCHEMA, unexpected_field_behavior="ignore")


def english_table(oracle_ids: Sequence[str], lines: Sequence[int], raws: Sequence[bytes],
                  may_tag: Sequence[bool]) -> pa.Table:
    """The ``_en_json`` table: :data:`SCHEMA`'s fields of each raw record, then its
    ``oracle_id`` (as the loader found it: reversible cards keep it on their faces),
    ``data`` (the raw JSON text), ``line`` and ``may_tag``."""
    table = _from_json(raws)
    if table is None:
        table = _from_objects(raws)
    return with_row_columns(table, oracle_ids, lines, raws, may_tag)


def empty_rows() -> pa.Table:
    """The ``_en_json`` table of no record (``Schema.empty_table`` asks pandas: db.arrow_values)."""
    return with_row_columns(
        pa.Table.from_arrays([_empty(f.type) for f in SCHEMA],
                             schema=SCHEMA), [], [], [], [])


def _empty(kind: pa.DataType) -> pa.Array:
    return pa.Array.from_buffers(pa.null(), 0, [None]).cast(kind)


def with_row_columns(table: pa.Table, oracle_ids: Sequence[str], lines: Sequence[int],
                     raws: Sequence[bytes], may_tag: Sequence[bool]) -> pa.Table:
    """:data:`SCHEMA`'s fields of the records (``table``) with the columns the loader adds."""
    for name, column in (("oracle_id", strings(oracle_ids)), ("data", json_text_array(raws)),
                         ("line", integers(lines)), ("may_tag", booleans(may_tag))):
        table = table.append_column(name, column)
    return table


def _from_json(raws: Sequence[bytes]) -> pa.Table | None:
    """pyarrow's reading of the records, or None if it refuses them (or sees another count)."""
    try:
        table = pa_json.read_json(io.BytesIO(b"\n".join(raws)), read_options=_READ,
                                  parse_options=_PARSE)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None
    return table if table.num_rows == len(raws) else None


def _from_objects(raws: Sequence[bytes]) -> pa.Table:
    """The same table from orjson's objects (the values the checks saw)."""
    return pa.Table.from_pylist([orjson.loads(raw) for raw in raws], schema=SCHEMA)


def json_text_array(raws: tuple[bytes, ...] | list[bytes]) -> pa.Array:
    """A ``large_string`` array of records' JSON text, from one joined buffer and its offsets
    (pa.array over the bytes objects costs several times more, and copies as much).

    No UTF-8 check here: every record was decoded by orjson or pyarrow (db.batch_check),
    which both refuse invalid UTF-8 (db.read), or written by orjson.dumps.
    """
    offsets = array("q", [0])
    offsets.extend(accumulate(map(len, raws)))
    return pa.LargeStringArray.from_buffers(
        len(raws), pa.py_buffer(offsets), pa.py_buffer(b"".join(raws)))
