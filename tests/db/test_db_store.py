"""The store: migrations, versions, transactions."""

from __future__ import annotations

import duckdb
import pytest

from db import SchemaTooNew, connect
from db.store import latest_version


def test_new_file_gets_every_table(db_path):
    with connect(db_path) as store:
        tables = {r[0] for r in store.con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
        assert {"cards", "card_faces", "rulings", "card_mechanics", "schema_version"} <= tables
        assert store.schema_version() == latest_version()


def test_older_file_is_migrated_forward(db_path):
    con = duckdb.connect(str(db_path))
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name VARCHAR, "
                "applied_at TIMESTAMP DEFAULT now())")
    con.execute("INSERT INTO schema_version VALUES (0, 'empty', now())")
    con.close()
    with connect(db_path) as store:
        assert store.schema_version() == latest_version()
        assert store.con.execute("SELECT count(*) FROM cards").fetchone()[0] == 0


def test_newer_file_is_refused_and_left_alone(db_path):
    with connect(db_path) as store:
        store.con.execute("INSERT INTO schema_version (version, name) VALUES (999, 'future')")
    with pytest.raises(SchemaTooNew, match="schema version 999"):
        connect(db_path)
    con = duckdb.connect(str(db_path))
    assert con.execute("SELECT max(version) FROM schema_version").fetchone()[0] == 999
    con.close()


def test_transaction_rolls_back_on_error(db_path):
    with connect(db_path) as store:
        with pytest.raises(RuntimeError), store.transaction() as con:
            con.execute("INSERT INTO rulings VALUES ('x', NULL, NULL, 'c')")
            raise RuntimeError("boom")
        assert store.con.execute("SELECT count(*) FROM rulings").fetchone()[0] == 0
