"""A whole batch of JSON Lines card records checked at once, in C++: the loader's fast path.

Why: checking each record in Python (parse with orjson, then a ``type(...)`` test per field,
:mod:`db.records`) and reading the same lines again with pyarrow for the rows cost two parses
and a Python loop per record, the largest part of a 100k-card build. pyarrow's JSON reader
does both jobs in one pass, without the GIL: given an explicit schema of every field
:mod:`db.records` checks, it refuses a batch in which any of them has another JSON type
("changed from string to number"), a list holds an element of another type, or an object
field is not an object. What a schema cannot say is checked on the columns it returns
(UUID syntax, a non-empty ``name``, ``object``, the ``oracle_id``, the values of the string
maps such as ``prices``, whose keys are open).

The fast path only ever accepts: when any of this fails (one bad record in 20,000, a key given
twice, a record that is not a JSON object), :func:`check_batch` returns None and the loader
checks that batch record by record with :mod:`db.records`, which names the file, line and
field of each bad one. So the errors, and which records load, are the per-record checker's;
this module must accept nothing that checker refuses, which ``tests/db/test_db_batch_check.py``
checks field by field. Fields unknown to :mod:`db.records` are inferred by pyarrow and left
unchecked, as there (Scryfall may add fields); if their types disagree between records,
pyarrow refuses the batch and the slow path accepts it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pa_json

from classifier import ScreenPatterns
from db import records
from db.arrow_values import booleans, integers, strings
from db.card_rows import SCHEMA as ROW_SCHEMA

_UUID = "^" + records.UUID.pattern + "$"
_TEXT_MAPS = frozenset(("image_uris", "legalities", "prices", "purchase_uris", "related_uris"))
_INT_LISTS = frozenset(("multiverse_ids", "attraction_lights"))
_OBJECT_LISTS = {"card_faces": records._FACE_TYPES, "all_parts": records._PART_TYPES}

# Only the fields rows are made of are declared (their values must come out as the row
# reader's types: a declared string is never inferred as a timestamp); every other field is
# inferred, and its inferred type is then checked against db.records' (:func:`_fits`).
# Declaring all ~90 of Scryfall's fields made pyarrow build a column for each absent one and
# cost twice as much as inferring the thirty or so a record has.
_READ = pa_json.ReadOptions(use_threads=False, block_size=4 << 20)
_PARSE = pa_json.ParseOptions(explicit_schema=ROW_SCHEMA, unexpected_field_behavior="infer")
_CARD_UUIDS = ("id", "oracle_id", "set_id", "illustration_id", "card_back_id", "variation_of")
_FACE_UUIDS = ("oracle_id", "illustration_id", "artist_id")
# Fields whose values this module reads: a date-like string there, inferred as a timestamp,
# sends the batch to the per-record checks rather than be read as a datetime.
_SCREENED = ("layout", "oracle_text", "type_line", "printed_text", "printed_type_line")
_READ_AS_TEXT = frozenset(("object", "lang", *_SCREENED, *_CARD_UUIDS, *_FACE_UUIDS))


def _text(kind: pa.DataType) -> bool:
    return pa.types.is_string(kind) or pa.types.is_null(kind)


def _stringlike(kind: pa.DataType) -> bool:
    """A JSON string (pyarrow infers ISO dates as timestamps) or only nulls."""
    return pa.types.is_string(kind) or pa.types.is_timestamp(kind) or pa.types.is_null(kind)


def _fits(key: str, expected: type, kind: pa.DataType) -> bool:
    """Whether every value of a column of Arrow type ``kind`` has the JSON type db.records
    expects for ``key`` (null always does). Element nulls are checked apart (:func:`_whole`)."""
    if pa.types.is_null(kind):
        return True
    if expected is str:
        return _stringlike(kind)
    if expected is float:
        return pa.types.is_float64(kind) or pa.types.is_int64(kind)
    if expected is int:
        return pa.types.is_int64(kind)
    if expected is bool:
        return pa.types.is_boolean(kind)
    if expected is dict:
        if not pa.types.is_struct(kind):
            return False
        return key not in _TEXT_MAPS or all(_stringlike(f.type) for f in kind)
    if not pa.types.is_list(kind):
        return False
    item = kind.value_type
    if key in _OBJECT_LISTS:
        if pa.types.is_null(item):
            return True
        if not pa.types.is_struct(item):
            return False
        schema = _OBJECT_LISTS[key]
        return all(_fits(f.name, schema[f.name], f.type) for f in item if f.name in schema)
    if key in _INT_LISTS:
        return pa.types.is_int64(item) or pa.types.is_null(item)
    return _stringlike(item)


def _whole(column: pa.Array | pa.ChunkedArray) -> bool:
    """No list in the column (or in its structs' list fields) holds a null element."""
    kind = column.type
    if pa.types.is_list(kind):
        flat = pc.list_flatten(column)
        return flat.null_count == 0 and _whole(flat)
    if pa.types.is_struct(kind):
        return all(_whole(pc.struct_field(column, f.name)) for f in kind
                   if pa.types.is_list(f.type) or pa.types.is_struct(f.type))
    return True


@dataclass
class CheckedBatch:
    """What the loader needs of a batch every record of which passed the checks."""

    table: pa.Table
    """Every record's fields (:data:`SCHEMA` and any inferred others), one row per line."""
    oracle_ids: list[str]
    english: bool
    """Every record is English (``lang`` absent, null or ``en``)."""

    @cached_property
    def langs(self) -> list[str]:
        langs = _column(self.table, "lang")
        if langs is None:
            return ["en"] * len(self.table)
        return [lang or "en" for lang in langs.to_pylist()]

    @cached_property
    def ids(self) -> list[str | None]:
        ids = _column(self.table, "id")
        return ids.to_pylist() if ids is not None else [None] * len(self.table)

    def id_column(self) -> pa.Array | pa.ChunkedArray:
        """The records' Scryfall ``id`` as a string column (null where none)."""
        ids = _column(self.table, "id")
        if ids is None or not pa.types.is_string(ids.type):
            return strings([None] * len(self.table)) if ids is None else ids.cast(pa.string())
        return ids


def _valid_uuids(array: pa.Array | pa.ChunkedArray) -> bool:
    """Every non-null value is a UUID string (db.records._uuid)."""
    if array.null_count == len(array):
        return True
    if not pa.types.is_string(array.type):
        return False
    ok = pc.match_substring_regex(array, _UUID)
    return pc.all(ok, skip_nulls=True).as_py() is not False


def _flat(column: Any) -> Any:
    """A list column's elements, or None where the batch holds no list at all (null type)."""
    if column is None or not pa.types.is_list(column.type):
        return None
    return pc.list_flatten(column)


def _column(table: pa.Table | pa.Array | pa.ChunkedArray, name: str) -> Any:
    """A field's column, or None if no record of the batch has it."""
    if isinstance(table, pa.Table):
        return table[name] if name in table.column_names else None
    if not pa.types.is_struct(table.type) or table.type.get_field_index(name) < 0:
        return None
    return pc.struct_field(table, name)


def _uuids_ok(table: pa.Table | pa.Array | pa.ChunkedArray, names: Sequence[str]) -> bool:
    for name in names:
        column = _column(table, name)
        if column is not None and not _valid_uuids(column):
            return False
    return True


def _first_face_oracle_ids(faces: pa.ChunkedArray) -> list[str | None]:
    """Per record, its first face's non-empty ``oracle_id`` (reversible cards keep it there;
    db.records.oracle_id_of)."""
    out: list[str | None] = []
    for record_faces in faces.to_pylist():
        found = None
        for face in record_faces or ():
            if face is not None and face.get("oracle_id"):
                found = face["oracle_id"]
                break
        out.append(found)
    return out


def _names(fields: Any) -> None:
    """Read every field name, nested ones too (a key that is not UTF-8 raises here: the
    validation of the values does not see keys)."""
    for field in fields:
        _ = field.name
        kind = field.type
        while pa.types.is_list(kind) or pa.types.is_large_list(kind):
            kind = kind.value_type
        if pa.types.is_struct(kind):
            _names(kind)


def _read(raws: Sequence[bytes]) -> pa.Table | None:
    joined = b"\n".join(raws)
    try:
        table = pa_json.read_json(io.BytesIO(joined), read_options=_READ, parse_options=_PARSE)
        # pyarrow's parse does not check the strings' UTF-8 (orjson does): the full
        # validation checks every string column (every value of the records is in one) and a
        # field name that is not UTF-8 fails as it is read; several times cheaper than
        # decoding the batch
        table.validate(full=True)
        _names(table.schema)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError, UnicodeError):
        return None
    return table if table.num_rows == len(raws) else None


