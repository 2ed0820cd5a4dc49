"""The web app over real HTTP: every route, errors, pagination, read-only-ness, concurrency.

Expected answers are computed from the same database with the library (``db.query``,
``check-rulings --format json``), not written down, so the tests follow the sample data.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import duckdb
import pytest
from bs4 import BeautifulSoup

import db
from classifier import ROLES
from db.query import Filters, search
from mtgkit.cli import main
from tests.web.conftest import WIKI_TITLE, build_sample_db, serve


def _soup(resp) -> BeautifulSoup:
    return BeautifulSoup(resp.text, "lxml")


def _library(db_path: Path, query: str) -> list[dict]:
    with db.connect(db_path, read_only=True) as store:
        return search(store, Filters(query=query))


def _cards(db_path: Path, sql: str, params: list | None = None) -> list[tuple]:
    with duckdb.connect(str(db_path), read_only=True) as con:
        return con.execute(sql, params or []).fetchall()


@pytest.fixture(scope="module")
def lib(live):
    """Library answers read before the tests (DuckDB refuses a second open in-process with
    another configuration, so read everything up front through a read-only connection)."""
    path = live.db_path
    return {
        "day_night": _library(path, "mech:day_night"),
        "all": _library(path, "cmc>=0"),
        "tagged": _cards(path, "SELECT oracle_id, mechanic, role, face_index, evidence, lang "
                         "FROM card_mechanics"),
        "cards": _cards(path, "SELECT oracle_id, name, name_ja, layout FROM cards"),
        "faces": _cards(path, "SELECT oracle_id, face_index, name, mana_cost FROM card_faces"),
        "rulings": _cards(path, "SELECT oracle_id, comment FROM rulings"),
    }


# -- the search page ---------------------------------------------------------------------------

def test_home_page_has_search_box_and_every_mechanic_and_role_facet(live, lib):
    resp = live.get("/")
    assert resp.status_code == 200
    page = _soup(resp)
    assert page.select_one("form.search input[name=q]") is not None
    terms = {a["data-term"]: a for a in page.select(".facets a[data-term]")}
    counts: dict[str, set] = {}
    for oracle_id, mechanic, role, *_ in lib["tagged"]:
        counts.setdefault(f"mech:{mechanic}", set()).add(oracle_id)
        counts.setdefault(f"role:{role}", set()).add(oracle_id)
    for mechanic, roles in ROLES.items():
        for term in (f"mech:{mechanic}", *(f"role:{r}" for r in roles)):
            assert term in terms, term
            shown = int(terms[term].select_one(".n").text)
            assert shown == len(counts.get(term, ())), term
            assert f"q={quote(term)}" in terms[term]["href"]
    assert str(len(lib["cards"])) in page.select_one(".results h1").text


def test_search_lists_every_match_with_names_cost_type_and_tags(live, lib):
    resp = live.get("/search", q="mech:day_night")
    assert resp.status_code == 200
    page = _soup(resp)
    expected = lib["day_night"]
    assert f"of {len(expected)} card" in page.select_one("#count").text
    rows = page.select("table.cards tbody tr")
    assert [r.select_one("a.card-link").text for r in rows] == [c["name"] for c in expected]
    for row, card in zip(rows, expected, strict=True):
        cells = row.find_all("td")
        assert cells[1].text.strip() == (card["name_ja"] or "")
        assert (card["type_line"] or "") in cells[3].text
        for tag in card["tags"]:
            assert f"{tag['mechanic']}:{tag['role']}" in cells[4].text


def test_multi_face_cards_show_each_face_cost(live, lib):
    """Transform cards have no top-level cost: the face costs are shown, symbol by symbol."""
    costs: dict[str, list[str]] = {}
    for oracle_id, _index, _name, cost in sorted(lib["faces"], key=lambda r: (r[0], r[1])):
        if cost:
            costs.setdefault(oracle_id, []).append(cost)
    transform = [(o, n) for o, n, _ja, layout in lib["cards"] if layout == "transform"]
    assert transform
    for oracle_id, name in transform:
        resp = live.get("/search", q=f'name:"{name.split(" // ")[0]}"')
        row = next(r for r in _soup(resp).select("table.cards tbody tr")
                   if r.select_one("a.card-link")["href"].endswith(oracle_id))
        shown = [s.text for s in row.select("td.cost .sym")]
        wanted = [sym for cost in costs[oracle_id] for sym in re.findall(r"\{([^}]+)\}", cost)]
        assert shown == wanted, name


def test_facet_link_adds_the_term_to_the_query(live):
    page = _soup(live.get("/search", q="t:creature"))
    link = page.select_one('.facets a[data-term="role:daybound"]')
    assert "t%3Acreature+role%3Adaybound" in link["href"]
    followed = _soup(live.get(link["href"].replace(live.url, "")))
    assert followed.select_one("input[name=q]")["value"] == "t:creature role:daybound"
    assert 'active' in followed.select_one('.facets a[data-term="role:daybound"]')["class"]


def test_search_pages_split_the_results_and_agree_with_the_total(big):
    everything = sorted(f"Test Card {i:03d}" for i in range(400))
    seen = []
    pages = -(-len(everything) // 60)
    for page in range(1, pages + 1):
        soup = _soup(big.get("/search", q="t:bear", page=page))
        assert f"of {len(everything)} cards" in soup.select_one("#count").text
        assert f"page {page} of {pages}" in soup.select_one("nav.pages").text
        seen += [a.text for a in soup.select("a.card-link")]
        nav = {a.text: a["href"] for a in soup.select("nav.pages a")}
        assert ("next »" in nav) == (page < pages) and ("« prev" in nav) == (page > 1)
    assert seen == everything
    past = _soup(big.get("/search", q="t:bear", page=pages + 1))
    assert past.select("a.card-link") == []
    assert f"past the last page ({pages})" in past.select_one("#count").text


def test_query_error_is_a_message_on_the_page(live):
    resp = live.get("/search", q="foo:bar t:creature")
    assert resp.status_code == 400
    error = _soup(resp).select_one(".error")
    assert "foo" in error.text
    assert live.get("/search", q="t:creature", page="x").status_code == 400


def test_user_text_is_never_sql(live, lib):
    hostile = "name:\"x'); DROP TABLE cards; --\" o:%' OR 1=1 --"
    resp = live.get("/search", q=hostile)
    assert resp.status_code in (200, 400)
    assert "DROP TABLE" in resp.text  # shown back escaped, as the query
    assert live.get("/api/cards/named", exact="' OR 1=1 --").status_code == 404
    assert live.get("/search", q="cmc>=0").status_code == 200
    assert f"of {len(lib['all'])} cards" in _soup(live.get("/search", q="cmc>=0")).text


def test_query_text_is_escaped_in_the_page(live):
    resp = live.get("/search", q='<script>alert(1)</script> t:creature')
    assert "<script>alert(1)</script>" not in resp.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in resp.text


# -- the card page -----------------------------------------------------------------------------

def test_card_page_marks_every_tag_evidence_in_its_language(live, lib):
    by_card: dict[str, list[tuple]] = {}
    for oracle_id, mechanic, role, face, evidence, lang in lib["tagged"]:
        by_card.setdefault(oracle_id, []).append((mechanic, role, face, evidence, lang))
    assert by_card
    for oracle_id, tags in by_card.items():
        page = _soup(live.get(f"/card/{oracle_id}"))
        for mechanic, role, face, evidence, lang in tags:
            box = page.select_one(f'.face[data-face="{face}"] .lang.{lang}')
            marks = [m for m in box.select("mark") if f"{mechanic}:{role}" in m["data-tags"]]
            assert marks, (oracle_id, mechanic, role, lang)
            assert any(" ".join(evidence.split()) in " ".join(m.get_text().split())
                       for m in marks), (oracle_id, evidence)


def test_card_page_shows_both_languages_of_every_face(live, lib):
    ja = {o: n for o, _n, n, _l in lib["cards"] if n}
    faces: dict[str, list[str]] = {}
    for oracle_id, _index, name, _cost in sorted(lib["faces"], key=lambda r: (r[0], r[1])):
        faces.setdefault(oracle_id, []).append(name)
    for oracle_id, names in faces.items():
        page = _soup(live.get(f"/card/{oracle_id}"))
        shown = [n.text for n in page.select(".face .lang.en .name")]
        assert shown == names
        if oracle_id in ja:
            assert ja[oracle_id] in page.select_one("h1").text


def test_card_page_rulings_and_their_scenarios_match_check_rulings(live, lib, capsys):
    capsys.readouterr()
    assert main(["--db", str(live.db_path), "check-rulings", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    names = {n: o for o, n, _ja, _l in lib["cards"]}
    checked = 0
    by_card: dict[str, list[dict]] = {}
    for ruling in report["rulings"]:
        by_card.setdefault(names[ruling["card"]], []).append(ruling)
    for oracle_id, rulings in by_card.items():
        page = _soup(live.get(f"/card/{oracle_id}"))
        items = page.select("ul.rulings > li")
        assert len(items) == len(rulings)
        for ruling in rulings:
            item = next(li for li in items if " ".join(ruling["comment"].split()) in
                        " ".join(li.get_text().split()))
            shown = {li.select_one("code").text: li.select_one(".status").text
                     for li in item.select("ul.checks > li")}
            assert set(shown) == set(ruling["scenarios"])
            want = {"pass": "pass", "FAIL": "FAIL"}.get(ruling["status"])
            if want:
                assert set(shown.values()) <= {"pass", "FAIL"}
                assert ("FAIL" in shown.values()) == (want == "FAIL")
            checked += len(shown)
    assert checked > 0


def test_card_page_lists_wiki_pages_and_links_out(live, lib):
    names = {n: (o, ja) for o, n, ja, _l in lib["cards"]}
    oracle_id, name_ja = names["Tavern Ruffian // Tavern Smasher"]
    page = _soup(live.get(f"/card/{oracle_id}"))
    wiki = [a.text for a in page.select("ul.wiki a")]
    assert WIKI_TITLE in wiki
    links = {a.text: a["href"] for a in page.select(".meta a")}
    wiki_link = next(href for text, href in links.items() if text.startswith("MTG Wiki"))
    assert wiki_link == "http://mtgwiki.com/wiki/" + quote(f"{name_ja}/Tavern_Ruffian", safe="/")
    assert links["Scryfall"].startswith("https://scryfall.com/")
    # a card only linked from the page (not boxed) is listed too
    watch = next(o for n, (o, _ja) in names.items() if n.startswith("Village Watch"))
    assert WIKI_TITLE in [a.text for a in _soup(live.get(f"/card/{watch}")).select("ul.wiki a")]


def test_unknown_card_is_404(live):
    assert live.get("/card/no-such-card").status_code == 404
    assert live.get("/nowhere").status_code == 404


# -- the JSON API ------------------------------------------------------------------------------

def test_api_search_is_a_scryfall_list_with_our_tags(live, lib):
    resp = live.get("/api/cards/search", q="mech:day_night")
    assert resp.status_code == 200 and resp.headers["content-type"] == "application/json"
    body = resp.json()
    expected = lib["day_night"]
    assert body["object"] == "list" and body["total_cards"] == len(expected)
    assert body["has_more"] is False and "next_page" not in body
    assert [c["name"] for c in body["data"]] == [c["name"] for c in expected]
    for card, want in zip(body["data"], expected, strict=True):
        assert card["object"] == "card" and card["oracle_id"] == want["oracle_id"]
        assert "day_night" in card["mtgkit_mechanics"]
        assert card["mtgkit_name_ja"] == want["name_ja"]
        assert {(t["mechanic"], t["role"], t["evidence"]) for t in card["mtgkit_tags"]} == {
            (t["mechanic"], t["role"], t["evidence"]) for t in want["tags"]}


def test_api_errors_are_scryfall_error_objects(live):
    cases = [("/api/cards/search", {"q": "foo:bar"}, 400, "bad_request"),
             ("/api/cards/search", {}, 400, "bad_request"),
             ("/api/cards/search", {"q": "t:creature", "page": "0"}, 400, "bad_request"),
             ("/api/cards/search", {"q": "name:zzzzqqq"}, 404, "not_found"),
             ("/api/cards/search", {"q": "t:creature", "page": "99"}, 404, "not_found"),
             ("/api/cards/named", {"exact": "No Such Card"}, 404, "not_found"),
             ("/api/cards/named", {}, 400, "bad_request"),
             ("/api/cards/no-such-id", {}, 404, "not_found"),
             ("/api/nothing/here", {}, 404, "not_found")]
    for path, params, status, code in cases:
        resp = live.get(path, **params)
        assert resp.status_code == status, (path, params)
        body = resp.json()
        assert body["object"] == "error" and body["status"] == status and body["code"] == code
        assert body["details"]


def test_api_named_exact_and_fuzzy(live, lib):
    for oracle_id, name, name_ja, _layout in lib["cards"]:
        for asked in (name, name.upper(), name_ja):
            if asked:
                body = live.get("/api/cards/named", exact=asked).json()
                assert body["oracle_id"] == oracle_id, asked
    faces = [(o, n) for o, i, n, _c in lib["faces"] if i == 0]
    for oracle_id, face in faces:
        assert live.get("/api/cards/named", exact=face).json()["oracle_id"] == oracle_id
    name = next(n for _o, n, _ja, _l in lib["cards"] if n == "Tavern Ruffian // Tavern Smasher")
    typo = "Tavern Rufian"
    assert live.get("/api/cards/named", fuzzy=typo).json()["name"] == name
    assert live.get("/api/cards/named", fuzzy="tav ruff").json()["name"] == name
    ambiguous = live.get("/api/cards/named", fuzzy="emeritus")
    assert ambiguous.status_code == 404 and ambiguous.json()["type"] == "ambiguous"


def test_api_autocomplete_is_a_catalog(live, lib):
    body = live.get("/api/cards/autocomplete", q="em").json()
    assert body["object"] == "catalog" and body["total_values"] == len(body["data"])
    matching = {n for _o, n, ja, _l in lib["cards"] if "em" in n.lower()}
    assert set(body["data"]) >= matching and body["data"]
    starts = [n.lower().startswith("em") for n in body["data"]]
    assert starts == sorted(starts, reverse=True)  # names starting with it come first
    assert live.get("/api/cards/autocomplete", q="e").json()["data"] == []
    ja = next((o, n, ja) for o, n, ja, _l in lib["cards"] if ja)
    assert ja[1] in live.get("/api/cards/autocomplete", q=ja[2][:2]).json()["data"]


def test_api_card_by_oracle_id_is_the_stored_object(live, lib):
    for oracle_id, name, _ja, layout in lib["cards"][:10]:
        body = live.get(f"/api/cards/{oracle_id}").json()
        assert (body["oracle_id"], body["name"], body["layout"]) == (oracle_id, name, layout)
        stored = json.loads(_cards(live.db_path, "SELECT data FROM cards WHERE oracle_id = ?",
                                   [oracle_id])[0][0])
        def bare(obj):  # the stored object, less its nulls (faces' too)
            if isinstance(obj, dict):
                return {k: bare(v) for k, v in obj.items() if v is not None}
            return [bare(x) for x in obj] if isinstance(obj, list) else obj
        assert {k: v for k, v in body.items() if not k.startswith("mtgkit_")} == bare(stored)


def test_api_pages_of_175_follow_next_page(big):
    url = big.url + "/api/cards/search?q=t:bear"
    names: list[str] = []
    pages = 0
    import requests

    while url:
        body = requests.get(url, timeout=30).json()
        pages += 1
        assert body["total_cards"] == 400
        assert len(body["data"]) == (175 if body["has_more"] else 400 - 350)
        names += [c["name"] for c in body["data"]]
        url = body.get("next_page")
        assert (url is not None) == body["has_more"]
    assert pages == 3
    assert names == sorted(f"Test Card {i:03d}" for i in range(400))


def test_api_search_facet_counts_on_a_bigger_store(big):
    body = big.get("/api/cards/search", q="mech:day_night").json()
    assert body["total_cards"] == 200  # the odd-numbered cards say "Daybound"
    assert all("day_night" in c["mtgkit_mechanics"] for c in body["data"])


# -- read-only and concurrency -----------------------------------------------------------------

def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_server_never_writes_and_other_readers_can_open_the_file(tmp_path):
    path = build_sample_db(tmp_path / "ro.duckdb")
    before = _digest(path)
    for served in serve(path):
        tagged = served.get("/api/cards/search", q="mech:prepare").json()["data"]
        for card in tagged:
            assert served.get(f"/card/{card['oracle_id']}").status_code == 200
        served.get("/search", q="mech:initiative")
        served.get("/api/cards/autocomplete", q="ta")
        # another process reads the file while the server has it open
        out = subprocess.run(
            [sys.executable, "-c", "import duckdb,sys; c=duckdb.connect(sys.argv[1], "
             "read_only=True); print(c.execute('select count(*) from cards').fetchone()[0])",
             str(path)], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and int(out.stdout) > 0, out.stderr
        # and the server's own connection refuses writes
        state = served.server.config.app.state.web  # type: ignore[attr-defined]
        with state.db.store() as store, pytest.raises(duckdb.Error):
            store.con.execute("CREATE TABLE written_by_server (x INTEGER)")
    assert _digest(path) == before


def test_parallel_requests_answer_as_serial_ones(live, lib):
    ids = [o for o, *_ in lib["cards"]][:8]
    paths = ([f"/card/{o}" for o in ids] + [f"/api/cards/{o}" for o in ids]
             + ["/search?q=mech:day_night", "/api/cards/search?q=t:creature",
                "/search?q=cmc>=0&page=2", "/api/cards/autocomplete?q=em",
                "/api/cards/named?fuzzy=tav+ruff", "/search?q=foo:bar"])
    import requests

    def fetch(path: str) -> tuple[int, str]:
        resp = requests.get(live.url + path, timeout=60)
        return resp.status_code, resp.text

    serial = [fetch(p) for p in paths]
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(fetch, paths * 2))
    assert parallel == serial * 2


# -- the command -------------------------------------------------------------------------------

def test_serve_command_errors(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path / "missing.duckdb")]) == 2
    assert "no database at" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
    not_db = tmp_path / "cards.json"
    not_db.write_text("{}")
    assert main(["--db", str(not_db), "serve"]) == 2
    assert str(not_db) in capsys.readouterr().err
    empty = tmp_path / "empty.duckdb"
    duckdb.connect(str(empty)).close()
    assert main(["--db", str(empty), "serve"]) == 2
    assert "not an mtgkit database" in capsys.readouterr().err


def test_serve_command_runs_a_server(sample_db, tmp_path):
    import socket
    import time

    import requests

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "mtgkit", "serve", "--db", str(sample_db),
                             "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                resp = requests.get(f"http://127.0.0.1:{port}/api/cards/autocomplete?q=ta",
                                    timeout=5)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.1)
        assert resp.json()["object"] == "catalog"
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
