"""What a new user hit in the CLI (issue 13, item 4), each checked through the real command.

``--db`` everywhere and in every help, ``--version``, a ``--db`` that is not a database, the
reading commands beside other processes, the export's columns and tables, the search table's
width and costs, and the import graph of the CLI package.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from rich.cells import cell_len

from db import connect
from mtgkit.cli import build_parser, main

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "scenarios" / "day_night"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "cards.duckdb"
    assert main(["--db", str(db), "build"]) == 0
    return db


def _leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """Every (sub)command parser, with the words that reach it."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path, parser
    for action in subs:
        for name, child in action.choices.items():
            yield from _leaves(child, (*path, name))


COMMANDS = {
    "build": ["build"],
    "load": ["load", "rulings", str(REPO / "db" / "sample" / "rulings.jsonl")],
    "classify": ["classify"],
    "search": ["search", "mech:prepare"],
    "export": ["export", "--format", "csv", "--out", "out.csv"],
    "coverage": ["coverage"],
    "check-rulings": ["check-rulings", str(SCENARIO)],
    "play": ["play", str(SCENARIO)],
    "simulate": ["simulate", "--deck", "vanilla", "--games", "1", "--no-progress"],
    "scrape wiki": ["scrape", "wiki", "--base-url", "http://127.0.0.1:9/", "--title", "x",
                    "--delay", "0", "--retries", "1"],
    "scrape cards": ["scrape", "cards", "--api-base", "http://127.0.0.1:9/", "--named", "x",
                     "--delay", "0", "--retries", "1"],
}


# --- --db, --help, --version ----------------------------------------------------------------

def test_db_is_accepted_after_every_subcommand_and_listed_in_its_help():
    parser = build_parser()
    leaves = list(_leaves(parser))
    assert {("scrape", "wiki"), ("scrape", "cards")} <= {p for p, _ in leaves}
    for path, leaf in leaves:
        assert "--db PATH" in leaf.format_help(), f"mtgkit {' '.join(path)} --help lacks --db"
    for argv in COMMANDS.values():
        args = parser.parse_args([*argv, "--db", "after.duckdb"])
        assert args.db == "after.duckdb", argv
        before = parser.parse_args(["--db", "before.duckdb", *argv])
        assert before.db == "before.duckdb", argv  # an absent later --db does not erase it


def test_scrape_wiki_and_cards_accept_db_after_their_options(tmp_path, capsys):
    db = tmp_path / "w.duckdb"
    # refused before any request: no --title; the point is that argparse accepted --db
    assert main(["scrape", "wiki", "--db", str(db)]) == 2
    assert "give --title" in capsys.readouterr().err
    assert main(["scrape", "cards", "--delay", "0", "--db", str(db)]) == 2
    assert "give --bulk" in capsys.readouterr().err


def test_every_subcommand_help_has_a_description_with_examples():
    for path, leaf in _leaves(build_parser()):
        text = leaf.description or ""
        name = "mtgkit " + " ".join(path)
        assert "Examples" in text, f"{name} --help has no examples"
        assert any(line.strip().startswith(name) for line in text.splitlines()), name


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"mtgkit {metadata.version('mtgkit')}"


# --- a --db that is not a DuckDB database ---------------------------------------------------

def _not_databases(folder: Path) -> dict[str, Path]:
    files = {"cards.json": b'[{"oracle_id": "x", "name": "A"}]\n',
             "cards.jsonl.gz": gzip.compress(b'{"name": "A"}\n'), "empty.duckdb": b"",
             "notes.txt": "日本語のメモ\n".encode()}
    out = {}
    for name, data in files.items():
        (folder / name).write_bytes(data)
        out[name] = folder / name
    pq.write_table(pa.table({"a": [1, 2]}), folder / "x.parquet")
    out["x.parquet"] = folder / "x.parquet"
    return out




@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_db_that_is_not_duckdb_is_an_error_for_every_command(tmp_path, capsys, monkeypatch,
                                                              command):
    monkeypatch.chdir(tmp_path)
    for name, path in _not_databases(tmp_path).items():
        before = path.read_bytes()
        code = main(["--db", str(path), *COMMANDS[command]])
        err = capsys.readouterr().err
        assert code == 2, (command, name, err)
        assert f"--db {path} is not a DuckDB database" in err, (command, name, err)
        assert path.read_bytes() == before  # nothing written into it
        assert not Path("out.csv").exists()
    assert main(["--db", str(tmp_path), "search"]) == 2  # a directory
    assert "is a directory, not a DuckDB database" in capsys.readouterr().err