def check_batch(raws: Sequence[bytes]) -> CheckedBatch | None:
    """Check every record of ``raws`` (JSON Lines, none blank); None if any record might fail
    :func:`db.records.check_card` (the caller then checks them one by one)."""
    table = _read(raws)
    if table is None:
        return None
    types = records._CARD_TYPES
    for field in table.schema:
        expected = types.get(field.name)
        if expected is not None and not _fits(field.name, expected, field.type):
            return None
        if field.name in _READ_AS_TEXT and not _text(field.type):
            return None
    if not all(_whole(table[f.name]) for f in table.schema if f.name in types):
        return None
    if not _uuids_ok(table, _CARD_UUIDS):
        return None
    artist_ids = _flat(_column(table, "artist_ids"))
    if artist_ids is not None and not _valid_uuids(artist_ids):
        return None
    parts = _flat(_column(table, "all_parts"))
    if parts is not None and len(parts) and not _uuids_ok(parts, ("id",)):
        return None
    faces = _column(table, "card_faces")
    flat_faces = _flat(faces)
    if flat_faces is not None and len(flat_faces):
        if not all(_text(f.type) for f in flat_faces.type if f.name in _READ_AS_TEXT):
            return None
        if not _uuids_ok(flat_faces, _FACE_UUIDS):
            return None
        face_artists = _flat(_column(flat_faces, "artist_ids"))
        if face_artists is not None and not _valid_uuids(face_artists):
            return None
    names = table["name"]
    if names.null_count or pc.min(pc.utf8_length(names)).as_py() == 0:
        return None
    objects = _column(table, "object")
    if objects is not None and pc.all(pc.match_substring_regex(objects, "^card$"),
                                      skip_nulls=True).as_py() is False:
        return None
    column = _column(table, "oracle_id")
    oracle_ids: list[Any] = column.to_pylist() if column is not None else [None] * len(raws)
    if not all(oracle_ids):
        if faces is None:
            return None
        firsts = _first_face_oracle_ids(faces)
        oracle_ids = [oid or first for oid, first in zip(oracle_ids, firsts, strict=True)]
        if not all(oracle_ids):
            return None
    langs = _column(table, "lang")
    english = langs is None or langs.null_count == len(langs) or pc.all(
        pc.match_substring_regex(langs, "^en$"), skip_nulls=True).as_py() is not False
    return CheckedBatch(table, oracle_ids, english)


