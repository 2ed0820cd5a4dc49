"""Parser units: titles from URLs, costs, card boxes and their pitfalls, CR references."""

from __future__ import annotations

import pytest

from scraper.cardbox import find_card_boxes, normalise_cost
from scraper.crrefs import cites_from_wikitext, quoted_rules_from_text
from scraper.titles import is_article, title_from_url
from scraper.wikiparse import parse_page

BASE = "http://mtgwiki.com/"


@pytest.mark.parametrize(
    "url",
    [
        "http://mtgwiki.com/wiki/%E6%98%BC",
        "http://m.mtgwiki.com/wiki/%E6%98%BC",
        "http://mobile.mtgwiki.com/index.php?title=%E6%98%BC&oldid=12345",
        "http://www.mtgwiki.com/index.php?oldid=1&title=%E6%98%BC&printable=yes",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&diff=prev&oldid=9",
        "http://mtgwiki.com/index.php?redirect=no&title=%E6%98%BC",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&action=edit",
        "http://mtgwiki.com/wiki/%E6%98%BC#%E8%A7%A3%E8%AA%AC",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&direction=prev&oldid=812",
        "http://mtgwiki.com/index.php?direction=next&oldid=812&title=%E6%98%BC",
        "http://mtgwiki.com/index.php?curid=77&title=%E6%98%BC",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&diff=cur&oldid=3",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&diff=1234",
        "http://mtgwiki.com/index.php?title=%E6%98%BC&action=edit&section=2",
        "https://mobile.mtgwiki.com/index.php?title=%E6%98%BC&action=raw",
    ],
)
def test_url_forms_give_one_title(url):
    assert title_from_url(url, BASE) == "昼"


def test_titles_decode_underscores_slashes_and_plus():
    assert title_from_url(BASE + "wiki/Time_Stop", BASE) == "Time Stop"
    assert title_from_url(BASE + "wiki/Day%27s_Undoing", BASE) == "Day's Undoing"
    assert title_from_url(BASE + "wiki/%E6%99%82%E9%96%93%E5%81%9C%E6%AD%A2%2FTime_Stop",
                          BASE) == "時間停止/Time Stop"
    assert title_from_url(BASE + "wiki/生+死/Life+Death", BASE) == "生+死/Life+Death"
    assert title_from_url(BASE + "index.php?title=%E7%94%9F%2B%E6%AD%BB", BASE) == "生+死"
    assert title_from_url(BASE + "index.php?search=%E6%98%BC&fulltext=Search", BASE) is None
    assert title_from_url("http://example.org/wiki/X", BASE) is None
    assert not is_article("カテゴリ:ルール用語") and not is_article("特別:AllPages")
    assert is_article("召喚：チョコボ＆モーグリ/Summon: Choco/Mog")


@pytest.mark.parametrize(
    ("raw", "cost"),
    [("(２)(白)", "{2}{W}"), ("(4)(青)(青)", "{4}{U}{U}"), ("(赤)(緑)", "{R}{G}"),
     ("(Ｘ)(赤)", "{X}{R}"), ("(白/青)", "{W/U}"), ("(２/白)", "{2/W}"), ("(緑/Φ)", "{G/P}"),
     ("(１０)", "{10}")],
)
def test_costs_normalise_to_scryfall_symbols(raw, cost):
    assert normalise_cost(raw) == cost


