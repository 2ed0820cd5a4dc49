"""Fuzz the wiki parsers (hypothesis), and replay every crash ever found (the corpus).

Targets: the whole page parser (wikitext and/or rendered HTML, an edit/diff view), the
rendered listing parser, titles and URLs, ``日本語/English`` name splitting, CR citations
and quoted rules, card boxes and dungeon rooms. None of these documents a parse error
of its own (a page they cannot read becomes a :class:`~scraper.mediawiki.PageParseError`
one level up, in the crawler): so each must return, on any text, never raise. Two more
targets do document one: a body read as JSON raises only
:class:`~scraper.http.BadResponse`, a redirect target checked against a host policy only
:class:`~scraper.hosts.HostRefused`.

Inputs are built from the pieces real pages are made of (templates, links, headings,
list marks, card-box lines, CR numbers, HTML tags, half of each) spliced with random
text, and from the project's fixture pages cut and spliced, so that the parsers' deep
paths are reached rather than only their "no markup here" exits.

Bounded: ``MTGKIT_FUZZ_EXAMPLES`` examples per target (default 40; the whole file runs
in a few seconds), no example database, no per-example deadline (the suite's timing is
what counts). Set e.g. ``MTGKIT_FUZZ_EXAMPLES=5000`` to search for longer. A crash found
becomes a JSON file in ``tests/fuzz/corpus/wiki/`` (``{"target": ..., "args": {...}}``),
replayed by :func:`test_corpus_entry` on every run.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scraper import cardbox, crrefs, dungeon, titles
from scraper.hosts import HostPolicy, HostRefused, host_key
from scraper.http import BadResponse, Response
from scraper.mediawiki import mirror_hosts, parse_listing
from scraper.names import NameSplitter, heuristic_split
from scraper.parse_worker import BoundedParser, ParseTimeout
from scraper.wikiparse import parse_html, parse_page, revision_from_html

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus" / "wiki"
FIXTURE_PAGES = HERE.parent / "fixtures" / "wiki" / "pages"
EXAMPLES = int(os.environ.get("MTGKIT_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BASE = "http://mtgwiki.com/"
SPLITTER = NameSplitter([("昼", "Day"), ("夜", "Night"), ("日暮", "Daybound"),
                         ("酒場のごろつき", "Tavern Ruffian")])


# ---------------------------------------------------------------------------- targets
# one function per target, taking JSON-able arguments: the corpus replays them by name


def t_page(title: str, wikitext: str | None, html: str | None) -> None:
    page = parse_page(title or "x", wikitext=wikitext, html=html, url=BASE + "wiki/x",
                      splitter=SPLITTER)
    assert isinstance(page.text, str) or page.text is None
    for link in page.links:
        assert isinstance(link.target, str)


def t_page_bounded(wikitext: str, budget: float) -> None:
    """A page parsed the way the crawler does it: in a worker, stopped at the budget.

    The corpus keeps inputs that made mwparserfromhell take minutes; they must end (a
    ParsedPage or ParseTimeout, the worker's documented error) within the budget."""
    start = time.monotonic()
    with BoundedParser(SPLITTER, budget) as parser:
        try:
            parser.parse("x", wikitext=wikitext)
        except ParseTimeout:
            pass
    assert time.monotonic() - start < budget + 10  # + the worker's start


def t_html(html: str) -> None:
    parse_html(html, SPLITTER, BASE + "wiki/x")
    revision_from_html(html)


def t_listing(html: str, kind: str) -> None:
    found, more = parse_listing(html, BASE + "index.php?title=x", BASE, kind)
    assert all(isinstance(t, str) and t for t in found)
    assert all(isinstance(u, str) for u in more)


def t_titles(text: str) -> None:
    title, fragment = titles.clean_title(text)
    assert isinstance(title, str)
    titles.is_article(title)
    titles.category_name(title)
    titles.page_url(BASE, title)
    for url in (text, BASE + "wiki/" + text, BASE + "index.php?title=" + text,
                "http://m." + text):
        result = titles.title_from_url(url, BASE)
        assert result is None or isinstance(result, str)
        titles.title_from_url(url)


def t_names(text: str) -> None:
    for ja, en in (SPLITTER.split(text), NameSplitter().split(text), heuristic_split(text)):
        assert ja is None or isinstance(ja, str)
        assert en is None or isinstance(en, str)


def t_crrefs(text: str) -> None:
    refs = crrefs.cites_from_wikitext(text) + crrefs.cites_from_text(text)
    crrefs.dedupe(refs)
    block = crrefs.quoted_rules_from_text(text)
    if block is not None:
        crrefs.section_numbers([block])
    for ref in refs:
        if ref.rule:
            crrefs.rule_level(ref.rule)
    if block is not None:
        for rule in block.rules:
            crrefs.rule_level(rule.number)
        crrefs.edition_key(block.version)
    crrefs.edition_key(text)


def t_cardbox(text: str) -> None:
    boxes = cardbox.find_card_boxes(text)
    for line in text.splitlines()[:20]:
        cardbox.split_header(line)
        cardbox.is_type_line(line)
        cardbox.normalise_cost(line)
    dungeon.dungeons_from_page(text, boxes)


def t_dungeon(text: str) -> None:
    for line in text.splitlines()[:20]:
        dungeon.parse_room(line)
    for found in dungeon.dungeons_from_page(text, []):
        found.graph()
        found.as_text()


def t_json(body: str, content_type: str) -> None:
    """A body where JSON is expected: a value, or BadResponse (its documented error)."""
    resp = Response(BASE, BASE, 200, {"Content-Type": content_type},
                    body.encode("utf-8", errors="surrogatepass"))
    try:
        resp.json_value()
    except BadResponse as exc:
        assert str(exc).startswith(BASE + ": ")


def t_url(url: str) -> None:
    """A redirect target: allowed, or HostRefused (its documented error)."""
    policy = HostPolicy.for_base("http://127.0.0.1:8080/", ["localhost:8080", "mtgwiki.com"],
                                 resolve=lambda host: ["127.0.0.1"])
    host_key(url)
    mirror_hosts(url)
    try:
        policy.check(url, came_from="https://127.0.0.1:8080/")
    except HostRefused as exc:
        assert str(exc)


TARGETS = {f.__name__[2:]: f for f in (t_page, t_page_bounded, t_html, t_listing, t_titles, t_names,
                                       t_crrefs, t_cardbox, t_dungeon, t_json, t_url)}


# ---------------------------------------------------------------------------- inputs

WIKI_PIECES = [
    "{{", "}}", "[[", "]]", "|", "=", "==", "===", "\n", "\n\n", "*", "#", ":", ";", "'''",
    "''", "<!--", "-->", "<nowiki>", "</nowiki>", "<pre>", "</pre>", "<ref>", "</ref>",
    "{{CR|", "{{CR|702.145}}", "{{CR|{{その他のルールのCR番号|イニシアチブ}}.1a}}",
    "{{#card:Tavern Ruffian}}", "{{#cr:702.145}}", "{{#card:", "{{#cr:", "{{情報ボックス|",
    "[[カテゴリ:キーワード能力]]", "[[昼]]", "[[夜|夜になる]]", "[[日暮/Daybound]]",
    "[[Category:", "#転送 [[昼]]", "#REDIRECT [[", "CR:702.145", "(CR:716)", "CR：",
    "引用:総合ルール 20260807.0", "726 イニシアチブ", "726.1a ", "7 その他のルール",
    "酒場のごろつき/Tavern Ruffian", "Tavern Ruffian / 酒場のごろつき (３)(赤)",
    "クリーチャー — 人間(Human) 戦士(Warrior)", "2/5", "2/5Tavern Smasher / 酒場破り",
    "〔赤〕 クリーチャー — 狼男(Werewolf)", "忠誠度：3", "ダンジョン",
    "入口 ― 占術1を行う。(森、洞窟へ)", "森 ― 宝物を生成する。(玉座の間へ)", "玉座の間 ― 終わり。",
    "Entrance — Scry 1. (Leads to: Forest, Cave)", "(→X、Y)", "へ)", "（", "）", "―", "—",
    "//", "/", "+", "生+死/Life+Death", "SP//dr/SP//dr, Piloted by Peni", "\u3000", "\x00",
    "\ufeff", "\u202e", "é", "𝔘", "%", "%E6%98%BC", "%ZZ", "&amp;", "&#0;", "&#x110000;",
]
HTML_PIECES = [
    "<html>", "</html>", "<body>", "</body>", '<div id="mw-content-text">', "</div>",
    '<div class="mw-parser-output">', '<div class="card-box"><p>', "</p>", "<br />",
    '<h2><span class="mw-headline">', "</span></h2>", '<span class="mw-editsection">[',
    '<a href="/wiki/%E6%98%BC" title="昼">', "</a>", '<a href="http://[::1/x">',
    '<a href="/index.php?title=x&amp;action=edit&amp;redlink=1" class="new">',
    '<a class="mw-redirect" href="/wiki/a">', '<div id="catlinks">', '<div id="mw-pages">',
    '<ul class="mw-allpages-chunk">', '<table class="allpageslist"><tr><td>',
    '<li class="allpagesredirect">', "<li>", "</li>", "<ul>", "</ul>", '<table class="infobox">',
    "<tr><th>CR</th><td>", "</td></tr>", "</table>", '<table class="diff">',
    '<td class="diff-addedline"><div>', '<textarea id="wpTextbox1">', "</textarea>",
    '<script>RLCONF={"wgRevisionId":12};</script>', '"wgRevisionId":', "<img alt=\"{R}\">",
    '<a href="/index.php?title=x&amp;pagefrom=Z">次のページ</a>', "<!--", "-->",
    "<![CDATA[", "]]>", "<?xml version='1.0'?>", "<", ">", "&", '"', "'", "<p", "<a href=",
    '<div id="contentSub">(夜から転送)</div>', '<h1 id="firstHeading">',
]


def _fixture_pages() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(FIXTURE_PAGES.glob("*.wiki"))]