def _true(flags: Any) -> Any:
    """A bool column with null read as False (fill_null(False) would take a Python value,
    which has pyarrow import pandas: db.arrow_values)."""
    valid = pc.is_valid(flags)
    return pc.if_else(valid, flags, valid)


def _record_screen(record: Any, screens: ScreenPatterns, top: bool) -> list[Any]:
    """The screens on one level of the records (the ``top`` level, or the flattened faces):
    bool columns, any of which true means a hit."""
    hits = []
    for name, pattern in (("oracle_text", screens.text), ("type_line", screens.type_line)):
        column = _column(record, name)
        if column is not None and column.null_count < len(column):
            hits.append(_true(pc.match_substring_regex(column, pattern, ignore_case=True)))
    for name in ("printed_text", "printed_type_line"):
        column = _column(record, name)
        if column is not None and column.null_count < len(column):
            hits.append(pc.is_valid(column))
    layout = _column(record, "layout") if top else None
    if layout is not None and layout.null_count < len(layout):
        hits.append(_true(pc.match_substring_regex(
            layout, f"^{re.escape(screens.layout)}$", ignore_case=True)))
    return hits


def _any(columns: list[Any], rows: int) -> Any:
    """Row by row, whether any of the bool ``columns`` is true (all false for none)."""
    if not columns:
        return booleans([False] * rows)
    out = columns[0]
    for column in columns[1:]:
        out = pc.or_(out, column)
    return out


def may_tag(table: pa.Table, screens: ScreenPatterns) -> list[bool]:
    """classifier.may_have_tags for every record of the batch at once, from its
    :class:`~classifier.ScreenPatterns` run on the columns (C++, no Python per record).

    True wherever may_have_tags is (the patterns match wherever its English screens do; a
    record with a printed_* field, which the Japanese screens read, counts as a hit), so a
    record it turns away certainly has no tag; tests/db/test_db_batch_check.py checks it
    against may_have_tags on the real cards and on generated ones.
    """
    rows = len(table)
    hits = _record_screen(table, screens, top=True)
    faces = _column(table, "card_faces")
    flat = _flat(faces)
    if flat is not None and len(flat) and pa.types.is_struct(flat.type):
        face_hits = _record_screen(flat, screens, top=False)
        if face_hits:
            parents = pc.list_parent_indices(faces.combine_chunks()
                                             if isinstance(faces, pa.ChunkedArray) else faces)
            hit_rows = pc.filter(parents, _any(face_hits, len(flat)))
            hits.append(pc.is_in(integers(range(rows)), value_set=hit_rows))
    return _any(hits, rows).to_pylist()


def row_table(checked: CheckedBatch, keep: Sequence[int] | None) -> pa.Table:
    """The fields :mod:`db.card_rows` makes rows of (its :data:`~db.card_rows.SCHEMA`), for
    the records at ``keep`` (None: all): the same table its own pyarrow read of those lines
    gives."""
    table = checked.table if keep is None else checked.table.take(integers(keep))
    columns = []
    for field in ROW_SCHEMA:
        column = table[field.name]
        if column.type != field.type:
            column = column.cast(field.type)  # card_faces: the row fields of each face only
        columns.append(column)
    return pa.Table.from_arrays(columns, schema=ROW_SCHEMA)
