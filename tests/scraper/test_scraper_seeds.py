"""The four real seed pages (../shared/seeds), served as the wiki would serve them.

They are rendered to HTML at test time (tests/scraper/seedrender.py), fetched from a
local server through the polite client, parsed with the dictionary-free name splitter,
and stored with the real cards of ../shared loaded, so ``{{#card:}}`` boxes of the diff
view get their Japanese name, cost and type from the card store.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

import db
from db.load import load_card_files
from db.wiki import WikiStore
from scraper.http import HttpConfig, PoliteClient
from scraper.names import has_japanese
from scraper.titles import title_from_url
from scraper.wikiparse import parse_page
from tests.scraper.fakeserver import FakeServer, Reply
from tests.scraper.seedrender import render_article, render_diff

SEEDS = {
    "000_578829c41a82ad54.txt": "wiki/{title}",
    "001_09ecbfe181ef25e8.txt": "index.php?title={title}&oldid=123456",
    "002_7b8f629b0e5e93ec.txt": "wiki/{title}",
    "003_1a1ef98037bb5b91.txt": "index.php?title={title}&action=submit",
}


def _pairs(shared: Path) -> dict[str, str]:
    """Japanese -> English card names: jpname.json plus the Japanese printings of the cards."""
    pairs = {}
    for item in json.loads((shared / "data/names/jpname.json").read_text(encoding="utf-8")):
        if item.get("jpname") and item["jpname"] != "undefined":
            pairs[item["jpname"]] = item["name"]
    for line in (shared / "data/cards/cards_ja.jsonl").read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        card = json.loads(line)
        faces = card.get("card_faces") or [card]
        for face in faces:
            ja, en = face.get("printed_name"), face.get("name")
            if ja and en and ja != en:
                pairs[ja] = en
    return pairs


@pytest.fixture(scope="module")
def seeded(shared_dir, tmp_path_factory):
    """{seed file: (title, stored rows by table)} after fetching and storing every seed."""
    pairs = _pairs(shared_dir)
    path = tmp_path_factory.mktemp("seeds") / "seeds.duckdb"
    results = {}
    with db.connect(path) as store, FakeServer() as server:
        load_card_files(store, [shared_dir / "data/cards/cards.jsonl",
                                shared_dir / "data/cards/cards_ja.jsonl"], progress=False)
        client = PoliteClient(HttpConfig(default_delay=0.0))
        wiki = WikiStore(store)
        for name, form in SEEDS.items():
            text = (shared_dir / "seeds" / name).read_text(encoding="utf-8")
            title, page_html = (render_diff(text) if "を編集中" in text.splitlines()[0]
                                else render_article(text, pairs))
            url_path = form.format(title=quote(title))
            path, _, query = url_path.partition("?")  # the server logs paths decoded
            server.route("/" + unquote(path) + ("?" + query if query else ""),
                         Reply(200, page_html.encode(), {"Content-Type": "text/html"}))
            server.route("/robots.txt", Reply(404))
            resp = client.get(server.url + url_path)
            canonical = title_from_url(resp.final_url)
            assert canonical == title
            page = parse_page(canonical, html=resp.text, url=resp.final_url)
            wiki.save_page(page)
            q = store.con.execute
            results[name] = {
                "title": title,
                "page": q("SELECT en_name, text FROM wiki_pages WHERE title = ?",
                          [title]).fetchone(),
                "boxes": q("SELECT name_en, name_ja, mana_cost, type_line, power, toughness, "
                           "oracle_id FROM wiki_card_boxes WHERE title = ? ORDER BY position",
                           [title]).fetchall(),
                "links": q("SELECT target, target_ja, target_en FROM wiki_links WHERE title = ?",
                           [title]).fetchall(),
                "refs": q("SELECT kind, rule, level, section_title, cr_version FROM wiki_cr_refs "
                          "WHERE title = ? ORDER BY position", [title]).fetchall(),
            }
    return results, pairs


def test_every_card_box_has_both_names_cost_and_type(seeded):
    results, _ = seeded
    boxes = {name: r["boxes"] for name, r in results.items()}
    for name, rows in boxes.items():
        for row in rows:
            assert all(row[:4]), (name, row)  # name_en, name_ja, cost, type
            assert row[6], (name, row)  # joined to a card of the store
    assert boxes["000_578829c41a82ad54.txt"][0][:6] == (
        "Celestus Sanctifier", "セレスタスの奉納者", "{2}{W}",
        "クリーチャー — 人間(Human) クレリック(Cleric)", "3", "2")
    assert boxes["000_578829c41a82ad54.txt"][1][:4] == (
        "The Celestus", "セレスタス", "{3}", "伝説のアーティファクト")
    assert [b[:4] for b in boxes["002_7b8f629b0e5e93ec.txt"]] == [
        ("Emeritus of Woe", "悲哀の名誉教授", "{3}{B}",
         "クリーチャー — 吸血鬼(Vampire) 邪術師(Warlock)"),
        ("Demonic Tutor", "悪魔の教示者", "{1}{B}", "ソーサリー"),
    ]
    # the diff view only has {{#card:English}}: the store supplies the rest
    assert [b[:4] for b in boxes["003_1a1ef98037bb5b91.txt"]] == [
        ("Time Stop", "時間停止", "{4}{U}{U}", "インスタント"),
        ("Sundial of the Infinite", "無限の日時計", "{2}", "アーティファクト"),
    ]
    assert boxes["001_09ecbfe181ef25e8.txt"] == []


def test_every_japanese_english_link_splits_right(seeded):
    results, pairs = seeded
    truth = {f"{ja}/{en}": (ja, en) for ja, en in pairs.items()}
    checked = 0
    for result in results.values():
        for target, ja, en in result["links"]:
            if "/" not in target:
                continue
            assert f"{ja}/{en}" == target
            assert has_japanese(ja) and not has_japanese(en), target
            if target in truth:  # a card link whose true split is known
                assert (ja, en) == truth[target]
                checked += 1
    assert checked > 25
    links = dict((t, (j, e)) for t, j, e in results["003_1a1ef98037bb5b91.txt"]["links"])
    assert links["一日のやり直し/Day's Undoing"] == ("一日のやり直し", "Day's Undoing")
    assert links["最後の賭け/Final Fortune"] == ("最後の賭け", "Final Fortune")
    links0 = dict((t, (j, e)) for t, j, e in results["000_578829c41a82ad54.txt"]["links"])
    assert links0["夜+昼/Night+Day"] == ("夜+昼", "Night+Day")
    links2 = dict((t, (j, e)) for t, j, e in results["002_7b8f629b0e5e93ec.txt"]["links"])
    assert links2["獲物貫き、オボシュ/Obosh, the Preypiercer"] == (
        "獲物貫き、オボシュ", "Obosh, the Preypiercer")


def test_quoted_rules_keep_their_edition_and_numbers(seeded):
    results, _ = seeded

    def quoted(name: str) -> list[tuple]:
        return [r for r in results[name]["refs"] if r[0] == "quoted"]

    day = quoted("000_578829c41a82ad54.txt")
    assert {r[4] for r in day} == {"20260807.0"}
    assert [r[1] for r in day] == ["7", "726", "726.1", "726.2", "726.3", "726.4", "726.5"]
    assert day[2][3] == "イニシアチブ" and day[2][2] == 2
    initiative = quoted("001_09ecbfe181ef25e8.txt")
    assert {r[4] for r in initiative} == {"20231117.0"}
    assert [r[1] for r in initiative][2:] == ["722.1", "722.2", "722.3", "722.4", "722.5"]
    prepare = quoted("002_7b8f629b0e5e93ec.txt")
    assert {r[4] for r in prepare} == {"20260417"}
    numbers = [r[1] for r in prepare]
    assert numbers[0] == "722" and "722.2a" in numbers and "722.3d" in numbers
    assert numbers[-1] == "722.5" and len(numbers) == 13
    end_turn = results["003_1a1ef98037bb5b91.txt"]["refs"]
    assert ("quote", "716", None, None, None) in end_turn
    assert {r[1] for r in end_turn if r[0] == "cite"} == {"716", "716.2", "608.2j", "716.3"}
    assert {r[1] for r in results["002_7b8f629b0e5e93ec.txt"]["refs"] if r[0] == "cite"} == {
        "704.5e", "601.2i"}


def test_english_names_and_clean_text(seeded):
    results, _ = seeded
    en = {r["title"]: r["page"][0] for r in results.values()}
    assert en == {"昼": "Day", "イニシアチブ": "Initiative", "準備カード": "Preparation Card",
                  "ターンを終了する": "End the turn"}
    for result in results.values():
        text = result["page"][1]
        assert "[編集]" not in text and "提供" not in text and "移動: 案内" not in text
