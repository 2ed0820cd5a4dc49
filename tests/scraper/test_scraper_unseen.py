"""Pages the scraper was not written against, fetched and stored like real ones.

The fixtures (tests/scraper/fixtures/unseen) are hand-written in the MTG Wiki's shapes
(../shared/spec/mtgwiki.md) for cards and mechanics that exist nowhere else in the
project: a card page in the Vector skin (card box drawn as a table, <ref>, comments,
entities, a wikitable, a red link, a hidden category), a keyword page in the older
Monobook skin (infobox with its CR row, nested templates, a section looked up by title,
two quoted rules blocks, dot-encoded anchors), a mechanic page with five card boxes in
three different markups, a dungeon card, and a mobile (Minerva) copy that lost its first
card header. They are served by a local wiki without api.php (raw + rendered, like the
real site), crawled through ``mtgkit scrape wiki`` and read back from the database.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

import db
from db.load import load_card_files
from mtgkit.cli import main
from scraper.wikiparse import parse_page
from tests.scraper.fakeserver import FakeServer, Reply, Request

UNSEEN = Path(__file__).resolve().parent / "fixtures" / "unseen"
PAGES = {
    "星霜の砂時計/Hourglass of Ages": "hourglass",
    "護り手": "guardian",
    "変転": "shift",
    "幽谷の迷宮/Hollow Labyrinth": "labyrinth",
    "陽光の追跡者/Sunlit Stalker": "mobile_stalker",
    "熾火+灰/Ember+Ash": "ember_ash",
}


class UnseenWiki:
    """Serves the fixtures: ``action=raw`` when a .wiki file exists, ``/wiki/T`` always."""

    def __init__(self, server: FakeServer, *, raw: bool = True) -> None:
        self.server = server
        self.raw = raw
        server.fallback = self.handle

    def handle(self, req: Request) -> Reply | None:
        path = req.path.split("?", 1)[0]
        if path in ("/robots.txt", "/api.php"):
            return Reply(404, b"", {"Content-Type": "text/plain"})
        if path == "/index.php" and req.q("action") == "raw":
            name = PAGES.get((req.q("title") or "").replace("_", " "))
            wiki = UNSEEN / f"{name}.wiki"
            if not self.raw or name is None or not wiki.exists():
                return Reply(404, b"", {"Content-Type": "text/plain"})
            return Reply(200, wiki.read_bytes(), {"Content-Type": "text/x-wiki; charset=UTF-8"})
        if path.startswith("/wiki/"):
            name = PAGES.get(path[len("/wiki/"):].replace("_", " "))
            if name is None:
                return Reply(404, b"<html>missing</html>", {"Content-Type": "text/html"})
            return Reply(200, (UNSEEN / f"{name}.html").read_bytes(),
                         {"Content-Type": "text/html; charset=UTF-8"})
        return None


@pytest.fixture(scope="module")
def crawled(tmp_path_factory):
    """Every unseen page crawled into one database; returns a query function."""
    path = tmp_path_factory.mktemp("unseen") / "unseen.duckdb"
    with FakeServer() as server:
        UnseenWiki(server)
        args = ["--db", str(path), "scrape", "wiki", "--base-url", server.url, "--delay", "0",
                "--no-progress"]
        for title in PAGES:
            args.extend(["--title", title])
        assert main(args) == 0
    store = db.connect(path)

    def q(sql: str, params: list | None = None) -> list[tuple]:
        return store.con.execute(sql, params or []).fetchall()

    yield q
    store.close()


def _page(name: str, title: str, *, wikitext: bool = True):
    wiki = UNSEEN / f"{name}.wiki"
    return parse_page(title, html=(UNSEEN / f"{name}.html").read_text(encoding="utf-8"),
                      wikitext=wiki.read_text(encoding="utf-8") if wikitext else None,
                      url="http://mtgwiki.com/wiki/" + quote(title))


def test_every_unseen_page_is_stored_with_its_revision_and_english_name(crawled):
    assert crawled("SELECT title, revision_id, en_name, source FROM wiki_pages ORDER BY title") \
        == sorted([
            ("星霜の砂時計/Hourglass of Ages", 48213, "Hourglass of Ages", "raw+rendered"),
            ("護り手", 31007, "Guardian", "raw+rendered"),
            ("変転", 77001, "Shifting", "raw+rendered"),
            ("幽谷の迷宮/Hollow Labyrinth", 66120, "Hollow Labyrinth", "raw+rendered"),
            ("陽光の追跡者/Sunlit Stalker", 55501, "Sunlit Stalker", "raw+rendered"),
            ("熾火+灰/Ember+Ash", 81234, "Ember+Ash", "raw+rendered"),
        ])
    for (text,) in crawled("SELECT text FROM wiki_pages"):
        for chrome in ("[編集]", "提供", "目次", "ナビゲーションに移動", "案内メニュー", "から取得",
                       "最終更新", "NewPP", "移動:"):
            assert chrome not in text


def test_card_page_box_links_refs_and_categories(crawled):
    title = "星霜の砂時計/Hourglass of Ages"
    assert crawled("SELECT name_en, name_ja, mana_cost, type_line, text FROM wiki_card_boxes "
                   "WHERE title = ?", [title]) == [(
        "Hourglass of Ages", "星霜の砂時計", "{3}{U}{U}", "伝説のアーティファクト",
        "(３),(Ｔ)：ターンを終了する。起動はソーサリーとしてのみ行う。\n"
        "あなたのアップキープの開始時に、あなたは１点のライフを失う。")]
    links = crawled("SELECT target, target_ja, target_en, label, target_exists FROM wiki_links "
                    "WHERE title = ? ORDER BY position", [title])
    targets = [t for t, *_ in links]
    assert "隠しリンク" not in targets  # in a comment
    assert "これはリンクではない" not in targets  # in <nowiki>
    assert ("時間停止/Time Stop", "時間停止", "Time Stop", None, True) in links
    assert ("ターンを終了する", "ターンを終了する", None, "ターンを終わらせる", True) in links
    assert ("開発秘話", "開発秘話", None, None, True) in links  # inside <ref>
    assert ("カード個別評価：時の裂け目 - レア", "カード個別評価：時の裂け目 - レア", None, None,
            False) in links  # a red link
    assert crawled("SELECT kind, rule FROM wiki_cr_refs WHERE title = ? ORDER BY rule",
                   [title]) == [("cite", "724.1b"), ("cite", "724.1c"), ("cite", "724.1d")]
    assert crawled("SELECT category FROM wiki_categories WHERE title = ?", [title]) == [
        ("時の裂け目の再録禁止カード",)]  # not the hidden one
    sections = crawled("SELECT heading, text FROM wiki_sections WHERE title = ? "
                       "ORDER BY section_index", [title])
    assert [h for h, _ in sections] == ["", "解説", "ルール", "参考"]
    assert "<重い>" in sections[1][1] and "合計 6マナ" in sections[1][1]  # entities decoded
    assert "追放 CR:724.1b" in sections[2][1]  # a table row stays one line


def test_keyword_page_infobox_quotes_and_citations(crawled):
    title = "護り手"
    refs = crawled("SELECT kind, rule, section_title, suffix FROM wiki_cr_refs "
                   "WHERE title = ? AND kind <> 'quoted' ORDER BY position", [title])
    assert refs == [
        ("cite", "702.200", None, None), ("cite", "702.200a", None, None),
        ("cite", "702.200b", None, None), ("cite", None, "ターンやフェイズを終了させる", ".1a"),
        ("quote", "702.200", None, None), ("quote", "509", None, None),
        ("cite", "724.1a", None, None),  # the looked-up section, as the page rendered it
    ]  # and 702.77, which only a comment mentions, is not there
    quoted = crawled("SELECT rule, level, section, section_title, cr_version, text "
                     "FROM wiki_cr_refs WHERE title = ? AND kind = 'quoted' ORDER BY position",
                     [title])
    assert [r[0] for r in quoted] == ["7", "702", "702.200", "702.200a", "702.200b",
                                      "5", "509", "509.1", "509.1a"]
    assert {r[4] for r in quoted} == {"20260417.0"}
    by_rule = {r[0]: r for r in quoted}
    assert by_rule["509.1a"][2:4] == ("509", "ブロック・クリーチャー指定ステップ")
    assert by_rule["702.200"][1:4] == (2, "702.200", "護り手")  # a keyword's own topic
    assert by_rule["702.200a"][1:4] == (3, "702.200", "護り手")
    assert by_rule["702.200b"][5].endswith("１体しかブロックできない。")  # its example
    assert "飛行" not in by_rule["509.1a"][5]  # the navbox after the block is not a rule
    links = crawled("SELECT target, anchor, label, target_exists FROM wiki_links "
                    "WHERE title = ? ORDER BY position", [title])
    assert ("ダンジョン", "ダンジョン探索をする/Venture into the Dungeon", "ダンジョン探索",
            True) in links
    assert ("護り手", None, "『護り手』", True) in links
    assert ("冗長", None, None, False) in links
    targets = [t for t, *_ in links]
    assert "時の裂け目リマスター" in targets  # [[{{セット名|TRF}}]]: as the page rendered it
    assert not [t for t in targets if "{" in t or t.startswith("CR:")]
    assert crawled("SELECT category FROM wiki_categories WHERE title = ?", [title]) == [
        ("キーワード能力",)]
    assert crawled("SELECT name_en, name_ja, mana_cost, type_line, power, toughness "
                   "FROM wiki_card_boxes WHERE title = ?", [title]) == [
        ("Stalwart Sentry", "堅固な歩哨", "{1}{W/G}", "クリーチャー — 人間(Human) 兵士(Soldier)",
         "1", "4")]
    headings = [h for (h,) in crawled("SELECT heading FROM wiki_sections WHERE title = ? "
                                      "ORDER BY section_index", [title])]
    assert headings[:4] == ["", "定義", "解説", "参考"]  # the older skin's [編集] is gone


def test_keyword_page_without_its_wikitext_still_cites_from_the_rendering():
    page = _page("guardian", "護り手", wikitext=False)
    assert [r.rule for r in page.cr_refs] == ["702.200", "702.200a", "702.200b", "724.1a"]
    assert page.en_name == "Guardian" and page.categories == ["キーワード能力"]
    assert ("ダンジョン", "ダンジョン探索をする/Venture into the Dungeon") in [
        (lk.target, lk.anchor) for lk in page.links]
    assert len(page.quoted_rules.rules) == 9


def test_many_card_boxes_in_different_markups(crawled):
    rows = crawled("SELECT face_index, name_en, name_ja, mana_cost, color_indicator, type_line, "
                   "power, toughness, loyalty FROM wiki_card_boxes WHERE title = '変転' "
                   "ORDER BY position")
    assert rows == [
        (0, "Wild Pathfinder", "奔放な道探し", "{1}{R/G}{R/G}", None,
         "クリーチャー — 人間(Human) 狼男(Werewolf)", "2", "2", None),
        (1, "Feral Pathfinder", "野生の道探し", None, "RG", "クリーチャー — 狼男(Werewolf)",
         "4", "4", None),
        (0, "Varra, Tide Reader", "潮読み、ヴァラ", "{X}{U}{U}", None,
         "伝説のプレインズウォーカー — ヴァラ(Varra)", None, None, "3"),
        (0, "Frost Vial", "霜の小瓶", "{1}", None, "アーティファクト", None, None, None),
        (0, "Storm Lash", "嵐の鞭打ち", "{2}{R}", None, "インスタント", None, None, None),
        (0, "Shaper of Dunes", "砂丘の形成者", "{3}{G}{G}", None,
         "クリーチャー — エレメンタル(Elemental)", "*", "*", None),
    ]
    sections = crawled("SELECT heading, text FROM wiki_sections WHERE title = '変転' "
                       "ORDER BY section_index")
    assert [h for h, _ in sections] == ["", "解説", "該当カード"]
    assert sections[2][1].splitlines() == [
        "登場順に示す。", "", "• 奔放な道探し/Wild Pathfinder(時の裂け目)",
        "• 霜の小瓶/Frost Vial(時の裂け目)", "• Nightglass Oddity(時の裂け目)"]
    texts = dict(crawled("SELECT name_en, text FROM wiki_card_boxes WHERE title = '変転'"))
    assert texts["Varra, Tide Reader"].splitlines()[1].startswith("[−２]：")
    assert texts["Frost Vial"].count("アーティファクト") == 0  # the duplicated type line
    assert texts["Wild Pathfinder"] == (
        "トランプル\n日暮（プレイヤーが自分のターンに呪文を唱えなかったなら、次のターンに夜になる。）")
    links = dict(crawled("SELECT target, target_en FROM wiki_links WHERE title = '変転'"))
    assert links["召喚：月と太陽/Summon: Sun/Moon"] == "Summon: Sun/Moon"
    assert links["生+死/Life+Death"] == "Life+Death"
    assert links["Nightglass Oddity"] == "Nightglass Oddity"  # no Japanese name
    assert links["潮読み、ヴァラ/Varra, Tide Reader"] == "Varra, Tide Reader"


def test_dungeon_card_rooms_are_a_graph(crawled):
    rows = crawled("SELECT dungeon_index, dungeon_en, dungeon_ja, room, leads_to, source "
                   "FROM wiki_dungeon_rooms WHERE title = '幽谷の迷宮/Hollow Labyrinth' "
                   "ORDER BY position")
    assert rows == [
        (0, "Hollow Labyrinth", "幽谷の迷宮", "朽ちた門", ["苔むした回廊", "水没した祭壇"], "card"),
        (0, "Hollow Labyrinth", "幽谷の迷宮", "苔むした回廊", ["骨の広間"], "card"),
        (0, "Hollow Labyrinth", "幽谷の迷宮", "水没した祭壇", ["骨の広間"], "card"),
        (0, "Hollow Labyrinth", "幽谷の迷宮", "骨の広間", ["王の玄室"], "card"),
        (0, "Hollow Labyrinth", "幽谷の迷宮", "王の玄室", [], "card"),
    ]
    effects = dict(crawled("SELECT room, effect FROM wiki_dungeon_rooms"))
    assert effects["王の玄室"] == "黒の２/２のゾンビ・クリーチャー・トークン２体を生成する。"
    assert effects["朽ちた門"] == "占術１を行う。"
    # every arrow points at a room of the same dungeon
    names = set(effects)
    assert all(set(leads) <= names for *_, leads, _ in rows)


def test_mobile_copy_keeps_the_face_whose_header_it_lost(crawled):
    rows = crawled("SELECT face_index, name_en, name_ja, type_line, power, toughness "
                   "FROM wiki_card_boxes WHERE title = '陽光の追跡者/Sunlit Stalker' "
                   "ORDER BY position")
    assert rows == [
        (0, "Sunlit Stalker", "陽光の追跡者", "クリーチャー — 人間(Human) 狼男(Werewolf)",
         "3", "3"),
        (1, "Moonlit Stalker", "月明かりの追跡者", "クリーチャー — 狼男(Werewolf)", "5", "5"),
    ]


def test_mobile_copy_alone_names_the_face_from_the_page_title():
    page = _page("mobile_stalker", "陽光の追跡者/Sunlit Stalker", wikitext=False)
    assert [(b.face_index, b.name_en, b.name_ja, b.power) for b in page.card_boxes] == [
        (0, "Sunlit Stalker", "陽光の追跡者", "3"), (1, "Moonlit Stalker", "月明かりの追跡者", "5")]
    assert [r.rule for r in page.cr_refs] == ["702.145"]


def test_a_lost_header_on_a_mechanic_page_is_named_by_the_card_store(tmp_path):
    """No title, no {{#card:}}: the store's card_faces knows the back face's front face."""
    card = {
        "object": "card", "id": "9e000000-0000-4000-8000-000000000001",
        "oracle_id": "9e000000-0000-4000-8000-0000000000aa", "name": "Dawn Prowler // Dusk Prowler",
        "lang": "en", "layout": "transform", "cmc": 2.0, "set": "tst", "collector_number": "9",
        "rarity": "common", "colors": ["G"], "color_identity": ["G"],
        "card_faces": [
            {"name": "Dawn Prowler", "mana_cost": "{1}{G}", "type_line": "Creature — Wolf",
             "oracle_text": "Daybound", "power": "2", "toughness": "2"},
            {"name": "Dusk Prowler", "mana_cost": "", "type_line": "Creature — Wolf",
             "oracle_text": "Nightbound", "power": "4", "toughness": "4"},
        ],
    }
    cards = tmp_path / "cards.jsonl"
    cards.write_text(json.dumps(card) + "\n", encoding="utf-8")
    html = ('<div id="mw-content-text"><p>夜明を持つカードの例。</p><div class="card"><p>'
            "クリーチャー ― 狼(Wolf)<br />日暮<br />2/2Dusk Prowler / 宵の徘徊者<br />"
            "〔緑〕 クリーチャー ― 狼(Wolf)<br />夜明<br />4/4</p></div></div>")
    with db.connect(tmp_path / "t.duckdb") as store:
        load_card_files(store, [cards], progress=False)
        from db.wiki import WikiStore

        page = parse_page("夜明", html=html)
        assert page.card_boxes[0].name_en is None  # nothing on the page names it
        WikiStore(store).save_page(page)
        rows = store.con.execute(
            "SELECT face_index, name_en, power, oracle_id FROM wiki_card_boxes ORDER BY position"
        ).fetchall()
    assert rows == [(0, "Dawn Prowler", "2", card["oracle_id"]),
                    (1, "Dusk Prowler", "4", card["oracle_id"])]


def test_split_halves_and_cards_without_a_japanese_name(crawled):
    rows = crawled("SELECT face_index, name_en, name_ja, mana_cost, type_line, power "
                   "FROM wiki_card_boxes WHERE title = '熾火+灰/Ember+Ash' ORDER BY position")
    assert rows == [
        (0, "Ember", "熾火", "{1}{R}", "インスタント", None),
        (1, "Ash", "灰", "{2}{B}", "ソーサリー", None),  # {{#card:Ember // Ash}}: one card
        (0, "Nightglass Oddity", None, "{2}{U}",
         "アーティファクト・クリーチャー — 構築物(Construct)", "1"),
        (0, "R.O.V.E.R.", "R.O.V.E.R.", "{2}", "アーティファクト — 機体(Vehicle)", "3"),
    ]  # and "Making Magic (2021)" over a type-like line is no card
    links = dict(crawled("SELECT target, target_ja FROM wiki_links "
                         "WHERE title = '熾火+灰/Ember+Ash'"))
    assert links["R.O.V.E.R./R.O.V.E.R."] == "R.O.V.E.R."
    assert links["熾火+灰/Ember+Ash"] == "熾火+灰"