FIXTURES = _fixture_pages() or ["== 解説 ==\n[[昼]]"]


def _pieces(alphabet: list[str]) -> st.SearchStrategy[str]:
    piece = st.one_of(st.sampled_from(alphabet), st.text(max_size=8))
    return st.lists(piece, max_size=40).map("".join)


@st.composite
def spliced_fixture(draw: st.DrawFn) -> str:
    """A fixture page, cut at a random point and spliced with random pieces."""
    text = draw(st.sampled_from(FIXTURES))
    cuts = draw(st.lists(st.integers(0, len(text)), min_size=1, max_size=4))
    out, last = [], 0
    for cut in sorted(cuts):
        out.append(text[last:cut])
        out.append(draw(_pieces(WIKI_PIECES + HTML_PIECES)))
        last = cut + draw(st.integers(0, 40))
    out.append(text[last:])
    return "".join(out)


WIKITEXT = st.one_of(_pieces(WIKI_PIECES), spliced_fixture())
HTML = st.one_of(_pieces(HTML_PIECES + WIKI_PIECES),
                 _pieces(HTML_PIECES).map(lambda s: "<html><body>" + s + "</body></html>"))
LINE_TEXT = st.one_of(_pieces(WIKI_PIECES), st.text(max_size=60))


# ---------------------------------------------------------------------------- fuzz


