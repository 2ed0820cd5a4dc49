"""Streaming loaders: Scryfall card and ruling files into the store.

Why this shape:
- Files are read as a stream (:mod:`db.read`) and written in batches, so a 2 GB
  ``all_cards`` file loads in bounded memory.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from db.errors import BadCardData
from db.read import iter_objects
from db.records import (
    CARD_COLUMNS,
    FACE_COLUMNS,
    JA_COLUMNS,
    RULING_COLUMNS,
    RecordError,
    english_rows,
    japanese_rows,
    ruling_row,
)
from db.store import Store

BATCH_SIZE = 20_000

_STRING_LIST = pa.list_(pa.string())
_CARD_TYPES = {"cmc": pa.float64(), "keywords": _STRING_LIST, "colors": _STRING_LIST,
               "color_identity": _STRING_LIST, "face_index": pa.int32()}


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

    def merge(self, other: LoadReport) -> None:
        self.files += other.files
        self.files_skipped += other.files_skipped
        self.cards += other.cards
        self.faces += other.faces
        self.ja_printings += other.ja_printings
        self.rulings += other.rulings
        self.other_languages.update(other.other_languages)
        self.errors.extend(other.errors)


ProgressHook = Callable[[Path, int], None]


def _arrow(columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> pa.Table:
    values = list(zip(*rows, strict=True)) if rows else [[] for _ in columns]
    arrays = [
        pa.array(list(col), type=_CARD_TYPES.get(name, pa.string()))
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
    """Collects rows and writes them in one go; later objects with the same id win."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self.cards: dict[str, tuple[Any, ...]] = {}
        self.faces: dict[str, list[tuple[Any, ...]]] = {}
        self.ja: dict[tuple[str, int], tuple[Any, ...]] = {}

    def __len__(self) -> int:
        return len(self.cards) + len(self.ja)

    def add_english(self, obj: dict[str, Any]) -> None:
        rows = english_rows(obj)
        oracle_id = rows.card[0]
        self.cards[oracle_id] = rows.card
        self.faces[oracle_id] = rows.faces

    def add_japanese(self, obj: dict[str, Any]) -> None:
        for row in japanese_rows(obj):
            key = (row[0], row[1])
            old = self.ja.get(key)
            # Several Japanese printings: keep the first non-empty value of each field.
            self.ja[key] = row if old is None else tuple(
                o if o else n for o, n in zip(old, row, strict=True)
            )

    def flush(self) -> None:
        con = self.con
        if self.cards:
            cards = _arrow(CARD_COLUMNS, list(self.cards.values()))
            faces = _arrow(FACE_COLUMNS, [r for rows in self.faces.values() for r in rows])
            con.register("_batch_cards", cards)
            con.register("_batch_faces", faces)
            con.execute(
                "INSERT OR REPLACE INTO cards SELECT oracle_id, name, layout, mana_cost, cmc, "
                "type_line, oracle_text, keywords, colors, color_identity, power, toughness, "
                'loyalty, "set", TRY_CAST(released_at AS DATE), name_ja, type_line_ja, text_ja, '
                "source, CAST(data AS JSON) FROM _batch_cards"
            )
            con.execute(
                "DELETE FROM card_faces WHERE oracle_id IN (SELECT oracle_id FROM _batch_cards)"
            )
            con.execute("INSERT INTO card_faces SELECT * FROM _batch_faces")
            con.unregister("_batch_cards")
            con.unregister("_batch_faces")
        if self.ja:
            ja = _arrow(JA_COLUMNS, list(self.ja.values()))
            con.register("_batch_ja", ja)
            con.execute(
                "INSERT INTO cards_ja SELECT * FROM _batch_ja ON CONFLICT DO UPDATE SET "
                "name_ja = COALESCE(cards_ja.name_ja, excluded.name_ja), "
                "type_line_ja = COALESCE(cards_ja.type_line_ja, excluded.type_line_ja), "
                "text_ja = COALESCE(cards_ja.text_ja, excluded.text_ja)"
            )
            con.unregister("_batch_ja")
        self.cards.clear()
        self.faces.clear()
        self.ja.clear()


def apply_japanese(con: duckdb.DuckDBPyConnection) -> None:
    """Copy what ``cards_ja`` knows into the ``*_ja`` columns of cards and faces."""
    con.execute(
        "UPDATE cards SET name_ja = j.name_ja, type_line_ja = j.type_line_ja, text_ja = j.text_ja "
        "FROM cards_ja j WHERE j.oracle_id = cards.oracle_id AND j.face_index = -1 "
        "AND (cards.name_ja IS DISTINCT FROM j.name_ja OR cards.text_ja IS DISTINCT FROM j.text_ja "
        "OR cards.type_line_ja IS DISTINCT FROM j.type_line_ja)"
    )
    con.execute(
        "UPDATE card_faces SET name_ja = j.name_ja, type_line_ja = j.type_line_ja, "
        "text_ja = j.text_ja FROM cards_ja j WHERE j.oracle_id = card_faces.oracle_id "
        "AND j.face_index = card_faces.face_index "
        "AND (card_faces.name_ja IS DISTINCT FROM j.name_ja "
        "OR card_faces.text_ja IS DISTINCT FROM j.text_ja "
        "OR card_faces.type_line_ja IS DISTINCT FROM j.type_line_ja)"
    )


def _load_card_file(
    store: Store, path: Path, progress: ProgressHook | None
) -> LoadReport:
    report = LoadReport(files=1)
    with store.transaction() as con:
        batch = _CardBatch(con)
        seen = 0
        for line, obj in iter_objects(path):
            seen += 1
            if isinstance(obj, BadCardData):
                report.errors.append(obj)
                continue
            lang = obj.get("lang") or "en"
            try:
                if obj.get("object") not in (None, "card"):
                    raise RecordError(f"not a card object (object={obj.get('object')!r})")
                if lang == "en":
                    batch.add_english(obj)
                    report.cards += 1
                elif lang == "ja":
                    batch.add_japanese(obj)
                    report.ja_printings += 1
                else:
                    report.other_languages[str(lang)] += 1
            except RecordError as exc:
                report.errors.append(BadCardData(str(path), line, str(exc)))
            if len(batch) >= BATCH_SIZE:
                batch.flush()
            if progress is not None and seen % 2000 == 0:
                progress(path, seen)
        batch.flush()
        apply_japanese(con)
        _mark_loaded(con, path, "cards", seen)
    if progress is not None:
        progress(path, seen)
    return report


def _load_ruling_file(store: Store, path: Path, progress: ProgressHook | None) -> LoadReport:
    report = LoadReport(files=1)
    rows: list[tuple[Any, ...]] = []
    with store.transaction() as con:
        for line, obj in iter_objects(path):
            if isinstance(obj, BadCardData):
                report.errors.append(obj)
                continue
            try:
                rows.append(ruling_row(obj))
            except RecordError as exc:
                report.errors.append(BadCardData(str(path), line, str(exc)))
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
) -> LoadReport:
    """Load Scryfall card files (``.json``, ``.jsonl``, ``.jsonl.gz``) into cards and faces.

    A file already loaded (same path, size and mtime) is skipped unless ``force``.
    """
    return _load_files(store, paths, "cards", _load_card_file, progress, force)


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
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.enabled = os.isatty(2)
        self.progress = Progress(
            SpinnerColumn(), TextColumn("{task.description}"),
            TextColumn("{task.completed:,} records"), TimeElapsedColumn(), transient=True,
        )
        self.tasks: dict[Path, Any] = {}
        if self.enabled:
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