def test_card_box_pitfalls_from_the_spec():
    text = (
        "Tavern Ruffian / 酒場のごろつき (３)(赤)\n"
        "クリーチャー ― 人間(Human) 戦士(Warrior) 狼男(Werewolf)\n"
        "クリーチャー ― 人間(Human) 戦士(Warrior) 狼男(Werewolf)\n"
        "日暮(プレイヤーが自分のターンに呪文を唱えなかったなら、次のターンに夜になる。)\n"
        "2/5Tavern Smasher / 酒場破り\n"
        "〔赤/緑〕 クリーチャー — 狼男(Werewolf)\n"
        "夜明(…)\n"
        "6/5\n"
        "Wandering Sage / 放浪の賢者 (２)(青)(青)\n"
        "伝説のプレインズウォーカー — 賢者(Sage)\n"
        "[+1]：カード１枚を引く。\n"
        "4\n"
        "昼/夜は紋章ではない。これは普通の文章 / ではない行。\n"
    )
    boxes = find_card_boxes(text)
    assert [(b.name_en, b.name_ja, b.mana_cost, b.face_index) for b in boxes] == [
        ("Tavern Ruffian", "酒場のごろつき", "{3}{R}", 0),
        ("Tavern Smasher", "酒場破り", None, 1),
        ("Wandering Sage", "放浪の賢者", "{2}{U}{U}", 0),
    ]
    ruffian, smasher, sage = boxes
    assert ruffian.type_line == "クリーチャー — 人間(Human) 戦士(Warrior) 狼男(Werewolf)"
    assert ruffian.text.startswith("日暮") and (ruffian.power, ruffian.toughness) == ("2", "5")
    assert smasher.color_indicator == "RG" and (smasher.power, smasher.toughness) == ("6", "5")
    assert sage.loyalty == "4" and sage.text == "[+1]：カード１枚を引く。"


def test_header_with_japanese_first_and_run_in_type_line():
    boxes = find_card_boxes("悲哀の名誉教授 / Emeritus of Woe (３)(黒)"
                            "クリーチャー ─ 吸血鬼(Vampire)\n本文。\n")
    assert boxes[0].name_en == "Emeritus of Woe" and boxes[0].name_ja == "悲哀の名誉教授"
    assert boxes[0].type_line == "クリーチャー — 吸血鬼(Vampire)"


def test_cr_citations_in_all_their_forms():
    refs = cites_from_wikitext(
        "a{{CR|719.1a}} b(CR:716) "
        "c{{CR|{{その他のルールのCR番号|ターンやフェイズを終了させる}}.1a}}{{#cr:514}}"
    )
    assert [(r.kind, r.rule, r.section_title, r.suffix) for r in refs] == [
        ("cite", "719.1a", None, None),
        ("cite", None, "ターンやフェイズを終了させる", ".1a"),
        ("quote", "514", None, None),
        ("cite", "716", None, None),
    ]


def test_quoted_block_keeps_examples_with_their_rule():
    block = quoted_rules_from_text(
        "本文\n引用:総合ルール 20260417\n- 724 ターンを終了する\n- 724.1. 「ターンを終了する」\n"
        "- 例：ある呪文がターンを終了する。\n- 724.1a 続き\n"
    )
    assert block.version == "20260417"
    assert [(r.number, r.level, r.section_title) for r in block.rules] == [
        ("724", 1, "ターンを終了する"), ("724.1", 2, "ターンを終了する"),
        ("724.1a", 3, "ターンを終了する")]
    assert block.rules[1].text.endswith("例：ある呪文がターンを終了する。")


def test_wikitext_only_page_has_sections_links_and_infobox_name():
    page = parse_page("日暮", wikitext=(
        "{{情報ボックス/キーワード能力\n|名前=日暮\n|英名=Daybound\n}}\n"
        "'''日暮'''(ひぐれ)/''Daybound''は[[キーワード能力]]。\n"
        "==ルール==\n*[[時間停止/Time Stop]]\n===細則===\n本文\n[[カテゴリ:キーワード能力]]"
    ))
    assert page.en_name == "Daybound"
    assert [(s.index, s.level, s.heading) for s in page.sections] == [
        (0, 0, ""), (1, 2, "ルール"), (2, 3, "細則")]
    assert [(lk.target_ja, lk.target_en) for lk in page.links] == [
        ("キーワード能力", None), ("時間停止", "Time Stop")]
    assert page.categories == ["キーワード能力"]


