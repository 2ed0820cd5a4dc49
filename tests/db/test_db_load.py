"""The streaming loader: formats, upserts, Japanese printings, bad input, atomicity."""

from __future__ import annotations

import gzip
import json
import uuid
from pathlib import Path

import pytest

import db.load
from db import connect
from db.errors import BadCardData
from db.load import load_card_files, load_ruling_files


@pytest.fixture(autouse=True, params=["one_transaction", "staged"])
def load_mode(request, monkeypatch):
    """Every loader test runs both ways: small files in one transaction, large files through
    committed scratch tables (forced here with a zero threshold and tiny batches, so records
    of one card land in different batches)."""
    if request.param == "staged":
        monkeypatch.setattr(db.load, "STAGED_FROM_BYTES", 0)
        monkeypatch.setattr(db.load, "BATCH_SIZE", 2)
    return request.param


def U(tag: str) -> str:
    """A fixed UUID for a short test name (oracle_id must be a UUID string, as on Scryfall)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, tag))


def card(name: str, oracle_id: str, **extra) -> dict:
    obj = {"object": "card", "oracle_id": U(oracle_id), "name": name, "lang": "en",
           "layout": "normal", "mana_cost": "{1}{G}", "cmc": 2.0,
           "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2",
           "colors": ["G"], "color_identity": ["G"], "keywords": [], "set": "tst",
           "released_at": "2020-01-01"}
    obj.update(extra)
    return obj


TRANSFORM = card(
    "Night Wolf // Day Wolf", "o-dfc", layout="transform", mana_cost=None, oracle_text=None,
    card_faces=[
        {"name": "Night Wolf", "mana_cost": "{2}{R}", "type_line": "Creature — Wolf",
         "oracle_text": "Daybound", "power": "2", "toughness": "2"},
        {"name": "Day Wolf", "mana_cost": "", "type_line": "Creature — Wolf",
         "oracle_text": "Nightbound", "power": "4", "toughness": "4"},
    ])
PREPARE = card(
    "Scholar // Study", "o-prep", layout="prepare", mana_cost="{1}{U} // {U}",
    type_line="Creature — Human Wizard // Instant", oracle_text=None,
    card_faces=[
        {"name": "Scholar", "mana_cost": "{1}{U}", "type_line": "Creature — Human Wizard",
         "oracle_text": "This creature enters prepared.", "power": "1", "toughness": "1"},
        {"name": "Study", "mana_cost": "{U}", "type_line": "Instant",
         "oracle_text": "Draw a card."},
    ])
JA_PREPARE = {"object": "card", "oracle_id": U("o-prep"), "name": "Scholar // Study", "lang": "ja",
              "card_faces": [
                  {"printed_name": "学者", "printed_type_line": "クリーチャー — 人間・ウィザード",
                   "printed_text": "このクリーチャーは準備済状態で戦場に出る。"},
                  {"printed_name": "研究", "printed_type_line": "インスタント",
                   "printed_text": "カード１枚を引く。"}]}


def write_jsonl(path: Path, objects: list, gz: bool = False) -> Path:
    text = "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objects)
    if gz:
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


def counts(store) -> tuple[int, int]:
    return (store.con.execute("SELECT count(*) FROM cards").fetchone()[0],
            store.con.execute("SELECT count(*) FROM card_faces").fetchone()[0])


@pytest.mark.parametrize("form", ["json", "jsonl", "jsonl.gz"])
def test_every_file_form_loads_the_same(tmp_path, db_path, form):
    objects = [card("Bear", "o1"), TRANSFORM, PREPARE]
    path = tmp_path / f"cards.{form}"
    if form == "json":
        path.write_text(json.dumps(objects, indent=2), encoding="utf-8")
    else:
        write_jsonl(path, objects, gz=form.endswith("gz"))
    with connect(db_path) as store:
        report = load_card_files(store, [path], progress=False)
        assert report.cards == 3 and not report.errors
        assert counts(store) == (3, 5)
        text = store.con.execute(
            "SELECT oracle_text FROM cards WHERE oracle_id = ?", [U("o-dfc")]).fetchone()[0]
        assert text == "Daybound\n//\nNightbound"
        faces = store.con.execute(
            "SELECT face_index, name, type_line FROM card_faces WHERE oracle_id = ? "
            "ORDER BY face_index", [U("o-prep")]).fetchall()
        assert faces == [(0, "Scholar", "Creature — Human Wizard"), (1, "Study", "Instant")]


def test_loading_twice_changes_nothing(tmp_path, db_path):
    path = write_jsonl(tmp_path / "c.jsonl", [card("Bear", "o1"), TRANSFORM])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        first = store.con.execute("SELECT * EXCLUDE (data) FROM cards ORDER BY 1").fetchall()
        again = load_card_files(store, [path], progress=False, force=True)
        assert again.cards == 2
        assert store.con.execute(
            "SELECT * EXCLUDE (data) FROM cards ORDER BY 1").fetchall() == first
        assert counts(store) == (2, 3)
        skipped = load_card_files(store, [path], progress=False)
        assert skipped.files_skipped == 1 and skipped.cards == 0


def test_japanese_printing_fills_columns_in_either_order(tmp_path, db_path):
    en = write_jsonl(tmp_path / "en.jsonl", [PREPARE])
    ja = write_jsonl(tmp_path / "ja.jsonl", [JA_PREPARE, dict(JA_PREPARE, lang="fr")])
    with connect(db_path) as store:
        report = load_card_files(store, [ja, en], progress=False)  # Japanese first
        assert report.ja_printings == 1 and report.other_languages == {"fr": 1}
        assert counts(store) == (1, 2)
        row = store.con.execute("SELECT name_ja, text_ja FROM cards").fetchone()
        assert row[0] == "学者 // 研究"
        assert "準備済状態" in row[1]
        faces = store.con.execute(
            "SELECT name_ja, type_line_ja FROM card_faces ORDER BY face_index").fetchall()
        assert faces == [("学者", "クリーチャー — 人間・ウィザード"), ("研究", "インスタント")]


def test_bad_records_are_reported_and_the_rest_loads(tmp_path, db_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        json.dumps(card("Bear", "o1")) + "\n"
        + "{not json\n"
        + json.dumps({"object": "card", "name": "No Id"}) + "\n"
        + json.dumps({"object": "card", "oracle_id": U("o3")}) + "\n"
        + json.dumps(card("Wolf", "o4")) + "\n",
        encoding="utf-8",
    )
    with connect(db_path) as store:
        report = load_card_files(store, [path], progress=False)
        assert counts(store)[0] == 2
    reasons = {(e.line, e.reason.split(":")[0]) for e in report.errors}
    assert reasons == {(2, "not JSON"), (3, "missing field 'oracle_id'"),
                       (4, "missing field 'name'")}
    assert all(str(path) in str(e) for e in report.errors)


def test_truncated_gzip_loses_nothing_already_stored(tmp_path, db_path):
    good = write_jsonl(tmp_path / "good.jsonl", [card("Bear", "o1")])
    big = [card(f"Card {i}", f"x{i}", oracle_text="word " * 50) for i in range(3000)]
    data = gzip.compress("".join(json.dumps(o) + "\n" for o in big).encode())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    with connect(db_path) as store:
        load_card_files(store, [good], progress=False)
        with pytest.raises(BadCardData, match="cut.jsonl.gz"):
            load_card_files(store, [cut], progress=False)
        assert counts(store) == (1, 1)  # the cut file's transaction was rolled back
        scratch = store.con.execute(
            "SELECT count(*) FROM duckdb_tables() WHERE table_name LIKE '\\_load%' ESCAPE '\\'"
        ).fetchone()[0]
        assert scratch == 0


def test_rulings_load_once(tmp_path, db_path):
    rulings = [{"object": "ruling", "oracle_id": U("o1"), "source": "wotc",
                "published_at": "2021-09-24", "comment": "It is day."},
               {"object": "ruling", "oracle_id": U("o1"), "source": "wotc",
                "published_at": "2021-09-24", "comment": "It is night."}]
    path = write_jsonl(tmp_path / "r.jsonl", rulings)
    with connect(db_path) as store:
        assert load_ruling_files(store, [path], progress=False).rulings == 2
        load_ruling_files(store, [path], progress=False, force=True)
        assert store.con.execute("SELECT count(*) FROM rulings").fetchone()[0] == 2


def test_shared_cards_give_one_row_per_oracle_id(shared_dir, db_path, monkeypatch):
    monkeypatch.setattr(db.load, "BATCH_SIZE", 500)
    cards = shared_dir / "data/cards/cards.jsonl"
    ja = shared_dir / "data/cards/cards_ja.jsonl"
    ids = {json.loads(line)["oracle_id"] for line in cards.open(encoding="utf-8")}
    ja_ids = {json.loads(line)["oracle_id"] for line in ja.open(encoding="utf-8")}
    with connect(db_path) as store:
        load_card_files(store, [cards, ja], progress=False)
        first = store.con.execute(
            "SELECT count(*), count(DISTINCT oracle_id), count(name_ja) FROM cards").fetchone()
        load_card_files(store, [cards, ja], progress=False, force=True)
        second = store.con.execute(
            "SELECT count(*), count(DISTINCT oracle_id), count(name_ja) FROM cards").fetchone()
    assert first == second == (len(ids), len(ids), len(ids & ja_ids))


def test_a_later_printing_of_the_same_card_wins(tmp_path, db_path):
    path = write_jsonl(tmp_path / "all.jsonl", [
        card("Bear", "o1", set="old"), card("Wolf", "o2"), card("Bear", "o1", set="new")])
    with connect(db_path) as store:
        load_card_files(store, [path], progress=False)
        assert store.con.execute('SELECT "set" FROM cards WHERE oracle_id = ?',
                                 [U("o1")]).fetchone() == ("new",)
        assert counts(store) == (2, 2)
