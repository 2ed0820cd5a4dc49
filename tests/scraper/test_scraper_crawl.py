"""``mtgkit scrape wiki`` end to end against the fixture wiki on a local server."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import db
from db.load import load_card_files
from db.wiki import WikiStore
from mtgkit.cli import main
from tests.scraper.fakeserver import FakeServer, Reply
from tests.scraper.fakewiki import FakeWiki

SCRYFALL = Path(__file__).resolve().parent.parent / "fixtures" / "scryfall"


@pytest.fixture
def wiki():
    with FakeServer() as srv:
        yield FakeWiki(srv)


@pytest.fixture
def plain_wiki():
    with FakeServer() as srv:
        yield FakeWiki(srv, api=False)


_OPEN: dict[Path, db.Store] = {}


def _close_readers() -> None:
    while _OPEN:
        _OPEN.popitem()[1].close()


@pytest.fixture(autouse=True)
def _readers():
    yield
    _close_readers()


def scrape(db_path: Path, wiki: FakeWiki, *extra: str) -> int:
    _close_readers()  # the CLI opens the file itself
    return main(["--db", str(db_path), "scrape", "wiki", "--base-url", wiki.server.url,
                 "--delay", "0", "--backoff", "0.01", "--no-progress", *extra])


def parsed_titles(wiki: FakeWiki) -> list[str]:
    """Titles the server was asked to parse (API) in this log."""
    out = []
    for req in wiki.server.requests_to("/api.php"):
        if req.q("action") == "parse":
            out.append(req.q("page"))
    return out


def rows(db_path: Path, sql: str, params: list | None = None) -> list[tuple]:
    if db_path not in _OPEN:  # one connection for a run of queries: opening is slow
        _OPEN[db_path] = db.connect(db_path)
    return _OPEN[db_path].con.execute(sql, params or []).fetchall()


def expected_depth1(wiki: FakeWiki, start: str) -> set[str]:
    found = {start}
    for target in wiki.links(start):
        if wiki.exists(target):
            found.add(wiki.resolve(target)[0])
    return found


def test_cli_fills_every_table_then_refetches_only_what_changed(wiki, db_path):
    with db.connect(db_path) as store:  # cards first, so boxes join to oracle_id
        load_card_files(store, [SCRYFALL / "cards.jsonl", SCRYFALL / "cards_ja.jsonl"],
                        progress=False)
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 0

    titles = {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")}
    assert titles == expected_depth1(wiki, "昼")
    for table in ("wiki_sections", "wiki_links", "wiki_card_boxes", "wiki_cr_refs",
                  "wiki_categories", "wiki_redirects"):
        assert rows(db_path, f"SELECT count(*) FROM {table}")[0][0] > 0, table

    page = rows(db_path, "SELECT url, revision_id, en_name, text, wikitext, html "
                         "FROM wiki_pages WHERE title = '昼'")[0]
    assert page[0].endswith("/wiki/%E6%98%BC") and page[1] == 101 and page[2] == "Day"
    assert "[編集]" not in page[3] and "提供" not in page[3] and "目次" not in page[3]
    assert page[4].startswith("'''昼'''") and "mw-parser-output" in page[5]
    assert rows(db_path, "SELECT en_name FROM wiki_pages WHERE title = '日暮'")[0][0] == "Daybound"

    sections = rows(db_path, "SELECT heading, level FROM wiki_sections WHERE title = '昼' "
                             "ORDER BY section_index")
    assert sections[0] == ("", 0)
    assert ("切り替わり", 3) in sections and ("参考", 2) in sections

    links = {r[0]: r[1:] for r in rows(
        db_path, "SELECT target, target_ja, target_en, anchor, target_exists FROM wiki_links "
                 "WHERE title = '昼'")}
    assert links["召喚：月と太陽/Summon: Sun/Moon"][:2] == ("召喚：月と太陽", "Summon: Sun/Moon")
    assert links["朝+夕/Morn+Eve"][:2] == ("朝+夕", "Morn+Eve")
    assert links["ダンジョン"][2] == "ダンジョン探索をする/Venture into the Dungeon"
    assert links["存在しない頁"][3] is False and links["夜"][3] is True

    boxes = rows(db_path, "SELECT name_en, name_ja, mana_cost, type_line, power, toughness, "
                          "loyalty, oracle_id, color_indicator FROM wiki_card_boxes "
                          "WHERE title = '日暮' ORDER BY position")
    assert boxes[0][:6] == ("Dusk Warden", "黄昏の番人", "{2}{G}",
                            "クリーチャー — 人間(Human) 狼男(Werewolf)", "3", "2")
    assert boxes[0][7] == "0a11ce00-0002-4000-8000-000000000002"
    assert boxes[1][0] == "Dusk Ravager" and boxes[1][8] == "G" and boxes[1][4:6] == ("5", "4")
    assert boxes[2][:3] == ("Sunrise Sage", "日の出の賢者", "{X}{W/U}{W/U}")
    assert boxes[2][6] == "4"

    cites = rows(db_path, "SELECT kind, rule, section_title, suffix, cr_version FROM "
                          "wiki_cr_refs WHERE title = '昼' ORDER BY position")
    assert ("cite", "731.2", None, None, None) in cites
    assert ("cite", "502.2", None, None, None) in cites
    assert ("quote", "731", None, None, None) in cites
    assert ("cite", None, "昼と夜", ".1a", None) in cites
    quoted = [(r[1], r[4]) for r in cites if r[0] == "quoted"]
    assert ("731.1a", "20260417") in quoted and ("731.3", "20260417") in quoted
    assert ("cite", "702.145", None, None, None) in rows(
        db_path, "SELECT kind, rule, section_title, suffix, cr_version FROM wiki_cr_refs "
                 "WHERE title = '日暮'")  # from the rendered infobox's CR row

    assert ("ルール用語",) in rows(db_path, "SELECT category FROM wiki_categories "
                                           "WHERE title = '昼'")
    assert rows(db_path, "SELECT source_title, target_title FROM wiki_redirects") == [
        ("アンタップステップ", "アンタップ・ステップ")]

    # second run: nothing changed, so only revision checks go out
    wiki.server.clear_log()
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 0
    assert parsed_titles(wiki) == []
    assert all(r.q("prop") == "info" or r.q("meta") == "siteinfo"
               for r in wiki.server.requests_to("/api.php"))

    # third run after one edit: exactly that page is fetched again
    wiki.edit("夜", wiki.pages["夜"]["wikitext"] + "\n追記。[[朝の灯火/Morning Lantern]]\n")
    wiki.server.clear_log()
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 0
    assert parsed_titles(wiki) == ["夜"]
    assert rows(db_path, "SELECT revision_id FROM wiki_pages WHERE title = '夜'")[0][0] == 1201
    assert rows(db_path, "SELECT count(*) FROM wiki_pages")[0][0] == len(titles)


def test_without_api_second_run_is_all_not_modified(plain_wiki, db_path):
    assert scrape(db_path, plain_wiki, "--title", "昼", "--follow-links", "1") == 0
    titles = {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")}
    assert titles == expected_depth1(plain_wiki, "昼")
    assert rows(db_path, "SELECT source FROM wiki_pages WHERE title = '昼'")[0][0] == "raw+rendered"
    boxes = rows(db_path, "SELECT name_en, name_ja, mana_cost FROM wiki_card_boxes "
                          "WHERE title = '昼' ORDER BY position")
    assert boxes == [("Morning Lantern", "朝の灯火", "{1}{W}"),
                     ("Lantern of Hours", "刻の角灯", "{4}")]
    # red links are known from the rendered page and never requested
    assert not plain_wiki.server.requests_to("/wiki/存在しない頁")

    plain_wiki.edit("日暮", plain_wiki.pages["日暮"]["wikitext"] + "\n追記。\n")
    plain_wiki.server.clear_log()
    assert scrape(db_path, plain_wiki, "--title", "昼", "--follow-links", "1") == 0
    fresh = [r.path for r in plain_wiki.server.log
             if r.status == 200 and not r.path.startswith("/robots")]
    assert fresh and all("%E6%97%A5%E6%9A%AE" in p or "日暮" in p for p in fresh), fresh
    rendered = [r.path for r in plain_wiki.server.log if r.path.startswith("/wiki/")]
    assert rendered == ["/wiki/日暮"]  # an unchanged raw page (304) spares its rendering
    assert rows(db_path, "SELECT revision_id FROM wiki_pages WHERE title = '日暮'")[0][0] == 1301


def test_an_interrupted_crawl_resumes_without_losing_or_refetching(wiki, db_path, monkeypatch):
    real_save = WikiStore.save_page
    calls = {"n": 0}

    def flaky_save(self, page, **kwargs):
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt  # Ctrl-C in the middle of the crawl
        return real_save(self, page, **kwargs)

    monkeypatch.setattr(WikiStore, "save_page", flaky_save)
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 130
    stored_first = {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")}
    assert len(stored_first) == 3

    monkeypatch.setattr(WikiStore, "save_page", real_save)
    wiki.server.clear_log()
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 0
    again = Counter(parsed_titles(wiki))
    assert not set(again) & stored_first  # nothing already stored is fetched again
    assert all(n == 1 for n in again.values())  # and nothing twice
    assert {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")} == \
        expected_depth1(wiki, "昼")
    assert rows(db_path, "SELECT count(*) FROM wiki_crawls WHERE finished_at IS NULL")[0][0] == 0


def test_max_pages_stops_and_the_next_run_continues(wiki, db_path):
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1", "--max-pages", "3") == 0
    assert rows(db_path, "SELECT count(*) FROM wiki_pages")[0][0] == 3
    assert len(parsed_titles(wiki)) == 3
    wiki.server.clear_log()
    assert scrape(db_path, wiki, "--title", "昼", "--follow-links", "1") == 0
    assert len(parsed_titles(wiki)) == len(expected_depth1(wiki, "昼")) - 3


def test_categories_and_all_pages_follow_continue_tokens(wiki, db_path):
    assert scrape(db_path, wiki, "--category", "ルール用語") == 0
    members = {t for t in wiki.pages if "ルール用語" in wiki.categories(t)}
    assert len(members) > wiki.page_size  # so continuation was needed
    assert {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")} == members
    assert any(r.q("cmcontinue") for r in wiki.server.requests_to("/api.php"))

    assert scrape(db_path, wiki, "--all-pages") == 0
    assert {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")} == set(wiki.pages)
    assert any(r.q("apcontinue") for r in wiki.server.requests_to("/api.php"))


def test_categories_without_the_api_come_from_the_category_page(plain_wiki, db_path, capsys):
    assert scrape(db_path, plain_wiki, "--category", "キーワード能力") == 0
    members = {t for t in plain_wiki.pages if "キーワード能力" in plain_wiki.categories(t)}
    assert members and {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")} == members

    # more members than fit one category page: its 次のページ (pagefrom=) link is followed
    cat = "ルール用語"
    members = {t for t in plain_wiki.pages if cat in plain_wiki.categories(t)}
    assert len(members) > plain_wiki.page_size
    assert scrape(db_path, plain_wiki, "--category", cat) == 0
    assert members <= {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")}
    assert any(r.q("pagefrom") for r in plain_wiki.server.log)


def test_all_pages_without_the_api_walk_special_allpages(plain_wiki, db_path, capsys):
    assert len(plain_wiki.pages) > 2 * plain_wiki.page_size  # so 次のページ is followed
    assert scrape(db_path, plain_wiki, "--all-pages") == 0
    assert {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")} == set(plain_wiki.pages)
    listing = [r for r in plain_wiki.server.log
               if r.q("title") in ("特別:ページ一覧", "Special:AllPages")]
    assert len(listing) == -(-len(plain_wiki.pages) // plain_wiki.page_size)
    assert all(r.q("hideredirects") == "1" for r in listing)
    # robots.txt shuts /wiki/特別: and it was never asked for
    assert not [r for r in plain_wiki.server.log if r.path.startswith("/wiki/特別")]
    # redirects are not crawled as pages of their own
    assert not plain_wiki.server.requests_to("/wiki/昼夜")


def test_all_pages_without_api_or_listing_is_a_clear_error(plain_wiki, db_path, capsys):
    plain_wiki.allpages_html = False
    assert scrape(db_path, plain_wiki, "--all-pages") == 2
    err = capsys.readouterr().err
    assert "特別:ページ一覧" in err and "no API" in err and "HTTP 404" in err


def test_listing_pages_of_older_mediawiki_are_read():
    from scraper.mediawiki import parse_listing

    base = "http://mtgwiki.com/"
    old_table = (
        '<html><body><div id="bodyContent"><table class="mw-allpages-table-chunk"><tr>'
        '<td><a href="/wiki/%E6%98%BC" title="昼">昼</a></td>'
        '<td class="allpagesredirect"><a href="/wiki/%E6%98%BC%E5%A4%9C" title="昼夜">昼夜</a></td>'
        '<td><a href="/index.php?title=%E5%A4%9C&amp;redirect=no" title="夜">夜</a></td></tr>'
        '</table><table class="mw-allpages-nav"><tr><td><a href="/index.php?title='
        '%E7%89%B9%E5%88%A5:Allpages&amp;from=%E6%9C%9D">Next page (朝)</a></td></tr></table>'
        "</div></body></html>")
    titles, more = parse_listing(old_table, base + "index.php?title=Special:AllPages", base,
                                 "allpages")
    assert titles == ["昼", "夜"]
    assert more == [base + "index.php?title=%E7%89%B9%E5%88%A5:Allpages&from=%E6%9C%9D"]
    ranges = ('<table class="allpageslist"><tr><td><a href="/index.php?title=Special:AllPages'
              '&amp;from=A&amp;to=M">A to M</a></td></tr></table>')
    assert parse_listing(ranges, base, base, "allpages") == (
        [], [base + "index.php?title=Special:AllPages&from=A&to=M"])


def test_maxlag_answers_are_waited_out(wiki, db_path):
    wiki.maxlag_errors = 2
    assert scrape(db_path, wiki, "--title", "夜") == 0
    assert rows(db_path, "SELECT title FROM wiki_pages") == [("夜",)]
    assert all(r.q("maxlag") == "5" for r in wiki.server.requests_to("/api.php"))


def test_url_forms_and_redirects_become_one_title(wiki, db_path):
    mobile = wiki.server.url.replace("127.0.0.1", "127.0.0.1")  # same host, other URL forms
    assert scrape(db_path, wiki, "--title", "昼",
                  "--title", f"{mobile}index.php?oldid=5&title=%E6%98%BC&printable=yes",
                  "--title", f"{mobile}wiki/%E6%98%BC#解説",
                  "--title", "昼夜") == 0
    assert parsed_titles(wiki) == ["昼"]
    assert rows(db_path, "SELECT title FROM wiki_pages") == [("昼",)]
    assert ("昼夜", "昼") in rows(db_path, "SELECT source_title, target_title FROM wiki_redirects")


def test_a_failing_page_is_reported_and_the_rest_stored(plain_wiki, db_path):
    calls = {"n": 0}
    original = plain_wiki.handle

    def handle(req):
        if "%E5%A4%9C" in req.path or req.path.startswith("/wiki/夜"):
            return Reply(500, b"boom")
        if req.path.startswith("/wiki/日暮"):
            calls["n"] += 1
            if calls["n"] == 1:
                return Reply(503, b"busy", {"Retry-After": "0"})
        return original(req)

    plain_wiki.server.fallback = handle
    code = scrape(db_path, plain_wiki, "--title", "昼", "--follow-links", "1", "--retries", "2")
    assert code == 1  # a page failed: said so in the exit status
    titles = {t for (t,) in rows(db_path, "SELECT title FROM wiki_pages")}
    assert "夜" not in titles and "日暮" in titles  # 503 then success was retried
    assert rows(db_path, "SELECT status FROM wiki_frontier WHERE title = '夜'")[0][0] == "failed"


def test_malformed_html_is_still_stored(plain_wiki, db_path):
    broken = ("<html><head><title>壊れた頁</title><body><div id='mw-content-text'>"
              "<p>本文の<b>一部<table><tr><td>セル</table><div>Lonely Cat / 孤独な猫 (１)(黒)<br>"
              "クリーチャー — 猫(Cat)<br>1/1<div><p>閉じない").encode()
    original = plain_wiki.handle

    def handle(req):
        if "action=raw" in req.path and "%E5%A3%8A" in req.path:
            return Reply(404)
        if req.path.startswith("/wiki/壊れた頁"):
            return Reply(200, broken, {"Content-Type": "text/html"})
        return original(req)

    plain_wiki.server.fallback = handle
    assert scrape(db_path, plain_wiki, "--title", "壊れた頁") == 0
    text = rows(db_path, "SELECT text FROM wiki_pages WHERE title = '壊れた頁'")[0][0]
    assert "本文の" in text and "閉じない" in text
    assert rows(db_path, "SELECT name_en, name_ja, mana_cost, power FROM wiki_card_boxes") == [
        ("Lonely Cat", "孤独な猫", "{1}{B}", "1")]


def test_query_strings_in_the_log_are_api_shaped(wiki, db_path):
    assert scrape(db_path, wiki, "--title", "昼") == 0
    parse = [r for r in wiki.server.requests_to("/api.php") if r.q("action") == "parse"][0]
    query = parse_qs(urlsplit(parse.path).query)
    assert query["prop"] == ["text|wikitext|categories|links|revid"]
    assert query["format"] == ["json"] and query["formatversion"] == ["2"]


def test_a_names_file_gives_card_only_boxes_their_japanese_name(wiki, db_path, tmp_path):
    wiki.add_page("謎の頁", "{{#card:Riddle Keeper}}\n'''謎の頁'''は試験用。", 7001)
    names = tmp_path / "names.json"
    names.write_text(json.dumps([{"name": "Riddle Keeper", "jpname": "謎かけの番人"}],
                                ensure_ascii=False), encoding="utf-8")
    assert scrape(db_path, wiki, "--title", "謎の頁", "--names", str(names)) == 0
    assert rows(db_path, "SELECT name_en, name_ja, source FROM wiki_card_boxes") == [
        ("Riddle Keeper", "謎かけの番人", "wikitext")]
    assert scrape(db_path, wiki, "--title", "謎の頁", "--names", str(tmp_path / "nope")) == 2


def test_an_older_mediawiki_api_format_is_understood():
    """formatversion=1 answers ({"*": ...}, pages keyed by id, query-continue)."""
    from scraper.http import HttpConfig, PoliteClient
    from scraper.mediawiki import WikiClient

    def api(req):
        if req.q("meta") == "siteinfo":
            body = {"query": {"general": {"generator": "MediaWiki 1.23"}}}
        elif req.q("prop") == "info":
            body = {"query": {"pages": {"12": {"pageid": 12, "title": "昼", "lastrevid": 5},
                                        "-1": {"title": "無い頁", "missing": ""}}}}
        elif req.q("action") == "parse":
            body = {"parse": {"title": "昼", "revid": 5, "text": {"*": "<p>本文</p>"},
                              "wikitext": {"*": "本文 [[夜]] [[無い頁]]"},
                              "categories": [{"sortkey": "", "*": "ルール用語"}],
                              "links": [{"ns": 0, "exists": "", "*": "夜"},
                                        {"ns": 0, "*": "無い頁"}]}}
        elif req.q("apfrom") or req.q("apcontinue"):
            body = {"query": {"allpages": [{"ns": 0, "title": "夜"}]}}
        else:
            body = {"query": {"allpages": [{"ns": 0, "title": "昼"}]},
                    "query-continue": {"allpages": {"apcontinue": "夜"}}}
        return Reply(200, json.dumps(body, ensure_ascii=False).encode(),
                     {"Content-Type": "application/json"})

    with FakeServer() as srv:
        srv.route("/api.php", api)
        client = WikiClient(PoliteClient(HttpConfig(default_delay=0)), srv.url)
        assert client.has_api
        assert client.revisions(["昼", "無い頁"]) == {"昼": ("昼", 5), "無い頁": ("無い頁", None)}
        page = client.fetch("昼")
        assert page.html == "<p>本文</p>" and page.wikitext.startswith("本文")
        assert page.categories == ["ルール用語"]
        assert page.links == [("夜", True), ("無い頁", False)]
        assert list(client.all_pages()) == ["昼", "夜"]


@pytest.mark.parametrize("api", [True, False])
def test_a_redirect_and_its_target_in_one_batch_are_one_visit(db_path, api, capsys):
    with FakeServer() as srv:
        wiki = FakeWiki(srv, api=api)
        assert scrape(db_path, wiki, "--title", "アンタップステップ",
                      "--title", "アンタップ・ステップ") == 0
        out = capsys.readouterr().out
        assert "1 fetched" in out and "0 unchanged" in out
        rendered = [r for r in srv.log if r.path.startswith("/wiki/")]
        assert len(parsed_titles(wiki)) + len(rendered) == 1


def test_robots_shutting_index_php_leaves_the_rendered_pages(plain_wiki, db_path):
    plain_wiki.server.route("/robots.txt", Reply(200, b"User-agent: *\nDisallow: /index.php\n"))
    assert scrape(db_path, plain_wiki, "--title", "昼") == 0
    assert not plain_wiki.server.requests_to("/index.php")
    source, wikitext = rows(db_path, "SELECT source, wikitext FROM wiki_pages")[0]
    assert source == "rendered" and wikitext is None
    assert rows(db_path, "SELECT count(*) FROM wiki_card_boxes")[0][0] == 2
    assert ("昼", "夜") in rows(db_path, "SELECT title, target FROM wiki_links")
