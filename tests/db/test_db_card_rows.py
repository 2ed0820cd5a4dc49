"""English rows built in Python (db.card_rows) equal what DuckDB's JSON functions extract
from the same records (db.card_sql's CARD_SELECT / FACE_SELECT), on the real cards."""

from __future__ import annotations

import duckdb
import orjson
import pyarrow as pa

from db import card_sql, connect
from db.load import load_card_files


def _reference(path) -> tuple[list, list]:
    raws = [line for line in path.read_bytes().split(b"\n") if line.strip()]
    objs = [orjson.loads(r) for r in raws]
    stage = pa.Table.from_arrays(
        [pa.array(range(1, len(raws) + 1), pa.int64()), pa.array(["en"] * len(raws)),
         pa.array([o["oracle_id"] for o in objs]),
         pa.array([r.decode() for r in raws], pa.large_string()),
         pa.array([True] * len(raws))],
        names=["line", "lang", "oracle_id", "raw", "may_tag"])
    con = duckdb.connect()
    con.register("_stage", stage)
    con.execute(card_sql.STAGE_PARSED)
    # the last record of an oracle_id wins, as in the loader
    cards = con.execute(
        "SELECT * EXCLUDE (raw, line) FROM (" + card_sql.CARD_SELECT + ") "
        "QUALIFY row_number() OVER (PARTITION BY oracle_id ORDER BY line DESC) = 1 "
        "ORDER BY oracle_id").fetchall()
    faces = con.execute(
        "SELECT f.* EXCLUDE (line) FROM (" + card_sql.FACE_SELECT + ") f JOIN (SELECT "
        "oracle_id, max(line) AS line FROM _parsed GROUP BY oracle_id) w USING (oracle_id, line) "
        "ORDER BY 1, 2").fetchall()
    return cards, faces


def test_python_rows_equal_duckdb_json_extraction(shared_dir, db_path):
    path = shared_dir / "data/cards/cards.jsonl"
    cards, faces = _reference(path)
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        got_cards = store.con.execute(
            "SELECT * EXCLUDE (data) FROM cards ORDER BY oracle_id").fetchall()
        got_faces = store.con.execute(
            "SELECT * FROM card_faces ORDER BY 1, 2").fetchall()
    assert len(got_cards) == len(cards) > 2000
    assert got_cards == cards
    assert got_faces == faces


def test_pyarrow_reads_the_same_values_as_orjson_on_the_real_cards(shared_dir):
    from db.card_rows import _from_json, _from_objects

    raws = [line for line in (shared_dir / "data/cards/cards.jsonl").read_bytes().split(b"\n")
            if line.strip()]
    fast = _from_json(raws)
    assert fast is not None and fast.num_rows == len(raws) > 2000
    assert fast.equals(_from_objects(raws))


def test_a_batch_pyarrow_refuses_loads_from_orjsons_objects(tmp_path, db_path):
    """A key given twice in one object: pyarrow refuses it, orjson keeps the last value (which
    is what the checks saw), and the loader stores that value."""
    path = tmp_path / "twice.jsonl"
    path.write_text(
        '{"oracle_id": "00000000-0000-0000-0000-00000000000a", "name": "First", '
        '"name": "Second", "type_line": "Instant", "cmc": 1}\n'
        '{"oracle_id": "00000000-0000-0000-0000-00000000000b", "name": "Other", '
        '"card_faces": [{"name": "A", "oracle_text": "x"}, {"name": "B"}]}\n', "utf-8")
    with connect(db_path) as store:
        report = load_card_files(store, [path], progress=False)
        assert report.cards == 2 and not report.errors
        rows = store.con.execute(
            "SELECT name, cmc, oracle_text FROM cards ORDER BY name").fetchall()
        faces = store.con.execute(
            "SELECT name, face_index FROM card_faces ORDER BY name, face_index").fetchall()
    assert rows == [("Other", None, "x\n//\n"), ("Second", 1.0, None)]
    assert faces == [("A", 0), ("B", 1), ("Second", 0)]
