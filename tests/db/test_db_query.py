"""Search and export over a small hand-made store (tags written directly)."""

from __future__ import annotations

import json

import pandas as pd
import pyarrow.parquet as pq
import pytest

from db import connect
from db.export import export_cards
from db.load import load_card_files
from db.mechanics import replace_all_tags
from db.query import Filters, QueryError, search

from .test_db_load import PREPARE, TRANSFORM, U, card, write_jsonl


@pytest.fixture
def store(tmp_path, db_path):
    bolt = card("Lightning Bolt", "o-bolt", mana_cost="{R}", cmc=1.0, type_line="Instant",
                oracle_text="Lightning Bolt deals 3 damage to any target.", colors=["R"],
                color_identity=["R"], power=None, toughness=None)
    ruffian = dict(TRANSFORM, colors=None, color_identity=["R"], cmc=3.0)
    ruffian["card_faces"] = [dict(f, colors=["R"]) for f in TRANSFORM["card_faces"]]
    ja = {"object": "card", "oracle_id": U("o-dfc"), "lang": "ja", "name": TRANSFORM["name"],
          "card_faces": [{"printed_name": "夜の狼", "printed_text": "日暮"},
                         {"printed_name": "昼の狼", "printed_text": "夜明"}]}
    path = write_jsonl(tmp_path / "c.jsonl", [bolt, ruffian, PREPARE, card("Bear_%", "o-bear"), ja])
    with connect(db_path) as st:
        load_card_files(st, [path], progress=False)
        replace_all_tags(st, [
            (U("o-dfc"), "day_night", "daybound", 0, "Daybound", "en"),
            (U("o-dfc"), "day_night", "nightbound", 1, "Nightbound", "en"),
            (U("o-prep"), "prepare", "prepare_card", 1, "Study", "en"),
        ])
        yield st


def names(results):
    return [r["name"] for r in results]


def test_mechanic_and_role_filters(store):
    assert names(search(store, Filters(mechanics=["day_night"]))) == ["Night Wolf // Day Wolf"]
    assert names(search(store, Filters(roles=["prepare_card"]))) == ["Scholar // Study"]
    result = search(store, Filters(mechanics=["day_night"]))[0]
    assert {t["role"] for t in result["tags"]} == {"daybound", "nightbound"}


def test_name_matches_english_japanese_and_faces(store):
    assert names(search(store, Filters(name="night wolf"))) == ["Night Wolf // Day Wolf"]
    assert names(search(store, Filters(name="昼の狼"))) == ["Night Wolf // Day Wolf"]
    assert names(search(store, Filters(name="study"))) == ["Scholar // Study"]
    # LIKE wildcards in user text are literal
    assert names(search(store, Filters(name="r_%"))) == ["Bear_%"]


@pytest.mark.parametrize("query, expected", [
    ("mech:day_night t:creature c:r cmc<=3", ["Night Wolf // Day Wolf"]),
    ('o:"3 damage"', ["Lightning Bolt"]),
    ("t:instant -c:r", ["Scholar // Study"]),
    ("c=r t:instant", ["Lightning Bolt"]),
    ("lang:ja", ["Night Wolf // Day Wolf"]),
    ("cmc>2 t:creature", ["Night Wolf // Day Wolf"]),
    ("wolf", ["Night Wolf // Day Wolf"]),
    ("o:日暮", ["Night Wolf // Day Wolf"]),
    ("role:nightbound", ["Night Wolf // Day Wolf"]),
])
def test_query_strings(store, query, expected):
    assert names(search(store, Filters(query=query))) == expected


@pytest.mark.parametrize("query, message", [
    ("foo:bar", "unknown search key 'foo'"),
    ("cmc<=x", "'x' is not a number"),
    ("c:purple", "not a colour"),
    ('o:"open', "quote \" is never closed"),
])
def test_bad_queries_say_what_is_wrong(store, query, message):
    with pytest.raises(QueryError, match=message):
        search(store, Filters(query=query))


def test_injection_is_just_text(store):
    assert search(store, Filters(name="'; DROP TABLE cards; --")) == []
    assert store.con.execute("SELECT count(*) FROM cards").fetchone()[0] == 4


@pytest.mark.parametrize("fmt", ["parquet", "csv", "jsonl"])
def test_export_formats(store, tmp_path, fmt):
    out = tmp_path / f"day_night.{fmt}"
    count = export_cards(store, Filters(mechanics=["day_night"]), fmt, out)
    assert count == 1
    if fmt == "parquet":
        table = pq.read_table(out).to_pylist()
        assert table[0]["name"] == "Night Wolf // Day Wolf"
        assert table[0]["mechanics"] == ["day_night"]
        assert {t["role"] for t in table[0]["tags"]} == {"daybound", "nightbound"}
    elif fmt == "csv":
        frame = pd.read_csv(out)
        assert frame.loc[0, "mechanics"] == "day_night"
        assert "day_night/daybound" in frame.loc[0, "tags"]
    else:
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        assert rows[0]["name_ja"] == "夜の狼 // 昼の狼"
    assert not list(tmp_path.glob("*.part"))


def test_failed_export_keeps_the_previous_file(store, tmp_path):
    out = tmp_path / "keep.csv"
    out.write_text("previous good dataset\n")
    with pytest.raises(QueryError):
        export_cards(store, Filters(query="foo:bar"), "csv", out)
    assert out.read_text() == "previous good dataset\n"


def test_card_lookup_prefers_a_card_over_another_cards_face(tmp_path, db_path):
    from db.cards import card_objects_by_name

    emeritus = card("Emeritus of Conflict // Lightning Bolt", "o-emer", layout="prepare",
                    card_faces=[{"name": "Emeritus of Conflict"}, {"name": "Lightning Bolt"}])
    bolt = card("Lightning Bolt", "o-bolt", type_line="Instant")
    path = write_jsonl(tmp_path / "c.jsonl", [emeritus, bolt])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        found = card_objects_by_name(store, ["lightning bolt", "Emeritus of Conflict", "Nope"])
    assert found["lightning bolt"]["oracle_id"] == U("o-bolt")
    assert found["Emeritus of Conflict"]["oracle_id"] == U("o-emer")
    assert "Nope" not in found