def test_plain_text_chrome_is_dropped():
    html = ("<div id='mw-content-text'><p>提供: MTG Wiki</p><p>移動: 案内, 検索</p>"
            "<p>2024年3月1日 (金) 12:00時点における某による版</p>"
            "<p>(差分) ←前の版 | 最新版 (差分) | 次の版→ (差分)</p>"
            "<p>(昼夜から転送)</p><p>本文です。</p></div>")
    page = parse_page("昼", html=html)
    assert page.text == "本文です。"
    assert page.redirected_from == ["昼夜"]


def test_only_links_that_stay_on_the_wiki_are_links():
    html = ('<div id="mw-content-text"><p>'
            '<a href="/wiki/%E6%98%BC">昼</a> '
            '<a href="http://m.mtgwiki.com/wiki/%E5%A4%9C">夜</a> '
            '<a href="https://en.wikipedia.org/wiki/Day">Day</a> '
            '<a class="extiw" href="http://mtg.wiki/page/Day">Day</a> '
            '<a class="external text" href="http://mtgwiki.com/wiki/X">X</a></p></div>')
    page = parse_page("テスト", html=html, url="http://mtgwiki.com/wiki/テスト")
    assert [lk.target for lk in page.links] == ["昼", "夜"]


def test_disambiguated_and_anchored_links_keep_the_whole_title():
    page = parse_page("テスト", wikitext=(
        "[[カウンター (目印)|カウンター]]と[[コントロール (ルール用語)]]、"
        "[[ダンジョン#ダンジョン探索をする/Venture into the Dungeon|ダンジョン探索]]、"
        "[[昼|『昼』]]、[[:カテゴリ:ルール用語]]、[[ファイル:x.png]]"))
    assert [(lk.target, lk.target_ja, lk.target_en, lk.anchor, lk.label) for lk in page.links] == [
        ("カウンター (目印)", "カウンター (目印)", None, None, "カウンター"),
        ("コントロール (ルール用語)", "コントロール (ルール用語)", None, None, None),
        ("ダンジョン", "ダンジョン", None, "ダンジョン探索をする/Venture into the Dungeon",
         "ダンジョン探索"),
        ("昼", "昼", None, None, "『昼』"),
    ]


def test_seed_shaped_plain_chrome_and_quotes_with_full_width_colons():
    html = ("<div id='mw-content-text'><p>提供：MTG Wiki</p>"
            "<p>(3人の利用者による、間の5版が非表示)</p>"
            "<p>目次 1 解説 2 ルール 3 参考 4 引用：総合ルール 20260807.0</p>"
            "<p>夜/Nightは、ゲームが取り得る状態である。</p>"
            "<h2>引用：総合ルール 20260807.0</h2><ul><li>7 その他のルール<ul><li>731 昼と夜"
            "<ul><li>731.1 昼と夜は状態である。</li><li>731.1a 始めはどちらでもない。</li>"
            "</ul></li></ul></li></ul></div>")
    page = parse_page("夜", html=html)
    assert page.text.startswith("夜/Nightは") and page.en_name == "Night"
    assert page.quoted_rules.version == "20260807.0"
    assert [(r.number, r.section_title) for r in page.quoted_rules.rules] == [
        ("7", None), ("731", "昼と夜"), ("731.1", "昼と夜"), ("731.1a", "昼と夜")]


