"""Streaming loaders: Scryfall card and ruling files into the store.

Why this shape:
- Files are read as a stream (:mod:`db.read`) and checked in batches; a file under
  :data:`STAGED_FROM_BYTES` keeps its English rows as Arrow tables and stores them with one
  statement per table at the end (full row groups, written on both cores), while a writer
  thread computes each batch's search-index rows (db.search_index, kept current in the same
  transaction); a larger one (a 2 GB ``all_cards``) goes through committed scratch tables,
  in bounded memory.
- Each file loads in one transaction: an interrupted load (Ctrl-C, a crash, a
  truncated gzip) leaves the database exactly as it was before that file, and a
  re-run skips the files already loaded (``loaded_files``), so a long multi-file
  load resumes.
- Cards are upserted by ``oracle_id``, so loading twice changes nothing.
- A ``lang: ja`` printing does not add a card: it fills the ``*_ja`` columns of
  its ``oracle_id`` (through ``cards_ja``, so file order does not matter). Other
  languages are skipped and counted.
- A bad record (not JSON, no ``name``, no ``oracle_id``) is reported with file,
  line and reason, and the rest of the file loads.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import duckdb
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from classifier import SCREEN_PATTERNS, may_have_tags
from db import card_sql, search_index
from db.arrow_values import booleans, integers, strings
from db.batch_check import CheckedBatch, check_batch, may_tag, row_table
from db.card_rows import empty_rows, english_table, json_text_array, with_row_columns
from db.errors import BadCardData
from db.mechanics import tag_table
from db.read import iter_objects, iter_raw_objects, parse_line
from db.records import RULING_COLUMNS, RecordError, check_card, ruling_row
from db.store import Store, sigint_held

BATCH_SIZE = 20_000
# Files this large or larger load through committed scratch tables (bounded memory).
STAGED_FROM_BYTES = 256 * 1024 * 1024
STAGED_MEMORY_LIMIT = os.environ.get("MTGKIT_LOAD_MEMORY", "512MB")
# Bad records kept per load for the report (the rest are counted): a file of a million
# bad lines must not fill memory with their messages.
MAX_ERRORS = 1000


@dataclass
class LoadReport:
    """What a load did, for the CLI to print and for tests to check."""

    files: int = 0
    files_skipped: int = 0
    cards: int = 0
    faces: int = 0
    ja_printings: int = 0
    rulings: int = 0
    other_languages: Counter[str] = field(default_factory=Counter)
    errors: list[BadCardData] = field(default_factory=list)
    errors_not_kept: int = 0

    @property
    def bad_records(self) -> int:
        return len(self.errors) + self.errors_not_kept

    def add_error(self, error: BadCardData) -> None:
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(error)
        else:
            self.errors_not_kept += 1

    def merge(self, other: LoadReport) -> None:
        self.files += other.files
        self.files_skipped += other.files_skipped
        self.cards += other.cards
        self.faces += other.faces
        self.ja_printings += other.ja_printings
        self.rulings += other.rulings
        self.other_languages.update(other.other_languages)
        for error in other.errors:
            self.add_error(error)
        self.errors_not_kept += other.errors_not_kept


ProgressHook = Callable[[Path, int], None]
# A card object -> its card_mechanics rows (oracle_id, mechanic, role, face, evidence, lang).
Tagger = Callable[[dict[str, Any]], Iterable[tuple[Any, ...]]]


def _arrow(columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> pa.Table:
    values = list(zip(*rows, strict=True)) if rows else [[] for _ in columns]
    arrays = [
        strings(list(col))
        for name, col in zip(columns, values, strict=True)
    ]
    return pa.Table.from_arrays(arrays, names=list(columns))


def _file_key(path: Path) -> tuple[str, int, float]:
    stat = path.stat()
    return str(path.resolve()), stat.st_size, stat.st_mtime


def _already_loaded(con: duckdb.DuckDBPyConnection, path: Path, kind: str) -> bool:
    key, size, mtime = _file_key(path)
    row = con.execute(
        "SELECT size, mtime FROM loaded_files WHERE path = ? AND kind = ?", [key, kind]
    ).fetchone()
    return row is not None and row[0] == size and row[1] == mtime


def _mark_loaded(con: duckdb.DuckDBPyConnection, path: Path, kind: str, records: int) -> None:
    key, size, mtime = _file_key(path)
    con.execute(
        "INSERT OR REPLACE INTO loaded_files (path, kind, size, mtime, records, loaded_at) "
        "VALUES (?, ?, ?, ?, ?, now())",
        [key, kind, size, mtime, records],
    )


class _CardBatch:
    """A batch of validated records, appended to the load's scratch tables in a writer thread.

    English records are kept as their JSON text, which the writer thread reads into one Arrow
    table (db.card_rows) for SQL to map (db.card_sql); Japanese printings are staged as JSON
    text that DuckDB's JSON functions read (db.card_sql). Parsed objects are not kept past
    their checks, so a batch holds its records' text only. English records are
    de-duplicated here (the last line of an ``oracle_id`` wins; a card seen in an earlier
    batch has its scratch rows replaced). Every record's Scryfall ``id`` and line go to the
    temporary table ``_load_ids``, for the duplicate report at the end of a file. The
    scratch tables are moved into the real ones by :data:`db.card_sql.STAGED_MERGE`.
    """

    def __init__(self, con: duckdb.DuckDBPyConnection, *, keep: bool = False,
                 index: bool = False, tagger: Tagger | None = None) -> None:
        self.con = con
        # tagger: each English record's tags, computed here as it is read (its rows in
        # tags; an empty list for a record the screen turned away)
        self.tagger = tagger
        self.tags: dict[str, list[tuple[Any, ...]]] = {}
        # keep: the English rows stay here as Arrow tables (one per batch) for the file's
        # merge, rather than in the scratch tables; index: each batch's search-index rows
        # are computed as it is written (db.search_index.load_batch_sql)
        self.keep = keep
        self.index = index
        self.tables: list[pa.Table] = []
        self.last_batch: dict[str, int] = {}  # a card in several batches: its last one
        self.english_batches = 0  # batches of English records handed to the writer
        self.english: dict[str, tuple[int, bytes, bool, int]] = {}
        # The batch's records as checked together (db.batch_check), which its English rows
        # are then taken from by row number; None when they were checked one by one.
        self.checked: CheckedBatch | None = None
        self.japanese: list[tuple[int, str, str, bytes, bool]] = []
        self.ids: list[str | None] = []
        self.id_lines: list[int] = []
        self.seen: set[str] = set()  # English oracle_ids already in the scratch tables
        # a whole batch of English records of distinct cards (add_block), or None
        self.block: tuple[list[int], list[bytes], CheckedBatch, list[bool]] | None = None
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtgkit-load")
        self._pending: Future[None] | None = None
        con.execute("CREATE OR REPLACE TEMP TABLE _load_ids (id VARCHAR, line BIGINT)")

    def __len__(self) -> int:
        return len(self.english) + len(self.japanese) + len(self.block[0] if self.block else ())

    def add_block(self, lines: list[int], raws: list[bytes], checked: CheckedBatch,
                  may_tag: list[bool]) -> None:
        """A whole checked batch of English records of distinct cards, taken as it is: no
        Python step per record but the tagger's, on the records the screen let through."""
        self.block = (lines, raws, checked, may_tag)
        if self.tagger is not None:
            tagger, loads, oracle_ids = self.tagger, orjson.loads, checked.oracle_ids
            if not self.seen.isdisjoint(oracle_ids):  # a later record of a card wins
                for oracle_id in self.seen.intersection(oracle_ids):
                    self.tags.pop(oracle_id, None)
            for row in (i for i, may in enumerate(may_tag) if may):
                self.tags[oracle_ids[row]] = list(tagger(loads(raws[row])))

    def add(self, line: int, lang: str, oracle_id: str, card_id: Any, raw: bytes,
            may_tag: bool, row: int = -1) -> None:
        """One checked record; ``row`` is its row in :attr:`checked`, if it has one."""
        if lang == "en":
            self.english[oracle_id] = (line, raw, may_tag, row)
            if self.tagger is not None:
                self.tags[oracle_id] = list(self.tagger(orjson.loads(raw))) if may_tag else []
        else:
            self.japanese.append((line, lang, oracle_id, raw, may_tag))
        if card_id is not None:
            self.ids.append(card_id)
            self.id_lines.append(line)

    def flush(self) -> None:
        """Hand the batch to DuckDB, in the writer thread: Python reads and checks the next
        batch meanwhile (DuckDB releases the GIL while it runs). One batch is in flight at a
        time, in order; an error in it is raised here or by :meth:`wait`."""
        ids = None
        if self.block is not None:
            return self._flush_block()
        if self.ids:
            ids = pa.Table.from_arrays(
                [strings(self.ids), integers(self.id_lines)],
                names=["id", "line"])
            self.ids, self.id_lines = [], []
        english = None
        if self.english:
            lines, raws, may_tag, rows = zip(*self.english.values(), strict=True)
            rows_table = None
            if self.checked is not None:  # the rows' fields are read already
                rows_table = row_table(self.checked, rows)
            repeats = self._note_english(self.english)
            english = (list(self.english), lines, raws, may_tag, rows_table, repeats)
        self.checked = None
        stage = None
        if self.japanese:
            lines, langs, oracle_ids, raws, may_tag = zip(*self.japanese, strict=True)
            stage = pa.Table.from_arrays(
                [integers(lines), strings(langs), strings(oracle_ids),
                 json_text_array(raws),
                 booleans(may_tag)],
                names=["line", "lang", "oracle_id", "raw", "may_tag"],
            )
        self.english = {}
        self.japanese = []
        self.wait()
        if ids is None and english is None and stage is None:
            return
        self._pending = self._writer.submit(self._write, ids, english, stage)

    def _note_english(self, oracle_ids: Iterable[str]) -> bool:
        """Count a batch of English cards (in the main thread: the writer may still hold the
        previous batch, whose table it has not kept yet); True when some were in an earlier
        batch: their last batch is noted, and english_rows keeps only its record."""
        repeats = not self.seen.isdisjoint(oracle_ids)
        if repeats:
            self.last_batch.update(dict.fromkeys(self.seen.intersection(oracle_ids),
                                                 self.english_batches))
        self.seen.update(oracle_ids)
        self.english_batches += 1
        return repeats

    def _flush_block(self) -> None:
        """:meth:`flush` of a block (add_block): its columns are the checked table's."""
        assert self.block is not None
        lines, raws, checked, may_tag = self.block
        self.block = None
        oracle_ids = checked.oracle_ids
        ids = pa.table({"id": checked.id_column(), "line": pa.chunked_array([integers(lines)])})
        if ids["id"].null_count:  # (a record without an id is in no duplicate report)
            ids = ids.filter(pc.is_valid(ids["id"]))
        repeats = self._note_english(oracle_ids)
        english = (oracle_ids, lines, raws, may_tag, row_table(checked, None), repeats)
        self.wait()
        self._pending = self._writer.submit(self._write, ids, english, None)

    def wait(self) -> None:
        """Wait for the batch in flight (also when unwinding from an error or Ctrl-C, so the
        transaction is never rolled back under a running statement)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def close(self) -> None:
        try:
            self.wait()
        finally:
            self._writer.shutdown(wait=True)

    def _write(self, ids: pa.Table | None, english: tuple[Any, ...] | None,
               stage: pa.Table | None) -> None:
        con = self.con
        if ids is not None:
            con.register("_batch_ids", ids)
            con.execute("INSERT INTO _load_ids SELECT * FROM _batch_ids")
            con.unregister("_batch_ids")
        if english is not None:
            oracle_ids, lines, raws, may_tag, rows_table, repeats = english
            if rows_table is None:
                table = english_table(oracle_ids, lines, raws, may_tag)
            else:
                table = with_row_columns(rows_table, oracle_ids, lines, raws, may_tag)
            con.register("_en_json", table)
            if repeats and not self.keep:  # a card of an earlier batch: this record wins
                con.execute(card_sql.SCRATCH_FORGET_CARDS)
                con.execute(card_sql.SCRATCH_FORGET_FACES)
            if self.keep:
                self.tables.append(table)
            else:
                con.execute(card_sql.EN_STAGED_CARDS)
                con.execute(card_sql.EN_STAGED_FACES)
            if self.index:
                if repeats:
                    con.execute(search_index.load_forget_sql("_en_json"))
                con.execute(search_index.load_batch_sql(card_sql.EN_SEARCH_CARDS,
                                                        card_sql.EN_FACES))
            con.unregister("_en_json")
        if stage is None:
            return
        con.register("_stage", stage)
        con.execute(card_sql.STAGE_PARSED)
        con.execute(card_sql.STAGED_BATCH_JA)
        con.execute(card_sql.DROP_PARSED)
        con.unregister("_stage")

    def english_rows(self) -> pa.Table:
        """The kept English rows of the whole file, one per oracle_id (its last record)."""
        tables = []
        for number, table in enumerate(self.tables):
            replaced = [oid for oid, last in self.last_batch.items() if last != number]
            if replaced:
                table = table.filter(pc.invert(pc.is_in(table["oracle_id"],
                                                        strings(replaced))))
            tables.append(table)
        if not tables:
            return empty_rows()
        return pa.concat_tables(tables)

    def duplicates(self, path: Path, limit: int) -> list[BadCardData]:
        """A file's records that repeat an earlier record's ``id`` (one error each)."""
        rows = self.con.execute(
            "SELECT id, lines FROM (SELECT id, list(line ORDER BY line) AS lines "
            "FROM _load_ids GROUP BY id HAVING count(*) > 1) ORDER BY lines[1] LIMIT ?",
            [limit]).fetchall()
        self.con.execute("DROP TABLE IF EXISTS _load_ids")
        return [
            BadCardData(str(path), line, f"duplicate id {card_id} (first at line {lines[0]}); "
                        "the later record of its card wins")
            for card_id, lines in rows for line in lines[1:]
        ]


def apply_japanese(con: duckdb.DuckDBPyConnection) -> None:
    """Copy what ``cards_ja`` knows into the ``*_ja`` columns of cards and faces."""
    con.execute(card_sql.APPLY_JA_CARDS)
    con.execute(card_sql.APPLY_JA_FACES)


def _read_card_file(batch: _CardBatch, path: Path, progress: ProgressHook | None
                    ) -> tuple[LoadReport, int]:
    """Validate every record of ``path`` and hand it in batches to ``batch``; returns
    (report, records)."""
    report = LoadReport(files=1)
    try:
        return _read_records(batch, report, path, progress)
    finally:
        with sigint_held():  # never unwind (and roll back) under a running batch
            batch.close()


def _count_language(report: LoadReport, lang: str) -> bool:
    """Count a checked record by its language; False for a language that is not stored."""
    if lang == "en":
        report.cards += 1
    elif lang == "ja":
        report.ja_printings += 1
    else:
        report.other_languages[str(lang)] += 1
        return False
    return True


def _add_object(batch: _CardBatch, report: LoadReport, name: str, line: int,
                obj: dict[str, Any], raw: bytes) -> None:
    """Check one parsed record (db.records, which names a bad field) and add it."""
    try:
        oracle_id = check_card(obj)
    except RecordError as exc:
        report.add_error(BadCardData(name, line, str(exc)))
        return
    lang = obj.get("lang") or "en"
    if not _count_language(report, lang):
        return
    # Japanese printings may change a card's tags whatever they say (see tag_pending)
    batch.add(line, lang, oracle_id, obj.get("id"), raw, lang != "en" or may_have_tags(obj))


def _add_lines(batch: _CardBatch, report: LoadReport, name: str, lines: list[int],
               raws: list[bytes]) -> None:
    """Check a batch of JSON Lines records together (db.batch_check) and add them; if any
    of them might fail the checks, parse and check each on its own instead, so that each bad
    one is reported by its line and field and the rest still load."""
    checked = check_batch(raws)
    if checked is None:
        for line, raw in zip(lines, raws, strict=True):
            obj = parse_line(name, line, raw)
            if obj is None:
                continue
            if type(obj) is not dict:
                report.add_error(obj)  # type: ignore[arg-type]
                continue
            _add_object(batch, report, name, line, obj, raw)
        return
    may = may_tag(checked.table, SCREEN_PATTERNS)
    if checked.english and not len(batch) and len(set(checked.oracle_ids)) == len(raws):
        report.cards += len(raws)
        batch.add_block(lines, raws, checked, may)
        return
    batch.checked = checked
    for row, (line, raw, lang, oracle_id, card_id) in enumerate(zip(
            lines, raws, checked.langs, checked.oracle_ids, checked.ids, strict=True)):
        if _count_language(report, lang):
            batch.add(line, lang, oracle_id, card_id, raw, lang != "en" or may[row], row)


def _read_records(batch: _CardBatch, report: LoadReport, path: Path,
                  progress: ProgressHook | None) -> tuple[LoadReport, int]:
    seen = 0
    name = str(path)
    lines: list[int] = []
    raws: list[bytes] = []
    for line, obj, raw in iter_raw_objects(path, parse=False):
        seen += 1
        if raw is None:  # a BadCardData from the reader
            report.add_error(obj)  # type: ignore[arg-type]
            continue
        if obj is None:  # a JSON Lines record, checked with the rest of its batch
            lines.append(line)
            raws.append(raw)
            if len(raws) < BATCH_SIZE:
                continue
            _add_lines(batch, report, name, lines, raws)
            lines, raws = [], []
        else:  # an element of a JSON array, parsed by the reader
            _add_object(batch, report, name, line, obj, raw)  # type: ignore[arg-type]
            if len(batch) < BATCH_SIZE:
                continue
        batch.flush()
        if progress is not None:
            progress(path, seen)
    if raws:
        _add_lines(batch, report, name, lines, raws)
    batch.flush()
    batch.wait()
    for error in batch.duplicates(path, MAX_ERRORS):
        report.add_error(error)
    if progress is not None:
        progress(path, seen)
    return report, seen


def _finish(con: duckdb.DuckDBPyConnection, path: Path, seen: int) -> None:
    """After the merge: Japanese text into cards not in the file, marks, the file record."""
    apply_japanese(con)
    con.execute(card_sql.MARK_UNTAGGED_JA)
    _mark_loaded(con, path, "cards", seen)


def _load_card_file(store: Store, path: Path, progress: ProgressHook | None,
                    tagger: Tagger | None = None) -> LoadReport:
    """Load one file atomically (and with ``tagger``, tag its English cards as they are
    read, storing their tags with them; see :func:`load_card_files`).

    Files up to :data:`STAGED_FROM_BYTES` load inside one transaction: their English rows
    are kept as Arrow tables and stored by one statement per table at the end (db.card_sql
    ``ARROW_MERGE``), and the search index is kept current in the same transaction (its
    rows for each batch computed as the batch is written; db.search_index). DuckDB keeps a
    transaction's work in memory, so larger files (a 2 GB ``all_cards``) are parsed batch
    by batch into committed scratch tables under a memory limit, and only the final merge
    into the real tables is one transaction (the index is then rebuilt after the load).
    Either way the real tables see all of the file or none of it, and ``loaded_files``
    records it in that same transaction, so a file that failed part-way is never recorded
    as loaded.
    """
    if path.stat().st_size < STAGED_FROM_BYTES:
        with store.transaction() as con:
            for sql in card_sql.scratch_create(temp=True):
                con.execute(sql)
            index = search_index.load_start(con)
            batch = _CardBatch(con, keep=True, index=index, tagger=tagger)
            report, seen = _read_card_file(batch, path, progress)
            con.register("_en_json", batch.english_rows())
            batch.tables = []
            for sql in card_sql.ARROW_MERGE:
                con.execute(sql)
            if tagger is None:
                con.execute(card_sql.ARROW_MARK_UNTAGGED)
            else:
                con.register("_stream_tags", tag_table(
                    [row for rows in batch.tags.values() for row in rows]))
                for sql in card_sql.STREAM_TAGS:
                    con.execute(sql)
                con.unregister("_stream_tags")
            con.unregister("_en_json")
            _finish(con, path, seen)
            if index:
                search_index.load_finish(con, "(SELECT DISTINCT oracle_id FROM _load_ja)")
            for sql in card_sql.STAGED_DROP:
                con.execute(sql)
        return report
    con = store.con
    old_limit = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
    con.execute("SET memory_limit = ?", [STAGED_MEMORY_LIMIT])
    try:
        for sql in card_sql.scratch_create(temp=False):
            con.execute(sql)
        report, seen = _read_card_file(_CardBatch(con), path, progress)
        with store.transaction() as tx:
            for sql in card_sql.STAGED_MERGE:
                tx.execute(sql)
            _finish(tx, path, seen)
    finally:
        for sql in card_sql.STAGED_DROP:
            con.execute(sql)
        con.execute("SET memory_limit = ?", [old_limit])
    return report


def _load_ruling_file(store: Store, path: Path, progress: ProgressHook | None) -> LoadReport:
    report = LoadReport(files=1)
    rows: list[tuple[Any, ...]] = []
    with store.transaction() as con:
        for line, obj in iter_objects(path):
            if isinstance(obj, BadCardData):
                report.add_error(obj)
                continue
            try:
                rows.append(ruling_row(obj))
            except RecordError as exc:
                report.add_error(BadCardData(str(path), line, str(exc)))
        unique = list(dict.fromkeys(rows))
        table = _arrow(RULING_COLUMNS, unique)
        con.register("_batch_rulings", table)
        # Rulings have no id: a ruling is the same when card, date and text are.
        con.execute(
            "INSERT INTO rulings SELECT b.oracle_id, b.source, TRY_CAST(b.published_at AS DATE), "
            "b.comment FROM _batch_rulings b WHERE NOT EXISTS (SELECT 1 FROM rulings r "
            "WHERE r.oracle_id = b.oracle_id AND r.comment = b.comment "
            "AND r.published_at IS NOT DISTINCT FROM TRY_CAST(b.published_at AS DATE))"
        )
        con.unregister("_batch_rulings")
        report.rulings = len(unique)
        _mark_loaded(con, path, "rulings", len(rows))
    if progress is not None:
        progress(path, len(rows))
    return report


def _load_files(
    store: Store,
    paths: Iterable[Path | str],
    kind: str,
    loader: Callable[[Store, Path, ProgressHook | None], LoadReport],
    progress: bool | ProgressHook,
    force: bool,
) -> LoadReport:
    report = LoadReport()
    hook = _rich_hook() if progress is True else (progress or None)
    try:
        for raw in paths:
            path = Path(raw)
            if not path.is_file():
                raise FileNotFoundError(f"{path}: no such file")
            if not force and _already_loaded(store.con, path, kind):
                report.files_skipped += 1
                continue
            report.merge(loader(store, path, hook if callable(hook) else None))
    finally:
        if hasattr(hook, "close"):
            hook.close()  # type: ignore[union-attr]
    return report


def load_card_files(
    store: Store,
    paths: Iterable[Path | str],
    *,
    progress: bool | ProgressHook = True,
    force: bool = False,
    index: bool = True,
    tagger: Tagger | None = None,
) -> LoadReport:
    """Load Scryfall card files (``.json``, ``.jsonl``, ``.jsonl.gz``) into cards and faces.

    A file already loaded (same path, size and mtime) is skipped unless ``force``. The search
    index is kept current by each load (db/search_index); when it was not current before,
    it is refreshed once at the end, unless ``index`` is false: the caller
    (``pipeline.build``) then refreshes it itself, beside the tagging step.

    ``tagger`` (``pipeline.build``'s classifier: a card object -> its ``card_mechanics``
    rows) tags the English cards of files loaded in one transaction as they are read, in
    the time Python would otherwise wait for DuckDB, and their tags are stored with them;
    the cards it could not tag so (with Japanese text, which is not read yet; those of
    large files) are marked in ``cards_untagged`` for the tagging step, as every card is
    without a tagger.
    """
    loader = _load_card_file if tagger is None else partial(_load_card_file, tagger=tagger)
    report = _load_files(store, paths, "cards", loader, progress, force)
    if index and not search_index.is_current(store.con):
        from db.search import ensure_index  # (the query language: imported when needed)

        ensure_index(store.con)
    return report


def load_ruling_files(
    store: Store,
    paths: Iterable[Path | str],
    *,
    progress: bool | ProgressHook = True,
    force: bool = False,
) -> LoadReport:
    """Load Scryfall ruling objects into ``rulings`` (a ruling already there is not added twice)."""
    return _load_files(store, paths, "rulings", _load_ruling_file, progress, force)


class _RichProgress:
    """A rich progress line per file, only on an interactive terminal."""

    def __init__(self) -> None:
        self.enabled = os.isatty(2)
        self.tasks: dict[Path, Any] = {}
        if not self.enabled:  # (rich is imported only for a terminal: 20 ms of start-up)
            return
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            SpinnerColumn(), TextColumn("{task.description}"),
            TextColumn("{task.completed:,} records"), TimeElapsedColumn(), transient=True,
        )
        self.progress.start()

    def __call__(self, path: Path, records: int) -> None:
        if not self.enabled:
            return
        if path not in self.tasks:
            self.tasks[path] = self.progress.add_task(f"loading {path.name}", total=None)
        self.progress.update(self.tasks[path], completed=records)

    def close(self) -> None:
        if self.enabled:
            self.progress.stop()


def _rich_hook() -> _RichProgress:
    return _RichProgress()
