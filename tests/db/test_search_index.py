"""The search index stays true to the cards: refreshed by every load, rebuilt when stale,
built as a temporary table on a read-only connection, and used by the CLI."""

from __future__ import annotations

import pytest

from db import connect, search_index
from db.load import load_card_files
from db.search import search
from mtgkit.cli import main

from .test_db_load import TRANSFORM, card, write_jsonl


def _names(page):
    return [c["name"] for c in page.cards]


def test_a_load_leaves_the_index_current(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1"), TRANSFORM])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        assert search_index.is_current(store.con)
        rows = store.con.execute("SELECT count(*) FROM card_search").fetchone()[0]
        assert rows == 2
        assert _names(search(store, "t:wolf")) == ["Night Wolf // Day Wolf"]
        # loading a second file adds its cards to the index
        more = write_jsonl(tmp_path / "d.jsonl", [card("Wolf Cub", "o2")])
        load_card_files(store, [more], progress=False)
        assert search_index.is_current(store.con)
        assert _names(search(store, "wolf")) == ["Night Wolf // Day Wolf", "Wolf Cub"]


def test_rows_are_stored_in_name_order(tmp_path, db_path):
    """The page query breaks ties by row id because rows are written in name order."""
    cards = [card(name, f"o{i}") for i, name in enumerate(["b", "C", "a", "c", "B", "A"])]
    path = write_jsonl(tmp_path / "c.jsonl", cards)
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        order = store.con.execute("SELECT sort_name FROM card_search ORDER BY rowid").fetchall()
        assert [r[0] for r in order] == sorted(r[0] for r in order)
        stored = [r[0] for r in store.con.execute(
            "SELECT name FROM card_search ORDER BY rowid").fetchall()]
        found = _names(search(store, ""))
        assert found == stored  # ties (a / A) in the stored order, whatever the load order
        assert [n.lower() for n in found] == sorted(c["name"].lower() for c in cards)


def test_an_index_of_another_version_is_rebuilt(tmp_path, db_path, monkeypatch):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1")])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        monkeypatch.setattr(search_index, "INDEX_VERSION", search_index.INDEX_VERSION + 1)
        assert not search_index.is_current(store.con)
        assert search(store, "bear").total == 1
        assert search_index.is_current(store.con)


def test_cards_changed_behind_its_back_are_seen(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1")])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        store.con.execute("DELETE FROM card_faces")
        store.con.execute("DELETE FROM cards")
        assert not search_index.is_current(store.con)
        assert search(store, "bear").total == 0
        assert search_index.is_current(store.con)


def test_read_only_with_a_stale_index_builds_a_temporary_one(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1"), TRANSFORM])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        store.con.execute("DELETE FROM card_search")
        store.con.execute("UPDATE card_search_state SET stamp = 'old'")
    with connect(db_path, read_only=True) as store:
        assert _names(search(store, "is:transform")) == ["Night Wolf // Day Wolf"]
    with connect(db_path, read_only=True) as store:  # the file itself was not written
        assert store.con.execute("SELECT count(*) FROM card_search").fetchone()[0] == 0


def test_read_only_database_from_before_the_index(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1")])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        # as a database written before migration 008 looks
        store.con.execute("DROP TABLE card_search")
        store.con.execute("DROP TABLE card_search_state")
        store.con.execute("DELETE FROM schema_version WHERE version >= 8")
    with connect(db_path, read_only=True) as store:
        assert _names(search(store, "t:bear")) == ["Bear"]


def test_a_bad_query_is_refused_before_any_index_work(tmp_path, db_path):
    with connect(db_path) as store:
        store.con.execute("UPDATE card_search_state SET stamp = 'old'")
        with pytest.raises(ValueError, match="unknown search key"):
            search(store, "zzz:1")


def test_cli_combines_flags_and_query(tmp_path, db_path, capsys):
    wolf = dict(TRANSFORM, colors=None)
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1"), wolf,
                                              card("Big Bear", "o3", power="4")])
    assert main(["--db", str(db_path), "load", "cards", str(path)]) == 0
    capsys.readouterr()
    assert main(["--db", str(db_path), "search", "--name", "bear", "pow>tou",
                 "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(",")[1] for line in out[1:]] == ["Big Bear"]
    assert main(["--db", str(db_path), "search", "-t:wolf", "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(",")[1] for line in out[1:]] == ["Bear", "Big Bear"]
    # a transform card (no top-level cost) shows its front face's cost in the table
    assert main(["--db", str(db_path), "search", "t:wolf"]) == 0
    assert "{2}{R}" in capsys.readouterr().out
    assert main(["--db", str(db_path), "search", "--role", "sunrise"]) == 2
    assert "unknown role 'sunrise'; valid:" in capsys.readouterr().err


def test_cursors_of_a_read_only_server(tmp_path, db_path):
    """A web server's request threads each use a cursor of one read-only connection."""
    import threading

    path = write_jsonl(tmp_path / "c.jsonl", [card(f"Bear {i}", f"o{i}") for i in range(30)])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
    with connect(db_path, read_only=True) as store:
        totals: list[int] = []

        def ask() -> None:
            cursor = store.con.cursor()
            for _ in range(5):
                totals.append(search(cursor, "t:bear", 1, 10).total)

        threads = [threading.Thread(target=ask) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert totals == [30] * 20


def test_search_sql_for_callers_that_wrap_it(tmp_path, db_path):
    from db.query import Filters, search_sql
    from db.search import ensure_index

    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1"), TRANSFORM])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        ensure_index(store.con)
        sql, params = search_sql(Filters(query="t:wolf or t:bear"))
        rows = store.con.execute(f"SELECT oracle_id, name FROM ({sql}) AS hits ORDER BY name",
                                 params).fetchall()
        assert [r[1] for r in rows] == ["Bear", "Night Wolf // Day Wolf"]
