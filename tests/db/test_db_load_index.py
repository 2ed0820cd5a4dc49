"""A load keeps the search index current itself (db.search_index.load_*): the index it leaves
is the one a full refresh computes from the stored tables, row for row and in the same order
(a card's faces, which the index joins in no set order, compared as sets), whatever the
files, their order, repeated cards and batch boundaries; and a load
into a database whose index was stale leaves it to the full refresh."""

from __future__ import annotations

import json
import time

import pytest

import db.load
from db import connect, search_index
from db.load import load_card_files
from mtgkit.pipeline import build, card_tag_rows, classify_store

from .test_db_load import TRANSFORM, card, write_jsonl

# Columns that join or list a card's faces in no set order (db.search_index aggregates them
# unordered: no search depends on it), compared as sets of faces.
_FACE_JOINED = {"names": "\n", "types": "\n", "oracle": "\n", "oracle_self": "\n",
                "full_oracle": "\n", "mana": " // "}


def _canonical(value, column):
    if value is None:
        return None
    if column in _FACE_JOINED:
        return tuple(sorted(value.split(_FACE_JOINED[column])))
    if column == "stats":
        return tuple(sorted(map(repr, value)))
    return value


def _index(con) -> list[tuple]:
    cursor = con.execute("SELECT * FROM card_search ORDER BY rowid")
    names = [d[0] for d in cursor.description]
    return [tuple(_canonical(v, n) for v, n in zip(row, names, strict=True))
            for row in cursor.fetchall()]


def _equals_a_full_refresh(con) -> list[tuple]:
    assert search_index.is_current(con)
    kept = _index(con)
    con.execute("BEGIN")
    search_index.refresh(con)
    full = _index(con)
    con.execute("ROLLBACK")
    assert kept == full
    return kept


@pytest.fixture(params=[20_000, 3])
def batch_size(request, monkeypatch):
    """Whole files in one batch, and batches of three records (a card's records in several)."""
    monkeypatch.setattr(db.load, "BATCH_SIZE", request.param)
    return request.param


def test_a_load_of_the_real_cards_leaves_a_full_refreshs_index(shared_dir, tmp_path, batch_size):
    en, ja = shared_dir / "data/cards/cards.jsonl", shared_dir / "data/cards/cards_ja.jsonl"
    orders = {"en_then_ja": [[en], [ja]], "ja_then_en": [[ja], [en]], "together": [[en, ja]]}
    results = {}
    for name, steps in orders.items():
        with connect(tmp_path / f"{name}.duckdb") as store:
            for files in steps:
                load_card_files(store, files, progress=False, index=False)
                _equals_a_full_refresh(store.con)
            results[name] = _index(store.con)
    assert results["en_then_ja"] == results["ja_then_en"] == results["together"]
    assert len(results["together"]) == 2281


def test_repeated_and_replaced_cards_keep_the_index_exact(tmp_path, db_path, batch_size):
    first = [card(f"Bear {i}", f"o{i}") for i in range(8)] + [TRANSFORM]
    again = [card("Bear 3", "o3", oracle_text="Flying"), card("Zebra", "oz"),
             card("Bear 5 renamed", "o5", type_line="Creature — Elf")]
    with connect(db_path) as store:
        load_card_files(store, [write_jsonl(tmp_path / "a.jsonl", first + first[:2])],
                        progress=False)
        _equals_a_full_refresh(store.con)
        load_card_files(store, [write_jsonl(tmp_path / "b.jsonl", again)], progress=False)
        rows = _equals_a_full_refresh(store.con)
    assert len(rows) == 10
    assert any(r[1] == "bear 5 renamed" for r in rows)


def test_a_stale_index_is_left_to_the_full_refresh(tmp_path, db_path):
    path = write_jsonl(tmp_path / "a.jsonl", [card(f"Elf {i}", f"o{i}") for i in range(5)])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        store.con.execute("DELETE FROM card_search_state")
        more = write_jsonl(tmp_path / "b.jsonl", [card("Wolf", "ow")])
        load_card_files(store, [more], progress=False, index=False)
        assert not search_index.is_current(store.con)  # not patched on a stale base
        load_card_files(store, [], progress=False)  # index=True: refreshed at the end
        _equals_a_full_refresh(store.con)


def test_tags_computed_while_loading_equal_a_full_classify(shared_dir, tmp_path, batch_size):
    files = [shared_dir / "data/cards/cards.jsonl", shared_dir / "data/cards/cards_ja.jsonl"]
    with connect(tmp_path / "x.duckdb") as store:
        build(store, files, progress=False)
        streamed = store.con.execute("SELECT * FROM card_mechanics ORDER BY ALL").fetchall()
        classify_store(store)
        full = store.con.execute("SELECT * FROM card_mechanics ORDER BY ALL").fetchall()
    assert streamed == full and len(full) == 272


def test_the_loaders_tagger_tags_an_english_card_alone():
    night = json.loads(json.dumps(card("Sunrise Bear", "osun", oracle_text=(
        "Daybound (If a player casts no spells during their own turn, it becomes night "
        "next turn.)"))))
    rows = card_tag_rows(night)
    assert rows and {r[1] for r in rows} == {"day_night"}


def test_a_later_record_wins_while_the_writer_still_holds_the_earlier_batch(
        tmp_path, db_path, monkeypatch):
    # the writer thread is slow: the next batches are read and counted before it has kept
    # the earlier batch's rows, and the card's last record must still be the one stored
    write = db.load._CardBatch._write

    def slow_write(self, *args):
        time.sleep(0.2)
        return write(self, *args)

    monkeypatch.setattr(db.load, "BATCH_SIZE", 2)
    monkeypatch.setattr(db.load._CardBatch, "_write", slow_write)
    records = [card("Bear", "ob"), card("Elf", "oe"), card("Wolf", "ow"),
               card("Bear renamed", "ob"), card("Ox", "oo"), card("Bear again", "ob")]
    with connect(db_path) as store:
        load_card_files(store, [write_jsonl(tmp_path / "a.jsonl", records)], progress=False)
        names = {r[0] for r in store.con.execute("SELECT name FROM cards").fetchall()}
        _equals_a_full_refresh(store.con)
    assert names == {"Bear again", "Elf", "Wolf", "Ox"}