def test_dungeon_rooms_in_a_list_in_english_and_run_together():
    from scraper.dungeon import dungeons_from_page, parse_room

    page = parse_page("ダンジョン", wikitext=(
        "'''ダンジョン'''/''Dungeon''は特殊なカード・タイプ。\n==例==\n"
        "*入り口 ― カード１枚を引く。(広間、回廊へ)\n*広間 ― 占術２を行う。(玉座へ)\n"
        "*回廊 ― 宝物を１つ生成する。（玉座へ）\n*玉座 ― あなたは３点のライフを得る。\n"
        "*これは部屋ではない ― 説明の行。\n"))
    assert [d.graph() for d in page.dungeons] == [
        {"入り口": ["広間", "回廊"], "広間": ["玉座"], "回廊": ["玉座"], "玉座": []}]
    assert page.dungeons[0].source == "text" and page.dungeons[0].name_en is None
    assert page.dungeons[0].rooms[0].effect == "カード１枚を引く。"
    assert parse_room("Cave Entrance — Scry 1. (Leads to: Goblin Lair, Mine Tunnels)") \
        .leads_to == ["Goblin Lair", "Mine Tunnels"]
    assert parse_room("• 門 ― 占術１。（→広間、回廊）").leads_to == ["広間", "回廊"]
    run_on = "門 ― 占術１を行う。(広間へ)広間 ― カード１枚を引く。"
    assert [d.graph() for d in dungeons_from_page(run_on, [])] == [{"門": ["広間"], "広間": []}]
    assert dungeons_from_page("昼 ― 夜と対をなす状態。\n夜 ― 昼と対をなす状態。", []) == []


def test_cr_citations_ignore_comments_and_nowiki():
    refs = cites_from_wikitext("<!-- (CR:716) {{CR|999.9}} -->{{CR|702.1}}"
                               "<nowiki>CR:111.1</nowiki> (CR:104.3a)")
    assert [r.rule for r in refs] == ["702.1", "104.3a"]


def test_quoted_blocks_end_at_the_next_heading_and_each_is_kept():
    marked = ("\x012引用:総合ルール 20260417\n• 724 ターンを終了する\n• 724.1 本文。\n"
              "\x012脚注\n• 1. 注の文。\n\x012引用:総合ルール 20260417\n"
              "• 731 昼と夜\n• 731.1 昼。")
    block = quoted_rules_from_text(marked)
    assert [(r.number, r.text) for r in block.rules] == [
        ("724", "ターンを終了する"), ("724.1", "本文。"), ("731", "昼と夜"), ("731.1", "昼。")]


def test_headless_face_needs_strong_evidence():
    prose = ("解説\n\nクリーチャー・カードを多く使うデッキ向け。\n２枚目以降も有効。\n"
             "\nアーティファクトが好きなら\n3\n")
    assert find_card_boxes(prose) == []
    boxes = find_card_boxes("伝説のプレインズウォーカー ― 賢者(Sage)\n"
                            "[+1]：カード１枚を引く。\n5\n")
    assert [(b.name_en, b.loyalty, b.type_line) for b in boxes] == [
        (None, "5", "伝説のプレインズウォーカー — 賢者(Sage)")]


def test_a_card_page_with_no_japanese_name_is_its_own_english_name():
    page = parse_page("Nightglass Oddity", wikitext=(
        "{{#card:Nightglass Oddity}}\n'''Nightglass Oddity'''は[[アン・カード]]。"))
    assert page.en_name == "Nightglass Oddity"
    assert [(b.name_en, b.name_ja, b.source) for b in page.card_boxes] == [
        ("Nightglass Oddity", None, "wikitext")]
    # an English-looking title that is no card (no box shows it) is not taken for a name
    assert parse_page("MTG Arena", wikitext="'''MTG Arena'''はデジタル版。").en_name is None


def test_cr_links_count_wherever_they_point():
    html = ('<div id="mw-content-text"><table class="infobox"><tr><th>CR</th><td>'
            '<a class="external text" href="https://example.org/cr#702.145">CR:702.145</a>'
            '</td></tr></table><p>本文（<a href="/wiki/'
            '%E7%B7%8F%E5%90%88%E3%83%AB%E3%83%BC%E3%83%AB#502.2">CR : 502.2</a>）。'
            '<span>CR:111.1</span></p></div>')
    page = parse_page("日暮", html=html, wikitext="本文（{{CR|502.2}}）。<nowiki>CR:111.1</nowiki>")
    assert [r.rule for r in page.cr_refs] == ["502.2", "702.145"]
    assert [lk.target for lk in page.links] == []


