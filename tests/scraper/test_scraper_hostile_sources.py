"""``mtgkit scrape`` against a hostile Scryfall and a hostile wiki on 127.0.0.1.

Each fault class of issue 10 item 5: listings that never end (a ``next_page`` back to
itself, a ``continue`` that does not change or comes back, endless distinct pages past
the cap), links and redirects off the source's hosts, answers of the wrong shape (HTML
for JSON, empty or truncated bodies, empty listings, items without ``id``/``title``,
wrong JSON types) and a server that trickles. Each must end in bounded time with a
clear error naming the URL; the run reports the failed page and goes on (exit 1),
keeping what came before.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

import db
from mtgkit.cli import main
from scraper.http import HttpConfig, PaginationError, PoliteClient
from scraper.mediawiki import WikiClient
from scraper.scryfall import ScryfallClient
from tests.scraper.fakescryfall import FakeScryfall
from tests.scraper.fakeserver import FakeServer, Reply, Request
from tests.scraper.fakewiki import FakeWiki


def count(db_path: Path, sql: str) -> int:
    with db.connect(db_path) as store:
        return store.con.execute(sql).fetchone()[0]


def jreply(data: object) -> Reply:
    return Reply(200, json.dumps(data, ensure_ascii=False).encode(),
                 {"Content-Type": "application/json"})


# ======================================================================== Scryfall


@pytest.fixture
def scryfall():
    with FakeServer() as srv:
        yield FakeScryfall(srv)


def cards_cli(db_path: Path, fake: FakeScryfall, tmp_path: Path, *extra: str) -> int:
    return main(["--db", str(db_path), "scrape", "cards", "--api-base", fake.server.url,
                 "--delay", "0", "--search-delay", "0", "--backoff", "0.01", "--no-progress",
                 "--retries", "2", "--download-dir", str(tmp_path / "bulk"), *extra])


def search_pages(fake: FakeScryfall, second: dict | Reply | None = None, *,
                 next_page: object = "page2") -> None:
    """/cards/search: page 1 holds the first card and points at ``next_page``; page 2
    (when asked for) answers ``second``."""
    base = fake.server.url.rstrip("/")

    def handle(req: Request) -> Reply:
        if req.q("page") == "2":
            return second if isinstance(second, Reply) else jreply(second)
        page = {"object": "list", "has_more": True, "data": [fake.cards[0]]}
        if next_page == "page2":
            page["next_page"] = f"{base}/cards/search?" + urlencode(
                {"q": req.q("q"), "unique": "cards", "page": 2})
        elif next_page == "self":
            page["next_page"] = base + req.path
        else:
            page["next_page"] = next_page
        return jreply(page)

    fake.server.route("/cards/search", handle)


def test_a_next_page_pointing_back_to_itself_is_an_error_and_page_one_is_kept(
        scryfall, db_path, tmp_path, capsys):
    search_pages(scryfall, next_page="self")
    start = time.monotonic()
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "t:creature") == 1
    assert time.monotonic() - start < 10
    out = capsys.readouterr().out
    assert re.search(r"/cards/search\?q=t%3Acreature\S*: next_page repeats a page already "
                     r"fetched \(after 1 pages\)", out)
    assert len(scryfall.server.requests_to("/cards/search")) == 1
    assert count(db_path, "SELECT count(*) FROM cards") == 1


def test_endless_distinct_next_pages_stop_at_the_page_cap(scryfall):
    base = scryfall.server.url.rstrip("/")

    def endless(req: Request) -> Reply:
        n = int(req.q("page") or 1)
        return jreply({"object": "list", "has_more": True, "data": [scryfall.cards[0]],
                       "next_page": f"{base}/cards/search?q=x&page={n + 1}"})

    scryfall.server.route("/cards/search", endless)
    http = PoliteClient(HttpConfig(default_delay=0, respect_robots=False))
    client = ScryfallClient(http, base, max_pages=5)
    got = []
    with pytest.raises(PaginationError, match=r"page=6: more than 5 search pages"):
        for card in client.search("x"):
            got.append(card)
    assert len(got) == 5 and len(scryfall.server.requests_to("/cards/search")) == 5


def test_a_next_page_on_another_host_is_refused_unrequested(scryfall, db_path, tmp_path,
                                                            capsys):
    with FakeServer() as other:
        search_pages(scryfall, next_page=other.url + "cards/search?page=2")
        assert cards_cli(db_path, scryfall, tmp_path, "--query", "x") == 1
        assert other.log == []
    out = capsys.readouterr().out
    assert "is not one of this source's hosts" in out and "--allow-host" in out


def test_a_next_page_into_link_local_space_is_refused(scryfall, db_path, tmp_path, capsys):
    search_pages(scryfall, next_page="http://169.254.169.254/latest/meta-data/")
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "x") == 1
    assert "169.254.169.254" in capsys.readouterr().out


def test_an_allowed_mirror_host_is_followed(scryfall, db_path, tmp_path):
    mirror_host = scryfall.server.url.split("//")[1].rstrip("/").replace("127.0.0.1",
                                                                         "localhost")
    search_pages(scryfall, {"object": "list", "has_more": False, "data": [scryfall.cards[1]]},
                 next_page=f"http://{mirror_host}/cards/search?q=x&page=2")
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "x", "--allow-host",
                     mirror_host) == 0
    assert count(db_path, "SELECT count(*) FROM cards") == 2


@pytest.mark.parametrize("second, message", [
    (Reply(200, b"<!DOCTYPE html><html><body>Cloudflare</body></html>",
           {"Content-Type": "text/html"}), "HTML where JSON was expected"),
    (Reply(200, b"", {"Content-Type": "application/json"}), "empty body where JSON"),
    (Reply(200, b'{"object": "list", "has_more": false, "data": [{"id": "a',
           {"Content-Type": "application/json"}, action="close"), "invalid or truncated JSON"),
    ({"object": "list", "has_more": False, "data": []}, r"empty listing \('data' is \[\]\)"),
    ({"object": "list", "has_more": False, "data": {"id": "x"}}, "'data' is an object, not a "
                                                                 "list"),
    (Reply(200, b"[1, 2]", {"Content-Type": "application/json"}),
     "expected a JSON object, got a list"),
    ({"object": "list", "has_more": "yes", "data": [{"id": "z", "name": "Z"}]},
     "'has_more' is a string"),
    ({"object": "list", "has_more": True, "data": [{"id": "z", "name": "Z"}], "next_page": 7},
     "has_more is true but 'next_page' is a number"),
    ({"object": "card", "id": "x"}, "expected a list object, got object 'card'"),
])
def test_an_odd_search_page_is_an_error_naming_its_url(scryfall, db_path, tmp_path, capsys,
                                                       second, message):
    search_pages(scryfall, second)
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "x") == 1
    out = capsys.readouterr().out
    assert re.search(r"/cards/search\?q=x&unique=cards&page=2: " + message, out), out
    assert re.search(r"\(the (1 card before it is|\d+ cards before it are) kept\)", out)
    assert count(db_path, "SELECT count(*) FROM cards WHERE oracle_id = "
                          f"'{scryfall.cards[0]['oracle_id']}'") == 1


def test_cards_without_an_id_are_skipped_and_reported(scryfall, db_path, tmp_path, capsys):
    good = scryfall.cards[1]
    search_pages(scryfall, {"object": "list", "has_more": False, "data": [
        {"name": "No Id"}, {"id": 17, "name": "Number Id"}, "just a string",
        {"id": "5f1c0a9e-ffff-4000-8000-00000000000f", "name": ["a list"]}, good]})
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "x") == 1
    out = capsys.readouterr().out
    assert "page=2: data[0] has no string 'id' (got null); skipped" in out
    assert "page=2: data[1] has no string 'id' (got a number); skipped" in out
    assert "page=2: data[2] is a string, not an object; skipped" in out
    assert "has a 'name' that is a list; skipped" in out
    assert count(db_path, "SELECT count(*) FROM cards") == 2  # page 1's card and `good`


def test_one_named_card_answering_oddly_fails_alone(scryfall, db_path, tmp_path, capsys):
    original = scryfall.handle

    def handle(req: Request) -> Reply | None:
        if req.path.startswith("/cards/named") and req.q("exact") == "Lantern of Hours":
            return Reply(200, b"<html>maintenance</html>", {"Content-Type": "text/html"})
        return original(req)

    scryfall.server.fallback = handle
    other = next(c["name"] for c in scryfall.cards if c["name"] != "Lantern of Hours")
    assert cards_cli(db_path, scryfall, tmp_path, "--named", "Lantern of Hours",
                     "--named", other) == 1
    out = capsys.readouterr().out
    assert re.search(r"Lantern of Hours: \S+/cards/named\?exact=Lantern\+of\+Hours: HTML where "
                     r"JSON was expected", out)
    assert count(db_path, f"SELECT count(*) FROM cards WHERE name = '{other}'") == 1


def test_a_trickling_api_is_cut_at_the_deadline(scryfall, db_path, tmp_path, capsys):
    card = json.dumps(scryfall.cards[0]).encode()
    scryfall.server.route("/cards/named", Reply(200, card, {"Content-Type": "application/json"},
                                                trickle=0.25))
    start = time.monotonic()
    assert cards_cli(db_path, scryfall, tmp_path, "--named", scryfall.cards[0]["name"],
                     "--deadline", "1", "--timeout", "5") == 1
    assert time.monotonic() - start < 5
    out = capsys.readouterr().out
    assert re.search(r"/cards/named\?exact=\S+: no complete answer within the 1 s deadline", out)


def test_bulk_data_that_is_html_or_empty_is_a_clear_error(scryfall, db_path, tmp_path, capsys):
    scryfall.server.route("/bulk-data", Reply(200, b"<html>login</html>",
                                              {"Content-Type": "text/html"}))
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 2
    assert re.search(r"/bulk-data: HTML where JSON was expected", capsys.readouterr().err)
    scryfall.server.route("/bulk-data", jreply({"object": "list", "data": []}))
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 2
    assert "/bulk-data: empty listing" in capsys.readouterr().err


def test_a_bulk_download_uri_off_scryfall_is_refused(scryfall, db_path, tmp_path, capsys):
    scryfall.server.route("/bulk-data", jreply({"object": "list", "data": [
        {"object": "bulk_data", "type": "oracle_cards", "updated_at": "2026-01-01",
         "download_uri": "http://10.20.30.40/oracle.json"}]}))
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 2
    err = capsys.readouterr().err
    assert "http://10.20.30.40/oracle.json: refused" in err
    assert not (tmp_path / "bulk").exists() or not list((tmp_path / "bulk").iterdir())


# ======================================================================== the wiki


def wiki_cli(db_path: Path, wiki: FakeWiki, *extra: str) -> int:
    return main(["--db", str(db_path), "scrape", "wiki", "--base-url", wiki.server.url,
                 "--delay", "0", "--backoff", "0.01", "--retries", "2", "--no-progress",
                 *extra])


@pytest.fixture
def api_wiki():
    with FakeServer() as srv:
        yield FakeWiki(srv, api=True)


@pytest.fixture
def plain_wiki():
    with FakeServer() as srv:
        yield FakeWiki(srv, api=False)


def intercept(wiki: FakeWiki, rule) -> None:
    """Answer a request with ``rule(req)`` when it returns a Reply, else as the wiki does."""
    original = wiki.handle

    def handle(req: Request) -> Reply | None:
        return rule(req) or original(req)

    wiki.server.fallback = handle


def category(wiki: FakeWiki) -> str:
    """A category of the fixture wiki with at least one member."""
    names = {c for t in wiki.pages for c in wiki.categories(t)}
    return sorted(names)[0]


@pytest.mark.parametrize("loop", ["same", "cycle"])
def test_a_continue_that_does_not_change_or_comes_back_fails_the_listing(
        api_wiki, db_path, capsys, loop):
    def rule(req: Request) -> Reply | None:
        if req.q("list") != "categorymembers":
            return None
        token = req.q("cmcontinue")
        if loop == "same":
            nxt = "A"
        else:
            nxt = {None: "A", "A": "B", "B": "A"}[token]
        return jreply({"query": {"categorymembers": [{"ns": 0, "title": "昼"}]},
                       "continue": {"cmcontinue": nxt, "continue": "-||"}})

    intercept(api_wiki, rule)
    start = time.monotonic()
    assert wiki_cli(db_path, api_wiki, "--category", "x", "--title", "夜") == 1
    assert time.monotonic() - start < 20
    out = capsys.readouterr().out
    expected = "did not change" if loop == "same" else "came back: the listing loops"
    assert re.search(r"listing failed after \d+ titles: \S+api\.php\?action=query&list="
                     rf"categorymembers\S*: 'continue' .*{expected}", out), out
    stored = {t for (t,) in db.connect(db_path).con.execute("SELECT title FROM wiki_pages")
              .fetchall()}
    assert {"昼", "夜"} <= stored  # what the listing gave, and the other seed
    assert len(api_wiki.server.requests_to("/api.php?action=query&list=categorymembers")) \
        <= 3


def test_an_endless_continue_stops_at_the_cap(api_wiki):
    def rule(req: Request) -> Reply | None:
        if req.q("list") != "allpages":
            return None
        n = int(req.q("apcontinue") or 0)
        return jreply({"query": {"allpages": [{"ns": 0, "title": f"P{n}"}]},
                       "continue": {"apcontinue": str(n + 1), "continue": "-||"}})

    intercept(api_wiki, rule)
    http = PoliteClient(HttpConfig(default_delay=0))
    client = WikiClient(http, api_wiki.server.url, max_list_pages=4)
    got = []
    with pytest.raises(PaginationError, match="more than 4 listing requests"):
        for title in client.all_pages():
            got.append(title)
    assert got == ["P0", "P1", "P2", "P3"]


@pytest.mark.parametrize("answer, message", [
    ({"query": {"categorymembers": {"title": "昼"}}},
     "'query.categorymembers' is an object, not a list"),
    ({"query": []}, "'query' is a list, not an object"),
    ({"query": {"categorymembers": [{"title": "昼"}]}, "continue": "again"},
     "'continue' is a string, not an object of strings"),
    ({"query": {"categorymembers": []}}, "empty listing: category x lists no article"),
    (Reply(200, b"<html><body>Wiki is down</body></html>", {"Content-Type": "text/html"}),
     "HTML where JSON was expected"),
])
def test_an_odd_listing_answer_fails_the_listing_not_the_crawl(api_wiki, db_path, capsys,
                                                               answer, message):
    def rule(req: Request) -> Reply | None:
        if req.q("list") == "categorymembers":
            return answer if isinstance(answer, Reply) else jreply(answer)
        return None

    intercept(api_wiki, rule)
    assert wiki_cli(db_path, api_wiki, "--category", "x", "--title", "夜") == 1
    out = capsys.readouterr().out
    assert re.search(r"listing failed after \d+ titles: \S+api\.php\?\S+: " + message, out), out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '夜'") == 1


def test_listing_items_without_a_title_are_skipped_and_reported(api_wiki, db_path, capsys):
    def rule(req: Request) -> Reply | None:
        if req.q("list") == "categorymembers":
            return jreply({"query": {"categorymembers": [
                {"ns": 0}, {"ns": 0, "title": 5}, "昼", {"ns": 0, "title": "夜"}]}})
        return None

    intercept(api_wiki, rule)
    assert wiki_cli(db_path, api_wiki, "--category", "x") == 1
    out = capsys.readouterr().out
    assert "query.categorymembers[0] has no string 'title' (got null); skipped" in out
    assert "query.categorymembers[1] has no string 'title' (got a number); skipped" in out
    assert "query.categorymembers[2] has no string 'title'" in out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '夜'") == 1


@pytest.mark.parametrize("parse, message", [
    ({"title": "夜", "revid": "12", "wikitext": "x"}, "parse.revid is a string, not a number"),
    ({"title": 12, "wikitext": "x"}, "parse.title is a number"),
    ({"title": "夜", "links": "昼", "wikitext": "x"}, "'parse.links' is a string, not a list"),
    ({"title": "夜", "revid": 5}, "parse has neither 'wikitext' nor 'text'"),
])
def test_a_parse_answer_of_the_wrong_types_fails_only_its_page(api_wiki, db_path, capsys,
                                                               parse, message):
    def rule(req: Request) -> Reply | None:
        if req.q("action") == "parse" and req.q("page") == "夜":
            return jreply({"parse": parse})
        return None

    intercept(api_wiki, rule)
    assert wiki_cli(db_path, api_wiki, "--title", "夜", "--title", "昼") == 1
    out = capsys.readouterr().out
    assert re.search(r"夜: cannot fetch the page: BadResponse: \S+api\.php\?action=parse"
                     r"&page=%E5%A4%9C\S*: " + message, out), out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '昼'") == 1


def test_a_page_redirected_off_the_wiki_fails_alone(plain_wiki, db_path, capsys):
    def rule(req: Request) -> Reply | None:
        if req.q("action") == "raw" and req.q("title") == "夜":
            return Reply(302, headers={"Location": "http://169.254.169.254/latest/"})
        return None

    intercept(plain_wiki, rule)
    assert wiki_cli(db_path, plain_wiki, "--title", "夜", "--title", "昼") == 1
    out = capsys.readouterr().out
    assert re.search(r"夜: cannot fetch the page: HostNotAllowed: http://169\.254\.169\.254/"
                     r"latest/: refused \(redirected from \S+action=raw\)", out), out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '昼'") == 1


def test_a_rendered_next_page_link_off_the_wiki_is_skipped_and_reported(plain_wiki, db_path,
                                                                        capsys):
    with FakeServer() as other:
        def rule(req: Request) -> Reply | None:
            if req.path.startswith("/wiki/カテゴリ:"):
                body = (f'<html><body><div id="mw-pages"><ul><li><a href="/wiki/%E5%A4%9C">夜'
                        f'</a></li></ul><a href="{other.url}index.php?title=x&amp;pagefrom=Z">'
                        "次のページ</a></div></body></html>").encode()
                return Reply(200, body, {"Content-Type": "text/html"})
            return None

        intercept(plain_wiki, rule)
        assert wiki_cli(db_path, plain_wiki, "--category", "x") == 1
        assert other.log == []
    out = capsys.readouterr().out
    assert "listing page skipped" in out and "is not one of this source's hosts" in out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '夜'") == 1


def test_an_empty_rendered_category_is_an_error(plain_wiki, db_path, capsys):
    def rule(req: Request) -> Reply | None:
        if req.path.startswith("/wiki/カテゴリ:"):
            return Reply(200, b'<html><body><div id="mw-pages"></div></body></html>',
                         {"Content-Type": "text/html"})
        return None

    intercept(plain_wiki, rule)
    assert wiki_cli(db_path, plain_wiki, "--category", "空") == 1
    assert re.search(r"/wiki/\S+: empty listing: category 空 lists no article",
                     capsys.readouterr().out)


def test_a_trickling_page_is_cut_at_the_deadline_and_the_crawl_goes_on(plain_wiki, db_path,
                                                                       capsys):
    def rule(req: Request) -> Reply | None:
        if req.path.startswith("/wiki/夜"):
            return Reply(200, b"<html>" + b" " * 2000 + b"</html>",
                         {"Content-Type": "text/html"}, trickle=0.2)
        return None

    intercept(plain_wiki, rule)
    start = time.monotonic()
    assert wiki_cli(db_path, plain_wiki, "--title", "夜", "--title", "昼",
                    "--deadline", "1", "--timeout", "5") == 1
    assert time.monotonic() - start < 8
    out = capsys.readouterr().out
    assert re.search(r"夜: cannot fetch the page: DeadlineExceeded: \S+/wiki/%E5%A4%9C: no "
                     r"complete answer within the 1 s deadline", out), out
    assert count(db_path, "SELECT count(*) FROM wiki_pages WHERE title = '昼'") == 1
    assert count(db_path, "SELECT count(*) FROM wiki_frontier WHERE title = '夜' "
                          "AND status = 'failed'") == 1


def test_a_bad_deadline_is_a_user_error(plain_wiki, db_path, capsys):
    assert wiki_cli(db_path, plain_wiki, "--title", "昼", "--deadline", "0") == 2
    assert "--deadline must be a positive number" in capsys.readouterr().err
