"""``mtgkit scrape cards`` against a local Scryfall look-alike serving the project's fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

import db
from mtgkit.cli import main
from scraper.http import PoliteClient
from scraper.scryfall import scryfall_http_config
from tests.scraper.fakescryfall import FakeScryfall
from tests.scraper.fakeserver import FakeServer

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "scryfall"


@pytest.fixture
def scryfall():
    with FakeServer() as srv:
        yield FakeScryfall(srv)


def cards_cli(db_path: Path, fake: FakeScryfall, tmp_path: Path, *extra: str) -> int:
    return main(["--db", str(db_path), "scrape", "cards", "--api-base", fake.server.url,
                 "--delay", "0", "--search-delay", "0", "--backoff", "0.01", "--no-progress",
                 "--download-dir", str(tmp_path / "bulk"), *extra])


def count(db_path: Path, sql: str) -> int:
    with db.connect(db_path) as store:
        return store.con.execute(sql).fetchone()[0]


def test_bulk_download_resumes_loads_and_skips_when_unchanged(scryfall, db_path, tmp_path,
                                                               capsys):
    scryfall.cut_next_download = True  # the connection breaks in the middle of the file
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    downloads = scryfall.server.requests_to("/file/oracle_cards.jsonl.gz")
    assert len(downloads) == 2
    assert downloads[1].headers["Range"].startswith("bytes=") and downloads[1].status == 206
    assert count(db_path, "SELECT count(*) FROM cards") == len(scryfall.cards)
    with db.connect(db_path) as store:
        name_ja = store.con.execute(
            "SELECT name_ja FROM cards WHERE name = 'Morning Lantern'").fetchone()[0]
    assert name_ja == "朝の灯火"  # the lang:ja printing in the bulk file filled it

    scryfall.server.clear_log()
    capsys.readouterr()
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    assert scryfall.server.requests_to("/file/") == []
    assert "unchanged" in capsys.readouterr().out

    scryfall.updated_at = "2026-11-02T09:00:00.000+00:00"
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    assert len(scryfall.server.requests_to("/file/oracle_cards.jsonl.gz")) == 1


def test_bulk_falls_back_to_the_json_array_file(scryfall, db_path, tmp_path):
    scryfall.jsonl = False
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    assert scryfall.server.requests_to("/file/oracle_cards.json")
    assert count(db_path, "SELECT count(*) FROM cards") == len(scryfall.cards)


def test_rulings_bulk_goes_to_the_rulings_table(scryfall, db_path, tmp_path):
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "rulings") == 0
    assert count(db_path, "SELECT count(*) FROM rulings") == len(scryfall.rulings)


def test_a_truncated_bulk_gzip_is_a_clear_error_and_keeps_the_old_data(scryfall, db_path,
                                                                       tmp_path, capsys):
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 0
    before = count(db_path, "SELECT count(*) FROM cards")
    scryfall.updated_at = "2026-12-01T00:00:00.000+00:00"
    scryfall.truncate_gzip = True
    capsys.readouterr()
    assert cards_cli(db_path, scryfall, tmp_path, "--bulk", "oracle_cards") == 2
    assert "truncated or corrupt" in capsys.readouterr().err
    assert count(db_path, "SELECT count(*) FROM cards") == before
    with db.connect(db_path) as store:  # the new version was not recorded as loaded
        assert store.con.execute("SELECT updated_at FROM scryfall_bulk").fetchone()[0] \
            == "2026-11-01T09:00:00.000+00:00"


def test_search_pages_japanese_printings_named_and_rulings(scryfall, db_path, tmp_path):
    scryfall.page_size = 1
    assert cards_cli(db_path, scryfall, tmp_path, "--query", "t:creature", "--lang", "ja") == 0
    searches = scryfall.server.requests_to("/cards/search")
    assert any("page=2" in r.path for r in searches)  # has_more / next_page followed
    creatures = [c for c in scryfall.cards if "Creature" in c["type_line"]]
    assert count(db_path, "SELECT count(*) FROM cards") == len(creatures)
    assert count(db_path, "SELECT count(*) FROM cards WHERE name_ja = '朝の灯火'") == 1

    assert cards_cli(db_path, scryfall, tmp_path, "--named", "Lantern of Hours") == 0
    assert scryfall.server.requests_to("/cards/named")
    assert scryfall.server.requests_to("/cards/5f1c0a9e-0003-4000-8000-000000000003/rulings")
    assert count(db_path, "SELECT count(*) FROM rulings") == 1


def test_an_unknown_card_is_a_user_error(scryfall, db_path, tmp_path, capsys):
    assert cards_cli(db_path, scryfall, tmp_path, "--named", "No Such Card") == 2
    assert "not found" in capsys.readouterr().err


def test_scryfall_rate_limits_per_endpoint():
    config = scryfall_http_config("https://api.scryfall.com")
    client = PoliteClient(config)
    assert client.delay_for("https://api.scryfall.com/cards/search?q=x") == 0.5
    assert client.delay_for("https://api.scryfall.com/cards/named?exact=x") == 0.5
    assert client.delay_for("https://api.scryfall.com/bulk-data") == 0.1
