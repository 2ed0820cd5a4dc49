"""Write a dataset of cards with their tags, or one stored table: Parquet, CSV or JSON Lines.

Where the dataset goes is checked before anything is written (:func:`resolve_out`), because
mtgkit runs as root in containers and CI, where renaming a file over ``/dev/stdout`` or a
device would destroy it:

- ``-`` writes to standard output (no temporary file: a pipe cannot be renamed);
- an absent path or a regular file is written beside its destination under a temporary name,
  made durable (fsync) and renamed into place, so an interrupted export never leaves half a
  dataset where a previous good one stood; a symlink is written *through*: the temporary file
  goes beside the link's final target and replaces that, the link itself stays;
- anything else (a directory, a device, a FIFO, a socket, ``''``, a place that cannot be
  written) is an :class:`ExportError` naming the path, before any file is made.

The new file gets the mode a plain ``open()`` would give it: an existing file keeps its mode
(and, for root, its owner); a new one gets ``0666 & ~umask`` (0644 under umask 022), not the
0600 of :func:`tempfile.mkstemp`.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

from db.card_extras import card_extras
from db.query import Filters, mechanics_of, search
from db.store import Store
from db.store import cursor as new_cursor

FORMATS = ("parquet", "csv", "jsonl")
STDOUT = "-"
# Tables ``export_table`` writes, with the order their rows come out in. Crawl state, the HTTP
# cache and the bulk-file state are the scraper's bookkeeping, not data, and are left out.
SIM_ORDER = {"sim_runs": "run_id", "sim_games": "run_id, game", "sim_events": "run_id, game, seq"}
WIKI_ORDER = {
    "wiki_pages": "title", "wiki_redirects": "source_title",
    "wiki_sections": "title, section_index", "wiki_links": "title, position",
    "wiki_card_boxes": "title, position", "wiki_cr_refs": "title, position",
    "wiki_categories": "title, category",
    "wiki_dungeon_rooms": "title, dungeon_index, position",
}
TABLES = {**SIM_ORDER, **WIKI_ORDER, "rulings": "oracle_id, published_at, comment"}
_BATCH_ROWS = 10_000


class ExportError(ValueError):
    """An export that cannot or must not be written; the message names the path or table."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a pipe (FIFO)"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def resolve_out(out: str | os.PathLike[str]) -> Path | None:
    """The regular file an export to ``out`` replaces or creates; ``None`` for stdout (``-``).

    Refuses (``ExportError``) what must not be replaced: only a regular file or an absent
    path is written, and a symlink resolves to its final target. ``os.stat`` follows links,
    so ``/dev/stdout`` (a link to a pipe, a terminal or a file) is judged by what it reaches.
    """
    text = os.fspath(out)
    if text == "":
        raise ExportError("the output path is empty (give a file name, or - for stdout)")
    if text == STDOUT:
        return None
    path = Path(text)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None  # absent (or a dangling symlink: its target is created)
    except OSError as exc:  # a symlink loop, a file used as a directory, no permission
        raise ExportError(f"{text}: cannot write here: {exc.strerror}") from exc
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise ExportError(f"{text} is {_kind(st.st_mode)}; an export only creates or replaces "
                          "a regular file (use --out - for standard output)")
    target = Path(os.path.realpath(path))
    if target.parent.exists() and not target.parent.is_dir():
        raise ExportError(f"{text}: cannot write here: {target.parent} is not a directory")
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextmanager
def atomic_path(out: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside ``out``'s target; rename it onto the target on success.

    ``out`` is checked by :func:`resolve_out` first (``-`` is refused here: use
    :func:`open_output` for a dataset that may go to stdout).
    """
    target = resolve_out(out)
    if target is None:
        raise ExportError("standard output (-) has no path; use open_output")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise ExportError(f"{out}: cannot write here: {exc.strerror or exc}") from exc
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        _settle(tmp_path, target)
        try:
            os.replace(tmp_path, target)
        except OSError as exc:  # e.g. the target became a directory meanwhile
            raise ExportError(f"{out}: cannot replace {target}: {exc.strerror or exc}") from exc
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _settle(tmp: Path, target: Path) -> None:
    """Give ``tmp`` the mode (and, as root, owner) ``target`` has or a new file would get,
    and flush it to disk so the rename never exposes an empty file after a crash."""
    try:
        old = os.stat(target)
    except FileNotFoundError:
        os.chmod(tmp, 0o666 & ~_umask())
    else:
        os.chmod(tmp, stat.S_IMODE(old.st_mode))
        if os.geteuid() == 0 and (old.st_uid, old.st_gid) != (0, 0):
            os.chown(tmp, old.st_uid, old.st_gid)
    with open(tmp, "rb+") as fh:
        os.fsync(fh.fileno())


@contextmanager
def open_output(out: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary file to write a dataset to: stdout for ``-``, else an atomic file at ``out``."""
    if resolve_out(out) is None:
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:  # stdout replaced by a text-only stream (some notebooks, tests)
            raise ExportError("standard output here takes no bytes; give --out a file")
        sys.stdout.flush()  # what was printed before comes first
        yield stream
        stream.flush()
        return
    with atomic_path(Path(os.fspath(out))) as tmp, open(tmp, "wb") as fh:
        yield fh


# --- cards ----------------------------------------------------------------------------------

def card_records(store: Store, filters: Filters) -> list[dict[str, Any]]:
    """The cards matching ``filters`` as export rows: search's fields with ``released_at`` as
    a :class:`datetime.date`, the ``mechanics`` list, and rarity, collector number and faces."""
    records = search(store, filters)
    extras = card_extras(store, [r["oracle_id"] for r in records])
    for record in records:
        released = record.get("released_at")
        if isinstance(released, str):
            record["released_at"] = dt.date.fromisoformat(released)
        record["mechanics"] = mechanics_of(record)
        extra = extras.get(record["oracle_id"], {})
        record["rarity"] = extra.get("rarity")
        record["collector_number"] = extra.get("collector_number")
        record["faces"] = extra.get("faces", [])
    return records


def export_cards(store: Store, filters: Filters, fmt: str, out: str | os.PathLike[str]) -> int:
    """Export the cards matching ``filters`` to ``out`` (``-``: stdout); returns the count."""
    _check_format(fmt)
    resolve_out(out)  # refuse a bad destination before the search runs
    records = card_records(store, filters)
    with open_output(out) as fh:
        if fmt == "jsonl":
            for record in records:
                fh.write(orjson.dumps(record) + b"\n")
        elif fmt == "csv":
            _write_card_csv(records, fh)
        else:
            pq.write_table(pa.Table.from_pylist(records, schema=card_schema()), fh)
    return len(records)


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise ExportError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")


def _write_card_csv(records: list[dict[str, Any]], fh: IO[bytes]) -> None:
    """CSV has no lists: list fields are joined with ``;``, tags become ``mechanic/role`` and
    ``faces`` is a JSON array (one object per face)."""
    names = [n for n in card_schema().names if n not in ("tags", "faces")] + ["tags", "faces"]
    with _text(fh) as text:
        writer = csv.writer(text)
        writer.writerow(names)
        for record in records:
            row = []
            for name in names:
                value = record.get(name)
                if name == "tags":
                    value = ";".join(f"{t['mechanic']}/{t['role']}" for t in value or [])
                elif name == "faces":
                    value = orjson.dumps(value or []).decode()
                row.append(_csv_value(value))
            writer.writerow(row)


def _csv_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    return value


@contextmanager
def _text(fh: IO[bytes]) -> Iterator[io.TextIOWrapper]:
    """UTF-8 text over ``fh`` that leaves ``fh`` open (stdout must stay usable)."""
    text = io.TextIOWrapper(fh, encoding="utf-8", newline="", write_through=True)
    try:
        yield text
        text.flush()
    finally:
        text.detach()


def card_schema() -> pa.Schema:
    """The Parquet schema of a card export (``released_at`` a real date)."""
    text = pa.string()
    strings = pa.list_(text)
    tag = pa.struct([("mechanic", text), ("role", text), ("face_index", pa.int32()),
                     ("evidence", text), ("lang", text)])
    face = pa.struct([("face_index", pa.int32()), ("name", text), ("name_ja", text),
                      ("mana_cost", text), ("type_line", text), ("type_line_ja", text),
                      ("oracle_text", text), ("text_ja", text), ("power", text),
                      ("toughness", text), ("loyalty", text)])
    return pa.schema([
        ("oracle_id", text), ("name", text), ("name_ja", text), ("layout", text),
        ("mana_cost", text), ("cmc", pa.float64()), ("type_line", text), ("type_line_ja", text),
        ("oracle_text", text), ("text_ja", text), ("keywords", strings), ("colors", strings),
        ("color_identity", strings), ("power", text), ("toughness", text), ("loyalty", text),
        ("set", text), ("released_at", pa.date32()), ("rarity", text),
        ("collector_number", text), ("mechanics", strings), ("tags", pa.list_(tag)),
        ("faces", pa.list_(face)),
    ])


# --- stored tables --------------------------------------------------------------------------

def sim_run_ids(store: Store) -> list[int]:
    return [int(r[0]) for r in store.con.execute(
        "SELECT run_id FROM sim_runs ORDER BY run_id").fetchall()]


def export_table(store: Store, table: str, fmt: str, out: str | os.PathLike[str],
                 run_id: int | None = None) -> int:
    """Write one stored table (a sim table, optionally one run; a wiki table; ``rulings``).

    Rows stream in Arrow batches, so a large ``wiki_pages`` never sits in memory whole.
    A run that does not exist, or ``run_id`` for a table without runs, is an ``ExportError``
    (an empty file saying "0 rows" would pass for an answer). Returns the rows written.
    """
    if table not in TABLES:
        raise ExportError(f"unknown table {table!r} (choose from cards, {', '.join(TABLES)})")
    _check_format(fmt)
    resolve_out(out)
    where, params = "", []
    if run_id is not None:
        if table not in SIM_ORDER:
            raise ExportError(f"--run selects a simulation run: {table} has none "
                              f"(use it with {', '.join(SIM_ORDER)})")
        runs = sim_run_ids(store)
        if run_id not in runs:
            known = ", ".join(map(str, runs)) or "none yet: run `mtgkit simulate`"
            raise ExportError(f"no simulation run {run_id} in {store.path} (runs: {known})")
        where, params = "WHERE run_id = ?", [run_id]
    # table and order come from the fixed TABLES mapping above, never from user text; a
    # cursor of its own, so a result the caller left pending on the connection is no matter
    cursor = new_cursor(store.con)
    try:
        reader = cursor.sql(f"SELECT * FROM {table} {where} ORDER BY {TABLES[table]}",
                            params=params).to_arrow_reader(_BATCH_ROWS)
        with open_output(out) as fh:
            return write_batches(reader, fmt, fh)
    finally:
        cursor.close()


def write_batches(reader: pa.RecordBatchReader, fmt: str, fh: IO[bytes]) -> int:
    rows = 0
    if fmt == "parquet":
        with pq.ParquetWriter(fh, reader.schema) as writer:
            for batch in reader:
                writer.write_batch(batch)
                rows += batch.num_rows
        return rows
    if fmt == "jsonl":
        for batch in reader:
            fh.write(b"".join(orjson.dumps(r) + b"\n" for r in _plain(batch.to_pylist())))
            rows += batch.num_rows
        return rows
    with _text(fh) as text:
        writer = csv.writer(text)
        writer.writerow(reader.schema.names)
        for batch in reader:
            for record in batch.to_pylist():
                writer.writerow([_csv_value(v) for v in record.values()])
            rows += batch.num_rows
    return rows


def _plain(records: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Records orjson can write: bytes (none expected) as text; dates and times it knows."""
    for record in records:
        yield {k: v.decode("utf-8", "replace") if isinstance(v, bytes) else v
               for k, v in record.items()}