def test_every_command_is_checked_for_a_non_database(tmp_path):
    """The list above covers every (sub)command (new ones must be added to it)."""
    leaves = {" ".join(p) for p, _ in _leaves(build_parser())}
    leaves = {("load" if leaf.startswith("load") else leaf) for leaf in leaves}
    missing = leaves - set(COMMANDS) - {"serve", "report"}  # (helpers adding these test them)
    assert not missing, missing


# --- read-only opens beside other processes -------------------------------------------------

HOLD = """
import sys, duckdb
con = duckdb.connect(sys.argv[1], read_only=sys.argv[2] == "ro")
con.execute("SELECT count(*) FROM cards").fetchall()
print("holding", flush=True)
sys.stdin.read()
"""


def _hold(db: Path, mode: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(db), mode], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


def _release(proc: subprocess.Popen) -> None:
    proc.stdin.close()
    proc.wait(timeout=30)


def test_search_and_export_run_beside_another_reader(built, tmp_path, capsys):
    """DuckDB lets any number of processes hold one file read-only; search and export open it
    read-only, so they run while another process (here a second reader) has it open."""
    holder = _hold(built, "ro")
    try:
        assert main(["--db", str(built), "search", "mech:initiative", "--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out)
        out = tmp_path / "i.jsonl"
        assert main(["--db", str(built), "export", "--format", "jsonl", "--out", str(out),
                     "--mechanic", "initiative"]) == 0
        assert out.read_text(encoding="utf-8").strip()
        assert main(["--db", str(built), "export", "--table", "rulings", "--format", "csv",
                     "--out", str(tmp_path / "r.csv")]) == 0
    finally:
        _release(holder)


def test_a_writer_elsewhere_is_a_clear_error_not_a_traceback(built, capsys):
    """A process holding the file read-write locks out every other process, readers too
    (DuckDB's rule); the reading commands then say so in one line."""
    holder = _hold(built, "rw")
    try:
        assert main(["--db", str(built), "search", "mech:initiative"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("mtgkit: error:") and str(built) in err
        assert "open read-write in another process" in err
    finally:
        _release(holder)


def test_search_and_export_do_not_write_the_file(built, tmp_path, capsys):
    before = built.stat().st_mtime_ns, built.stat().st_size
    assert main(["--db", str(built), "search", "--mechanic", "prepare"]) == 0
    assert main(["--db", str(built), "export", "--format", "csv", "--out",
                 str(tmp_path / "p.csv")]) == 0
    assert (built.stat().st_mtime_ns, built.stat().st_size) == before


# --- export: columns and tables -------------------------------------------------------------

def test_export_has_a_date_rarity_collector_number_and_faces(built, tmp_path, capsys):
    out = tmp_path / "dn.parquet"
    assert main(["--db", str(built), "export", "--format", "parquet", "--out", str(out),
                 "--mechanic", "day_night"]) == 0
    table = pq.read_table(out)
    assert table.schema.field("released_at").type == pa.date32()
    rows = table.to_pylist()
    with connect(built, read_only=True) as store:
        stored = {r[0]: r[1:] for r in store.con.execute(
            "SELECT oracle_id, released_at, json_extract_string(data, '$.rarity'), "
            "json_extract_string(data, '$.collector_number') FROM cards").fetchall()}
        faces = {r[0]: r[1] for r in store.con.execute(
            "SELECT oracle_id, list(mana_cost ORDER BY face_index) FROM card_faces "
            "GROUP BY oracle_id").fetchall()}
    assert rows
    for row in rows:
        assert (row["released_at"], row["rarity"], row["collector_number"]) == \
            stored[row["oracle_id"]]
        assert [f["mana_cost"] for f in row["faces"]] == faces.get(row["oracle_id"], [])
        assert [f["face_index"] for f in row["faces"]] == list(range(len(row["faces"])))
    transform = [r for r in rows if r["layout"] == "transform"]
    assert transform and all(len(r["faces"]) == 2 and r["faces"][0]["mana_cost"]
                             for r in transform)


def test_export_csv_and_jsonl_carry_the_new_columns(built, tmp_path, capsys):
    out = tmp_path / "all.csv"
    assert main(["--db", str(built), "export", "--format", "csv", "--out", str(out)]) == 0
    import csv

    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert {"released_at", "rarity", "collector_number", "faces"} <= set(rows[0])
    assert all(len(r["released_at"]) == 10 for r in rows if r["released_at"])
    assert all(isinstance(json.loads(r["faces"]), list) for r in rows)
    jl = tmp_path / "all.jsonl"
    assert main(["--db", str(built), "export", "--format", "jsonl", "--out", str(jl)]) == 0
    first = json.loads(jl.read_text(encoding="utf-8").splitlines()[0])
    assert {"rarity", "collector_number", "faces"} <= set(first)


def test_wiki_tables_are_reachable_with_table(built, tmp_path, capsys):
    db = tmp_path / "wiki.duckdb"
    shutil.copy(built, db)
    with connect(db) as store:
        store.con.execute(
            "INSERT INTO wiki_links (title, position, target, target_ja, target_en) VALUES "
            "('昼', 0, '夜/Night', '夜', 'Night'), ('昼', 1, '日暮', '日暮', NULL)")
        store.con.execute("INSERT INTO wiki_dungeon_rooms (title, dungeon_index, position, "
                          "room, leads_to) VALUES ('地下街', 0, 0, '広場', ['a', 'b'])")
    out = tmp_path / "links.jsonl"
    assert main(["--db", str(db), "export", "--table", "wiki_links", "--format", "jsonl",
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["position"], r["target_ja"], r["target_en"]) for r in rows] == [
        (0, "夜", "Night"), (1, "日暮", None)]
    assert "2 wiki_links rows written" in capsys.readouterr().out
    rooms = tmp_path / "rooms.parquet"
    assert main(["--db", str(db), "export", "--table", "wiki_dungeon_rooms", "--format",
                 "parquet", "--out", str(rooms)]) == 0
    assert pq.read_table(rooms).to_pylist()[0]["leads_to"] == ["a", "b"]


@pytest.mark.parametrize("argv, message", [
    (["--table", "sim_games", "--run", "99"], "no simulation run 99"),
    (["--table", "sim_events", "--mechanic", "prepare"], "--mechanic choose(s) cards"),
    (["--table", "wiki_pages", "t:creature"], "a query choose(s) cards"),
    (["--table", "wiki_pages", "--run", "1"], "wiki_pages has none"),
    (["--run", "1"], "--run selects a simulation run"),
])
def test_contradictory_export_options_are_errors(built, tmp_path, capsys, argv, message):
    out = tmp_path / "x.csv"
    assert main(["--db", str(built), "export", "--format", "csv", "--out", str(out),
                 *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgkit: error:") and message in err
    assert not out.exists()


def test_an_existing_run_exports_only_its_rows(built, tmp_path, capsys):
    db = tmp_path / "sim.duckdb"
    shutil.copy(built, db)
    for seed in ("1", "2"):
        assert main(["--db", str(db), "simulate", "--deck", "vanilla", "--games", "2",
                     "--seed", seed, "--no-progress"]) == 0
    out = tmp_path / "g.jsonl"
    assert main(["--db", str(db), "export", "--table", "sim_games", "--run", "2",
                 "--format", "jsonl", "--out", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 2 and {g["run_id"] for g in games} == {2}
    assert main(["--db", str(db), "export", "--table", "sim_games", "--run", "3",
                 "--format", "jsonl", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "no simulation run 3 in" in err and "(runs: 1, 2)" in err


# --- the search table ------------------------------------------------------------------------

@pytest.mark.parametrize("columns", [40, 60, 80, 100, 200])
def test_the_search_table_fits_the_terminal(built, capsys, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["--db", str(built), "search"]) == 0
    lines = capsys.readouterr().out.splitlines()
    with connect(built, read_only=True) as store:
        total = store.con.execute("SELECT count(*) FROM cards").fetchall()[0][0]
    assert lines[-1] == f"{total} card(s)"
    assert max(cell_len(line) for line in lines) <= columns
    header = lines[1]
    assert ("type" in header) == (columns >= 110)
    assert "name" in header and "cost" in header and "mechanics" in header


def test_transform_cards_show_their_front_face_cost(built, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with connect(built, read_only=True) as store:
        expected = store.con.execute(
            "SELECT c.name, f.mana_cost FROM cards c JOIN card_faces f USING (oracle_id) "
            "WHERE c.layout = 'transform' AND f.face_index = 0 ORDER BY c.name").fetchall()
    assert expected
    assert main(["--db", str(built), "search", "layout:transform"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│ ")]
    shown = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("│").split("│")]
        if cells[0]:
            shown[cells[0]] = cells[2]
    for name, cost in expected:
        assert shown[name] == cost, name


# (import circles in mtgkit/, commands included: tests/test_architecture.py)
