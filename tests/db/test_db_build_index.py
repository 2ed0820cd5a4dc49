"""``build`` refreshes a stale search index beside the tagging step (db.search's
ensure_index_alongside; a load keeps a current one current itself, tests/db/
test_db_load_index.py): the result is that of one after the other, and an error or Ctrl-C
in the tagging step leaves a stale index (rebuilt by the next search) and nothing broken."""

from __future__ import annotations

import pytest

from db import connect, search_index
from db.load import load_card_files
from db.search import ensure_index_alongside, search
from mtgkit.pipeline import build

from .test_db_load import TRANSFORM, card, write_jsonl


def test_build_leaves_the_index_current_and_the_cards_tagged(tmp_path, db_path):
    cards = [card(f"Bear {i}", f"o{i}") for i in range(50)] + [TRANSFORM]
    path = write_jsonl(tmp_path / "c.jsonl", cards)
    with connect(db_path) as store:
        report = build(store, [path], progress=False)
        assert report.load.cards == 51
        assert search_index.is_current(store.con)
        assert store.con.execute("SELECT count(*) FROM card_search").fetchone()[0] == 51
        assert store.con.execute("SELECT count(*) FROM cards_untagged").fetchone()[0] == 0
        assert search(store, "t:wolf").total == 1


def test_an_error_beside_the_refresh_rolls_it_back(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card(f"Elf {i}", f"o{i}") for i in range(2000)])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False, index=False)
        assert search_index.is_current(store.con)  # the load kept it current
        # as if the cards had changed otherwise (or the index were from an older mtgkit)
        store.con.execute("DELETE FROM card_search")
        store.con.execute("DELETE FROM card_search_state")
        assert not search_index.is_current(store.con)
        for _ in range(3):  # early, in the middle, after: never a half-built index
            with pytest.raises(KeyboardInterrupt), ensure_index_alongside(store.con):
                raise KeyboardInterrupt
            rows = store.con.execute("SELECT count(*) FROM card_search").fetchone()[0]
            assert rows in (0, 2000)
            assert (rows == 2000) == search_index.is_current(store.con)
        # the connection is usable, and a search brings the index up to date
        assert search(store, "elf").total == 2000
        assert search_index.is_current(store.con)


def test_the_refreshs_own_error_is_raised_at_the_end(tmp_path, db_path):
    with connect(db_path) as store:
        store.con.execute("DROP TABLE card_search_state")
        with pytest.raises(Exception, match="card_search_state"), \
                ensure_index_alongside(store.con):
            pass


def test_the_refresh_caps_duckdbs_memory_and_restores_the_limit(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card(f"Elf {i}", f"o{i}") for i in range(50)])
    with connect(db_path) as store:
        con = store.con
        load_card_files(store, [path], progress=False, index=False)
        before = con.execute("SELECT current_setting('memory_limit')").fetchone()[0]
        seen = []
        with search_index._memory_capped(con, "100MB"):
            seen.append(con.execute("SELECT current_setting('memory_limit')").fetchone()[0])
        assert seen == ["95.3 MiB"]  # 100 MB, as DuckDB writes it
        assert con.execute("SELECT current_setting('memory_limit')").fetchone()[0] == before
        con.execute("SET memory_limit = '64MB'")  # a lower limit is never raised
        with search_index._memory_capped(con, "100MB"):
            seen.append(con.execute("SELECT current_setting('memory_limit')").fetchone()[0])
        assert seen[1] == "61.0 MiB"
        con.execute("BEGIN")
        assert search_index.refresh(con) == 50
        con.execute("COMMIT")
        assert con.execute("SELECT current_setting('memory_limit')").fetchone()[0] == "61.0 MiB"
        assert search(store, "elf").total == 50
