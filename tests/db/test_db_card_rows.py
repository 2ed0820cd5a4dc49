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
