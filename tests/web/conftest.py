"""A real uvicorn server on 127.0.0.1 over a database built from the embedded sample.

The database is made the way a user makes one (``mtgkit build``), plus one wiki page stored
through the wiki store (so card pages have a page that mentions them), then served read-only
by :func:`mtgkit.web.create_app` in a background thread on a free port.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
import uvicorn

import db
from mtgkit.cli import main

# A wiki page of our own (the sample's cards are real; this text is written for the test).
WIKI_TITLE = "日暮"
WIKI_TEXT = """'''日暮'''/''Daybound''は、[[昼]]と[[夜]]に関する[[キーワード能力]]。

{{#card:Tavern Ruffian}}

==解説==
[[酒場のごろつき/Tavern Ruffian]]や[[村の見張り/Village Watch]]が持つ。
"""


def build_sample_db(path: Path) -> Path:
    """``mtgkit build`` into ``path`` and one parsed wiki page stored beside the cards."""
    assert main(["--db", str(path), "build"]) == 0
    from db.wiki import WikiStore
    from scraper.wikiparse import parse_page

    with db.connect(path) as store:
        WikiStore(store).save_page(parse_page(WIKI_TITLE, wikitext=WIKI_TEXT,
                                              url="http://mtgwiki.com/wiki/%E6%97%A5%E6%9A%AE"))
    return path


@dataclass
class Served:
    url: str
    db_path: Path
    server: object

    def get(self, path: str, **params: object) -> requests.Response:
        return requests.get(self.url + path, params=params or None, timeout=30)


def serve(db_path: Path) -> Iterator[Served]:
    """Run the app under uvicorn in a thread on a free 127.0.0.1 port until the block ends."""
    from mtgkit.web import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(db_path), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield Served(f"http://127.0.0.1:{port}", db_path, server)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@pytest.fixture(scope="session")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_sample_db(tmp_path_factory.mktemp("web") / "sample.duckdb")


@pytest.fixture(scope="session")
def live(sample_db: Path) -> Iterator[Served]:
    """The app over the sample database, shared by the module's tests (it is read-only)."""
    yield from serve(sample_db)


@pytest.fixture(scope="session")
def big(tmp_path_factory):
    """400 invented cards (more than two API pages of 175), built and served."""
    folder = tmp_path_factory.mktemp("big")
    cards = folder / "cards.jsonl"
    with cards.open("w", encoding="utf-8") as out:
        for i in range(400):
            out.write(json.dumps({
                "object": "card", "id": f"00000000-0000-4000-8000-{i:012d}",
                "oracle_id": f"10000000-0000-4000-8000-{i:012d}", "name": f"Test Card {i:03d}",
                "lang": "en", "layout": "normal", "mana_cost": "{1}{G}", "cmc": 2.0,
                "type_line": "Creature — Bear", "oracle_text": "Daybound" if i % 2 else "",
                "power": "2", "toughness": "2", "colors": ["G"], "color_identity": ["G"],
                "keywords": [], "set": "tst", "released_at": "2024-01-01"}) + "\n")
    path = folder / "big.duckdb"
    assert main(["--db", str(path), "build", "--cards", str(cards)]) == 0
    yield from serve(path)