def test_dungeon_reader_agrees_with_the_engines_dungeon_file():
    """The engine's English dungeon texts read as complete graphs and write back unchanged."""
    import json
    from pathlib import Path

    from scraper.dungeon import Dungeon, rooms_from_lines

    path = Path(__file__).resolve().parents[2] / "rules_engine" / "data" / "dungeons.json"
    if not path.exists():
        pytest.skip("no rules_engine/data/dungeons.json")
    for entry in json.loads(path.read_text(encoding="utf-8")):
        lines = entry["text"].splitlines()
        runs = rooms_from_lines(lines)
        assert len(runs) == 1 and len(runs[0]) == len(lines), entry["name"]
        dungeon = Dungeon(entry["name"], None, runs[0])
        graph = dungeon.graph()
        assert all(set(nxt) <= set(graph) for nxt in graph.values()), entry["name"]
        assert [room for room, nxt in graph.items() if not nxt] == [runs[0][-1].name]
        assert dungeon.as_text() == entry["text"]


def test_headless_face_keeps_a_cost_left_on_its_own_line():
    boxes = find_card_boxes("\n(３)(赤)\nクリーチャー ― 狼男(Werewolf)\n日暮\n2/5\n"
                            "Grim Howler / 凄惨な吠え猛り\n〔赤〕 クリーチャー ― 狼男(Werewolf)\n"
                            "夜明\n6/5\n\n(2021)\nクリーチャー・タイプ一覧\n本文\n")
    assert [(b.name_en, b.mana_cost, b.face_index, b.power) for b in boxes] == [
        (None, "{3}{R}", 0, "2"), ("Grim Howler", None, 1, "6")]


def test_an_edit_view_gives_the_whole_wikitext_from_its_text_box():
    from pathlib import Path

    html = (Path(__file__).resolve().parent / "fixtures" / "unseen" / "edit_view.html") \
        .read_text(encoding="utf-8")
    page = parse_page("瞬唱", html=html)
    assert page.wikitext.startswith("'''瞬唱'''")  # the text box, not the diff's two lines
    assert page.en_name == "Flashsong"
    assert [s.heading for s in page.sections] == ["", "解説", "参考"]
    assert [(r.kind, r.rule) for r in page.cr_refs] == [("cite", "702.300a"), ("quote", "702.300")]
    assert [lk.target for lk in page.links] == ["キーワード能力", "瞬速", "キーワード能力"]
    assert page.categories == ["キーワード能力"]
    assert [(b.name_en, b.source) for b in page.card_boxes] == [("Echo Singer", "wikitext")]
    assert "ログイン" not in page.text and "比較" not in page.text


def test_mana_symbols_drawn_as_images_read_as_costs():
    html = ('<div id="mw-content-text"><div class="card"><p>'
            '<a href="/wiki/X">Glimmer Wisp</a> / 微光の精 <img alt="{2}" src="/m/2.png"/>'
            '<img alt="{W}" src="/m/w.png"/><img alt="{W/U}" src="/m/wu.png"/><br/>'
            'クリーチャー — スピリット(Spirit)<br/>'
            '<img alt="(T)" src="/m/t.png"/>：１点のライフを得る。'
            '<br/>1/1</p></div><p><a class="image" href="/wiki/File:x.jpg">'
            '<img alt="Glimmer Wisp.jpg" src="/x.jpg"/></a></p></div>')
    page = parse_page("微光の精/Glimmer Wisp", html=html)
    box = page.card_boxes[0]
    assert (box.name_en, box.name_ja, box.mana_cost) == ("Glimmer Wisp", "微光の精", "{2}{W}{W/U}")
    assert box.text == "(T)：１点のライフを得る。" and box.power == "1"
    assert "jpg" not in page.text