@FUZZ
@given(title=st.text(max_size=20), wikitext=st.none() | WIKITEXT, html=st.none() | HTML)
def test_fuzz_page(title: str, wikitext: str | None, html: str | None) -> None:
    t_page(title, wikitext, html)


@FUZZ
@given(html=HTML)
def test_fuzz_html(html: str) -> None:
    t_html(html)


@FUZZ
@given(html=HTML, kind=st.sampled_from(["allpages", "category"]))
def test_fuzz_listing(html: str, kind: str) -> None:
    t_listing(html, kind)


@FUZZ
@given(text=LINE_TEXT)
def test_fuzz_titles(text: str) -> None:
    t_titles(text)


@FUZZ
@given(text=LINE_TEXT)
def test_fuzz_names(text: str) -> None:
    t_names(text)


@FUZZ
@given(text=WIKITEXT)
def test_fuzz_crrefs(text: str) -> None:
    t_crrefs(text)


@FUZZ
@given(text=WIKITEXT)
def test_fuzz_cardbox(text: str) -> None:
    t_cardbox(text)


@FUZZ
@given(text=WIKITEXT)
def test_fuzz_dungeon(text: str) -> None:
    t_dungeon(text)


JSON_PIECES = ['{"', '"}', "{", "}", "[", "]", ",", ":", '"query"', '"continue"', "null",
               "true", "1e999", "-", "0", '"\\ud800"', "\\", "<html>", "<!DOCTYPE html>", " ",
               "\ufeff", "\x00", "NaN", "Infinity"]
URL_PIECES = ["http://", "https://", "file://", "//", "127.0.0.1", ":8080", ":0", ":99999",
              "localhost", "mtgwiki.com", "www.", "m.", "[::1]", "[", "]", "@", "user:pw@",
              "169.254.169.254", "%00", "%2e", "/", "?", "#", ".", "\u3000", "xn--", "昼"]


@FUZZ
@given(body=st.one_of(_pieces(JSON_PIECES), st.text(max_size=40)),
       content_type=st.sampled_from(["application/json", "text/html", "", "text/plain"]))
def test_fuzz_json(body: str, content_type: str) -> None:
    t_json(body, content_type)


@FUZZ
@given(url=st.one_of(_pieces(URL_PIECES), st.text(max_size=40)))
def test_fuzz_url(url: str) -> None:
    t_url(url)


# ---------------------------------------------------------------------------- corpus


def _corpus() -> list[Path]:
    return sorted(CORPUS.glob("*.json"))


@pytest.mark.parametrize("entry", _corpus(), ids=lambda p: p.stem)
def test_corpus_entry(entry: Path) -> None:
    """Every crash the fuzzer found, replayed: it must pass now."""
    case = json.loads(entry.read_text(encoding="utf-8"))
    TARGETS[case["target"]](**case["args"])


def test_the_corpus_names_known_targets() -> None:
    assert _corpus(), f"no corpus entries in {CORPUS}"
    for entry in _corpus():
        case = json.loads(entry.read_text(encoding="utf-8"))
        assert case["target"] in TARGETS, entry
        assert isinstance(case.get("found"), str), f"{entry}: say what the crash was"
