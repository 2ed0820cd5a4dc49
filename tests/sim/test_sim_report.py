"""``mtgkit report``: the figures are those of the stored rows, and the page's charts render
in a real headless Chromium (Playwright driving Debian's /usr/bin/chromium)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from db import connect
from db.sim_report import build_report_html, dataset_connection, run_stats, wilson_interval
from mtgkit.cli import main

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["simulate", "--deck", "day_night", "--deck", "initiative", "--games", "40",
        "--seed", "9", "--max-turns", "30", "--no-progress"]


def test_wilson_interval_known_values() -> None:
    # Wilson score intervals at 95% (z = 1.95996): 0/10, 5/10, 10/10, 81/263
    for wins, n, low, high in ((0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634),
                               (10, 10, 0.7225, 1.0), (81, 263, 0.2553, 0.3662)):
        got = wilson_interval(wins, n)
        assert math.isclose(got[0], low, abs_tol=5e-4) and math.isclose(got[1], high,
                                                                          abs_tol=5e-4)


@pytest.fixture(scope="module")
def run_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("report")
    db, out = root / "sim.duckdb", root / "runs"
    assert main(["--db", str(db), *ARGS, "--out", str(out)]) == 0
    return db, out


def test_stats_are_those_of_the_stored_rows(run_db) -> None:
    db, out = run_db
    with connect(db) as store:
        stats = run_stats(store, 1)
        rows = store.con.execute(
            "SELECT winner, turns, initiative_changes FROM sim_games ORDER BY game").fetchall()
        first = store.con.execute(
            "SELECT game, min(turn) FROM sim_events WHERE event IN ('became_day', "
            "'became_night', 'day_became_night', 'night_became_day') GROUP BY game "
            "ORDER BY game").fetchall()
    assert stats.games == 40 == len(rows)
    assert [d.wins for d in stats.decks] == [sum(r[0] == s for r in rows) for s in "ab"]
    assert stats.turns == [r[1] for r in rows]
    assert stats.per_game["initiative_changes"] == [r[2] for r in rows]
    assert stats.first_day_night_turn == [t for _, t in first] and first
    # the dataset gives the same figures
    con = dataset_connection(out)
    try:
        assert run_stats(con, 1) == stats
    finally:
        con.close()


def test_report_command_writes_a_page_whose_charts_render_in_chromium(run_db, tmp_path,
                                                                     capsys) -> None:
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="needs Playwright for Python (the dev extra)")
    if not CHROMIUM.exists():
        pytest.skip(f"needs Chromium at {CHROMIUM} (apt-get install chromium)")
    db, _ = run_db
    page_path = tmp_path / "report.html"
    assert main(["--db", str(db), "report", "1", "--out", str(page_path)]) == 0
    assert f"report of run 1 written to {page_path}" in capsys.readouterr().out
    html = page_path.read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html  # nothing fetched: opens offline
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--headless", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update",
                  "--no-first-run"])
        try:
            page = browser.new_page()
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_path.as_uri())
            page.wait_for_load_state("load")
            images = page.eval_on_selector_all(
                "figure img", "els => els.map(e => ({alt: e.alt, w: e.naturalWidth, "
                "h: e.naturalHeight, done: e.complete}))")
            heading = page.text_content("h1")
            cells = page.eval_on_selector_all("table td", "els => els.map(e => e.textContent)")
        finally:
            browser.close()
    assert [i["alt"] for i in images] == [
        "Win rate per deck", "Game length", "First day/night change",
        "Initiative and dungeons", "Prepare spells cast", "Turns ended early"]
    assert all(i["done"] and i["w"] > 100 and i["h"] > 100 for i in images), images
    assert heading == "mtgkit simulation run 1: day_night vs initiative"
    assert "day_night" in cells and "initiative" in cells
    assert all(u.startswith(("file:", "data:")) for u in requests), requests


def test_report_of_a_missing_run_is_a_clear_error(run_db, tmp_path, capsys) -> None:
    db, out = run_db
    assert main(["--db", str(db), "report", "4", "--out", str(tmp_path / "r.html")]) == 2
    assert "no simulation run 4" in capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()
    assert build_report_html(dataset_connection(out), 1).startswith("<!doctype html>")
