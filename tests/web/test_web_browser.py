"""The web pages in a real browser: Playwright for Python driving Debian's headless Chromium.

Types a query, follows a facet, opens a card and looks for the highlighted evidence, saving a
screenshot of each page to docs/screenshots/. Skips (with the reason) when the playwright
package or /usr/bin/chromium is missing; CI installs both (.ci/run, the dev extra). The
browser only talks to the test server on 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install -e '.[dev]')")

CHROMIUM = os.environ.get("MTGKIT_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def page():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set "
                    "MTGKIT_CHROMIUM)")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ja-JP")
        tab = context.new_page()
        tab.set_default_timeout(20_000)
        yield tab
        context.close()
        browser.close()


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_type_a_query_follow_a_facet_open_a_card_see_the_evidence(live, page):
    page.goto(live.url + "/")
    assert page.locator(".facets a[data-term='mech:day_night']").is_visible()
    _shot(page, "home")

    page.fill("input[name=q]", "t:creature")
    page.press("input[name=q]", "Enter")
    page.wait_for_url("**/search?q=t%3Acreature*")
    count = page.locator("#count").inner_text()
    assert "card" in count and page.locator("table.cards tbody tr").count() > 0

    page.click(".facets a[data-term='role:daybound']")
    page.wait_for_url("**role%3Adaybound*")
    assert page.input_value("input[name=q]") == "t:creature role:daybound"
    rows = page.locator("table.cards tbody tr")
    assert rows.count() > 0
    for i in range(rows.count()):
        assert "day_night:daybound" in rows.nth(i).locator("td").nth(4).inner_text()
    _shot(page, "search")

    # open the card the fixture's wiki page shows (it has rulings too)
    link = page.locator("a.card-link", has_text="Tavern Ruffian")
    name = link.inner_text()
    link.click()
    page.wait_for_url("**/card/*")
    assert page.locator("h1").inner_text().startswith(name)
    marks = page.locator(".face mark[data-tags*='day_night:daybound']")
    assert marks.count() >= 1
    assert marks.first.is_visible()
    # the mark is really highlighted: its background is not the page's
    background = marks.first.evaluate("m => getComputedStyle(m).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    assert page.locator("ul.rulings .checks .status").count() >= 1
    assert page.locator("ul.wiki a").count() >= 1
    _shot(page, "card")


def test_japanese_evidence_is_marked_and_errors_show(live, page):
    page.goto(live.url + "/search?q=" + "mech:day_night lang:ja")
    rows = page.locator("table.cards tbody tr")
    assert rows.count() > 0
    found = False
    for i in range(rows.count()):
        page.goto(live.url + "/search?q=mech:day_night lang:ja")
        page.locator("table.cards tbody tr").nth(i).locator("a.card-link").click()
        page.wait_for_url("**/card/*")
        if page.locator(".face .lang.ja mark").count():
            found = True
            _shot(page, "card_japanese")
            break
    assert found, "no card with Japanese evidence marked"

    page.goto(live.url + "/")
    page.fill("input[name=q]", "t:creature foo:bar")
    page.press("input[name=q]", "Enter")
    error = page.locator(".error")
    error.wait_for()
    assert "foo" in error.inner_text()
    _shot(page, "query_error")


def test_autocomplete_suggests_names(live, page):
    page.goto(live.url + "/")
    page.fill("input[name=q]", "")
    page.type("input[name=q]", "Tav")
    page.wait_for_function(
        "document.querySelectorAll('#names option').length > 0", timeout=10_000)
    options = page.eval_on_selector_all("#names option", "os => os.map(o => o.value)")
    assert any(o.lower().startswith("tav") for o in options)


def test_pages_of_results_follow_next(big, page):
    page.goto(big.url + "/search?q=t:bear")
    assert "of 400 cards" in page.locator("#count").inner_text()
    first = page.locator("a.card-link").first.inner_text()
    page.click("nav.pages a:has-text('next')")
    page.wait_for_url("**page=2*")
    assert "61–120 of 400" in page.locator("#count").inner_text()
    assert page.locator("a.card-link").first.inner_text() != first
    assert page.locator("nav.pages .current").inner_text() == "2"
    _shot(page, "search_pages")
