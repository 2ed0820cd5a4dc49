"""Write a dataset of cards with their tags: Parquet, CSV or JSON Lines.

The file appears whole or not at all: it is written next to its destination
under a temporary name and renamed into place, so an interrupted export never
leaves half a dataset where a previous good one stood.
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

from db.query import Filters, mechanics_of, search
from db.store import Store

FORMATS = ("parquet", "csv", "jsonl")


@contextmanager
def atomic_path(out: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``out``; rename it onto ``out`` only on success."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.replace(tmp_path, out)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def export_cards(store: Store, filters: Filters, fmt: str, out: Path) -> int:
    """Export the cards matching ``filters`` to ``out``; returns the number of cards written."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")
    records = search(store, filters)
    for record in records:
        record["mechanics"] = mechanics_of(record)
    with atomic_path(out) as tmp:
        if fmt == "jsonl":
            with open(tmp, "wb") as fh:
                for record in records:
                    fh.write(orjson.dumps(record) + b"\n")
        elif fmt == "csv":
            _write_csv(records, tmp)
        else:
            pq.write_table(pa.Table.from_pylist(records, schema=_schema()), tmp)
    return len(records)


def _write_csv(records: list[dict], path: Path) -> None:
    """CSV has no lists: list fields are joined with ``;`` and tags become ``mechanic/role``."""
    if not records:
        fields = ["oracle_id", "name", "mechanics"]
    else:
        fields = [k for k in records[0] if k != "tags"] + ["tags"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for record in records:
            row = dict(record)
            for key, value in row.items():
                if isinstance(value, list) and key != "tags":
                    row[key] = ";".join(str(v) for v in value)
            row["tags"] = ";".join(
                f"{t['mechanic']}/{t['role']}" for t in record.get("tags") or []
            )
            writer.writerow(row)


def _schema() -> pa.Schema:
    text = pa.string()
    strings = pa.list_(text)
    tag = pa.struct([("mechanic", text), ("role", text), ("face_index", pa.int32()),
                     ("evidence", text), ("lang", text)])
    return pa.schema([
        ("oracle_id", text), ("name", text), ("name_ja", text), ("layout", text),
        ("mana_cost", text), ("cmc", pa.float64()), ("type_line", text), ("type_line_ja", text),
        ("oracle_text", text), ("text_ja", text), ("keywords", strings), ("colors", strings),
        ("color_identity", strings), ("power", text), ("toughness", text), ("loyalty", text),
        ("set", text), ("released_at", text), ("tags", pa.list_(tag)), ("mechanics", strings),
    ])
