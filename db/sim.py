"""Simulated-game rows (``sim_runs``, ``sim_games``, ``sim_events``) and the rulings read-out.

The rules engine produces plain records (:class:`rules_engine.sim_runner.GameRecord`-like
objects); this module is the only place they become SQL rows. Rows are inserted through Arrow
tables in batches (DuckDB ingests those far faster than row-by-row ``executemany``).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

from db.export import FORMATS, SIM_ORDER, atomic_path
from db.store import Store

SIM_TABLES = ("sim_games", "sim_events", "sim_runs")

GAME_COLUMNS = (
    "run_id", "game", "seed", "deck_a", "deck_b", "first_player", "winner", "winner_deck",
    "turns", "reason", "moves", "day_night_changes", "initiative_changes",
    "dungeons_completed", "prepare_spells_cast", "turns_ended_early",
)
EVENT_COLUMNS = ("run_id", "game", "seq", "turn", "step", "event", "player", "card")
_GAME_TYPES = (pa.int32(), pa.int32(), pa.int64(), pa.string(), pa.string(), pa.string(),
               pa.string(), pa.string(), pa.int32(), pa.string(), pa.int32(), pa.int32(),
               pa.int32(), pa.int32(), pa.int32(), pa.int32())
_EVENT_TYPES = (pa.int32(), pa.int32(), pa.int32(), pa.int32(), pa.string(), pa.string(),
                pa.string(), pa.string())


def start_run(store: Store, *, seed: int, games: int, policy: str, deck_a: str, deck_b: str,
              workers: int = 1, max_turns: int | None = None,
              spec_key: str | None = None) -> int:
    """Record a new run and return its id (the key of its games and events)."""
    row = store.con.execute(
        "INSERT INTO sim_runs (seed, games, policy, deck_a, deck_b, workers, max_turns, "
        "spec_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING run_id",
        [seed, games, policy, deck_a, deck_b, workers, max_turns, spec_key],
    ).fetchone()
    return int(row[0])


def unfinished_run(store: Store, spec_key: str, games: int) -> int | None:
    """The newest run of ``games`` games with this spec key that still lacks games, if any.

    Only a run whose key matches plays the same games (same cards, decks, seed, policy and
    limits), so resuming it yields the rows an uninterrupted run would have written.
    """
    row = store.con.execute(
        "SELECT r.run_id FROM sim_runs r WHERE r.spec_key = ? AND r.games = ? "
        "AND r.finished_at IS NULL AND (SELECT count(*) FROM sim_games g "
        "WHERE g.run_id = r.run_id) < r.games ORDER BY r.run_id DESC LIMIT 1",
        [spec_key, games]).fetchone()
    return int(row[0]) if row else None


def stored_game_numbers(store: Store, run_id: int) -> set[int]:
    """Game numbers of a run already in ``sim_games``."""
    rows = store.con.execute("SELECT game FROM sim_games WHERE run_id = ?", [run_id]).fetchall()
    return {int(r[0]) for r in rows}


def finish_run(store: Store, run_id: int) -> None:
    """Mark a run complete (every game stored): it is never resumed again."""
    store.con.execute("UPDATE sim_runs SET finished_at = now() WHERE run_id = ?", [run_id])


def _table(columns: tuple[str, ...], types: tuple[pa.DataType, ...],
           rows: list[tuple[Any, ...]]) -> pa.Table:
    cols = list(zip(*rows, strict=True)) if rows else [() for _ in columns]
    return pa.table({name: pa.array(list(col), type=t)
                     for name, col, t in zip(columns, cols, types, strict=True)})


def record_tables(run_id: int, deck_a: str, deck_b: str,
                  records: Iterable[Any]) -> tuple[pa.Table, pa.Table]:
    """The ``sim_games`` and ``sim_events`` rows of game records, as Arrow tables (the one
    place records become rows: the database and the Parquet dataset get the same ones)."""
    games: list[tuple[Any, ...]] = []
    events: list[tuple[Any, ...]] = []
    decks = {"a": deck_a, "b": deck_b}
    for r in records:
        games.append((run_id, r.game, r.seed, deck_a, deck_b, r.first, r.winner,
                      decks.get(r.winner) if r.winner else None, r.turns, r.reason, r.moves,
                      r.day_night_changes, r.initiative_changes, r.dungeons_completed,
                      r.prepare_spells_cast, r.turns_ended_early))
        for seq, (turn, step, event, player, card) in enumerate(r.events):
            events.append((run_id, r.game, seq, turn, step, event, player, card))
    return (_table(GAME_COLUMNS, _GAME_TYPES, games),
            _table(EVENT_COLUMNS, _EVENT_TYPES, events))


def write_games(store: Store, run_id: int, deck_a: str, deck_b: str,
                records: Iterable[Any]) -> int:
    """Insert game records (and their events) of one run in one transaction; returns the count."""
    game_tab, event_tab = record_tables(run_id, deck_a, deck_b, records)
    return write_tables(store, game_tab, event_tab)


def write_tables(store: Store, game_tab: pa.Table, event_tab: pa.Table) -> int:
    """Insert ``sim_games``/``sim_events`` rows given as Arrow tables, in one transaction."""
    if not game_tab.num_rows:
        return 0
    with store.transaction() as con:
        con.register("_sim_games_in", game_tab)
        con.register("_sim_events_in", event_tab)
        try:
            con.execute(f"INSERT INTO sim_games ({', '.join(GAME_COLUMNS)}) "
                        f"SELECT {', '.join(GAME_COLUMNS)} FROM _sim_games_in")
            con.execute(f"INSERT INTO sim_events ({', '.join(EVENT_COLUMNS)}) "
                        f"SELECT {', '.join(EVENT_COLUMNS)} FROM _sim_events_in")
        finally:
            con.unregister("_sim_games_in")
            con.unregister("_sim_events_in")
    return game_tab.num_rows


def finished_run(store: Store, spec_key: str, games: int) -> int | None:
    """The newest finished run of ``games`` games with this spec key, if any: the same command
    run again would only store a duplicate of it."""
    row = store.con.execute(
        "SELECT run_id FROM sim_runs WHERE spec_key = ? AND games = ? "
        "AND finished_at IS NOT NULL ORDER BY run_id DESC LIMIT 1", [spec_key, games]).fetchall()
    return int(row[0][0]) if row else None


def run_row(store: Store, run_id: int) -> dict[str, Any] | None:
    """The ``sim_runs`` row of a run, or None when there is no such run."""
    cur = store.con.execute("SELECT * FROM sim_runs WHERE run_id = ?", [run_id])
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    return dict(zip(names, rows[0], strict=True)) if rows else None


def run_tables(store: Store, run_id: int, games: Iterable[int] | None = None,
               ) -> tuple[pa.Table, pa.Table]:
    """Stored ``sim_games``/``sim_events`` rows of a run (optionally only some game numbers)
    as Arrow tables with the columns of :func:`record_tables`."""
    where, params = "run_id = ?", [run_id]
    if games is not None:
        where += " AND list_contains(?, game)"
        params.append(sorted(games))
    game_tab = store.con.sql(
        f"SELECT {', '.join(GAME_COLUMNS)} FROM sim_games WHERE {where} ORDER BY game",
        params=params).to_arrow_table()
    event_tab = store.con.sql(
        f"SELECT {', '.join(EVENT_COLUMNS)} FROM sim_events WHERE {where} ORDER BY game, seq",
        params=params).to_arrow_table()
    return (game_tab.cast(pa.schema(list(zip(GAME_COLUMNS, _GAME_TYPES, strict=True)))),
            event_tab.cast(pa.schema(list(zip(EVENT_COLUMNS, _EVENT_TYPES, strict=True)))))


def game_rows(store: Store, run_id: int) -> list[dict[str, Any]]:
    """The ``sim_games`` rows of one run, in game order."""
    cur = store.con.execute(
        f"SELECT {', '.join(GAME_COLUMNS)} FROM sim_games WHERE run_id = ? ORDER BY game",
        [run_id])
    return [dict(zip(GAME_COLUMNS, row, strict=True)) for row in cur.fetchall()]


def event_counts(store: Store, run_id: int) -> dict[str, int]:
    """How many times each recorded event happened in one run."""
    rows = store.con.execute(
        "SELECT event, count(*) FROM sim_events WHERE run_id = ? GROUP BY event ORDER BY event",
        [run_id]).fetchall()
    return {name: int(n) for name, n in rows}


def export_sim_table(store: Store, table: str, fmt: str, out: Path,
                     run_id: int | None = None) -> int:
    """Write ``sim_games``, ``sim_events`` or ``sim_runs`` (optionally one run) to ``out``.

    Same formats as the card export (parquet, csv, jsonl); the file appears whole or not at
    all. Returns the number of rows written. (A Parquet dataset of ``simulate --out DIR`` is
    exported by :func:`db.sim_dataset.export_dataset_table`.)
    """
    check_sim_export(table, fmt)
    where, params = ("WHERE run_id = ?", [run_id]) if run_id is not None else ("", [])
    tab = store.con.sql(f"SELECT * FROM {table} {where} ORDER BY {SIM_ORDER[table]}",
                        params=params).to_arrow_table()
    with atomic_path(Path(out)) as tmp:
        if fmt == "parquet":
            pq.write_table(tab, tmp)
        elif fmt == "jsonl":
            with open(tmp, "wb") as fh:
                for record in tab.to_pylist():
                    fh.write(orjson.dumps(record, default=str) + b"\n")
        else:
            with open(tmp, "w", newline="", encoding="utf-8") as fh:
                writer = csv.writer(fh)
                writer.writerow(tab.column_names)
                for record in tab.to_pylist():
                    writer.writerow(["" if v is None else v for v in record.values()])
    return tab.num_rows


def check_sim_export(table: str, fmt: str) -> None:
    """A sim table and an export format, or ValueError naming the choices."""
    if table not in SIM_TABLES:
        raise ValueError(f"unknown table {table!r} (choose from {', '.join(SIM_TABLES)})")
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")


def rulings_with_cards(store: Store, mechanic: str | None = None) -> list[dict[str, Any]]:
    """Every stored ruling with its card's name and face names (for ``check-rulings``).

    With ``mechanic``, only cards tagged with it in ``card_mechanics``.
    """
    sql = (
        "SELECT c.oracle_id, c.name, "
        "  (SELECT list(f.name ORDER BY f.face_index) FROM card_faces f "
        "   WHERE f.oracle_id = c.oracle_id) AS faces, "
        "  r.published_at, r.comment "
        "FROM rulings r JOIN cards c USING (oracle_id) "
    )
    params: list[Any] = []
    if mechanic:
        sql += ("WHERE c.oracle_id IN (SELECT oracle_id FROM card_mechanics "
                "WHERE mechanic = ?) ")
        params.append(mechanic)
    sql += "ORDER BY c.name, r.published_at, r.comment"
    rows = store.con.execute(sql, params).fetchall()
    return [{"oracle_id": o, "name": n, "faces": list(f or []),
             "published_at": str(d) if d is not None else None, "comment": c}
            for o, n, f, d, c in rows]
