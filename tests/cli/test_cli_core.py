"""The core commands end to end through ``mtgkit.cli.main``, on the embedded sample."""

from __future__ import annotations

import csv
import io
import json

import pytest

from db import connect
from mtgkit.cli import main


@pytest.fixture
def built(db_path, capsys):
    assert main(["--db", str(db_path), "build"]) == 0
    capsys.readouterr()
    return db_path


def test_build_is_offline_and_repeatable(db_path, capsys):
    assert main(["--db", str(db_path), "build"]) == 0
    first = capsys.readouterr().out
    assert "cards" in first and "tagged" in first
    with connect(db_path) as store:
        before = store.con.execute(
            "SELECT count(*), count(name_ja) FROM cards").fetchone()
        tags = store.con.execute("SELECT count(*) FROM card_mechanics").fetchone()[0]
    assert main(["--db", str(db_path), "build"]) == 0
    with connect(db_path) as store:
        assert store.con.execute(
            "SELECT count(*), count(name_ja) FROM cards").fetchone() == before
        assert store.con.execute("SELECT count(*) FROM card_mechanics").fetchone()[0] == tags
    # the sample covers every mechanic
    with connect(db_path) as store:
        mechanics = {r[0] for r in store.con.execute(
            "SELECT DISTINCT mechanic FROM card_mechanics").fetchall()}
    assert mechanics == {"day_night", "initiative", "prepare", "end_the_turn"}


def test_search_json_lists_tagged_cards(built, capsys):
    assert main(["--db", str(built), "search", "--mechanic", "day_night", "--format", "json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    assert cards
    for card in cards:
        assert "day_night" in {t["mechanic"] for t in card["tags"]}
        assert all(t["evidence"] for t in card["tags"])


def test_search_csv_and_table(built, capsys):
    assert main(["--db", str(built), "search", "mech:initiative", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows and all("initiative" in r["mechanics"].split(";") for r in rows)
    assert main(["--db", str(built), "search", "--mechanic", "prepare"]) == 0
    assert "card(s)" in capsys.readouterr().out


def test_bad_query_is_one_clear_line(built, capsys):
    assert main(["--db", str(built), "search", "nope:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgkit: error:") and "nope" in err


def test_export_parquet(built, tmp_path, capsys):
    out = tmp_path / "prepare.parquet"
    assert main(["--db", str(built), "export", "--format", "parquet", "--out", str(out),
                 "--mechanic", "prepare"]) == 0
    import pyarrow.parquet as pq

    rows = pq.read_table(out).to_pylist()
    assert rows and all("prepare" in r["mechanics"] for r in rows)


def test_classify_cards_without_database(tmp_path, capsys):
    cards = tmp_path / "cards.jsonl"
    cards.write_text(
        json.dumps({"oracle_id": "a", "name": "Sun Wolf", "lang": "en", "layout": "normal",
                    "type_line": "Creature — Wolf",
                    "oracle_text": "Daybound (If a player casts no spells during their own turn,"
                                   " it becomes night next turn.)"}) + "\n"
        + json.dumps({"oracle_id": "b", "name": "Plain Bear", "lang": "en",
                      "type_line": "Creature — Bear", "oracle_text": ""}) + "\n",
        encoding="utf-8")
    assert main(["classify", "--cards", str(cards), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["name"], r["mechanics"]) for r in rows] == [("Sun Wolf", "day_night"),
                                                           ("Plain Bear", "")]


def test_load_reports_bad_lines_and_keeps_the_rest(db_path, tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"oracle_id": "00000000-0000-4000-8000-000000000001", "name": "Fine", '
                    '"lang": "en"}\n{oops\n',
                    encoding="utf-8")
    assert main(["--db", str(db_path), "load", "cards", str(path)]) == 1
    captured = capsys.readouterr()
    assert f"{path}:2: not JSON" in captured.err
    with connect(db_path) as store:
        assert store.con.execute("SELECT name FROM cards").fetchall() == [("Fine",)]


def test_missing_file_and_newer_schema_are_clear_errors(db_path, tmp_path, capsys):
    assert main(["--db", str(db_path), "load", "cards", str(tmp_path / "nope.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    with connect(db_path) as store:
        store.con.execute("INSERT INTO schema_version (version, name) VALUES (999, 'x')")
    assert main(["--db", str(db_path), "search", "--mechanic", "prepare"]) == 2
    assert "newer than this mtgkit understands" in capsys.readouterr().err


def test_shared_build_counts(shared_dir, db_path, capsys):
    files = [str(shared_dir / "data/cards" / n) for n in ("cards.jsonl", "cards_ja.jsonl")]
    assert main(["--db", str(db_path), "build", "--cards", *files]) == 0
    ids = {json.loads(line)["oracle_id"]
           for line in (shared_dir / "data/cards/cards.jsonl").open(encoding="utf-8")}
    with connect(db_path) as store:
        first = store.con.execute("SELECT count(*), count(name_ja) FROM cards").fetchone()
    assert first[0] == len(ids) and first[1] > 1000
    assert main(["--db", str(db_path), "build", "--cards", *files]) == 0
    with connect(db_path) as store:
        assert store.con.execute("SELECT count(*), count(name_ja) FROM cards").fetchone() == first


def test_export_sim_tables(built, tmp_path, capsys):
    assert main(["--db", str(built), "simulate", "--deck", "vanilla", "--deck", "day_night",
                 "--games", "3", "--seed", "11"]) == 0
    capsys.readouterr()
    out = tmp_path / "games.jsonl"
    assert main(["--db", str(built), "export", "--table", "sim_games", "--format", "jsonl",
                 "--out", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 3 and {g["seed"] for g in games}
    events = tmp_path / "events.csv"
    assert main(["--db", str(built), "export", "--table", "sim_events", "--run", "1",
                 "--format", "csv", "--out", str(events)]) == 0
    rows = list(csv.DictReader(io.StringIO(events.read_text(encoding="utf-8"))))
    assert rows and {"game", "turn", "step", "event", "player", "card"} <= set(rows[0])


@pytest.mark.parametrize("command", [["search"], ["export", "--format", "csv", "--out", "x.csv"],
                                     ["classify"], ["coverage"]])
def test_a_misspelt_db_is_an_error_not_an_empty_answer(tmp_path, capsys, command):
    """Reading commands never create a database: a wrong --db path is one clear line, exit 2."""
    missing = tmp_path / "no" / "such.duckdb"
    assert main(["--db", str(missing), *command]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgkit: error: no database at") and str(missing) in err
    assert not missing.exists() and not missing.parent.exists()


def test_a_negative_limit_is_refused_by_the_parser(built, capsys):
    with pytest.raises(SystemExit) as info:
        main(["--db", str(built), "search", "--limit", "-1"])
    assert info.value.code == 2
    assert "must be 0 or more" in capsys.readouterr().err
