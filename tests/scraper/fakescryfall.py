"""A small Scryfall on :class:`FakeServer`: /bulk-data, bulk files (ranges, ETags),
/cards/search pages, /cards/named and rulings, serving the project's fixtures."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import parse_qs, urlencode

from tests.scraper.fakeserver import FakeServer, Reply, Request, file_reply

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "scryfall"


def _jsonl(name: str) -> list[dict]:
    return [json.loads(x) for x in (FIXTURES / name).read_text(encoding="utf-8").splitlines()]


class FakeScryfall:
    """/bulk-data, bulk files (ranges, ETags), /cards/search pages, named, rulings."""

    def __init__(self, server: FakeServer, page_size: int = 2) -> None:
        self.server = server
        self.page_size = page_size
        self.cards = _jsonl("cards.jsonl")
        self.ja = _jsonl("cards_ja.jsonl")
        self.rulings = _jsonl("rulings.jsonl")
        self.updated_at = "2026-11-01T09:00:00.000+00:00"
        self.jsonl = True
        self.cut_next_download = False
        self.truncate_gzip = False
        server.fallback = self.handle

    def bulk_bytes(self, kind: str, jsonl: bool) -> bytes:
        rows = self.rulings if kind == "rulings" else self.cards + self.ja
        if jsonl:
            data = gzip.compress("".join(json.dumps(r) + "\n" for r in rows).encode())
            return data[:-25] if self.truncate_gzip else data
        return json.dumps(rows).encode()

    def handle(self, req: Request) -> Reply | None:
        path, _, query = req.path.partition("?")
        params = parse_qs(query)
        base = self.server.url.rstrip("/")
        if path == "/robots.txt":
            return Reply(404)
        if path == "/bulk-data":
            items = []
            for kind in ("oracle_cards", "rulings"):
                item = {"object": "bulk_data", "type": kind, "updated_at": self.updated_at,
                        "download_uri": f"{base}/file/{kind}.json",
                        "size": len(self.bulk_bytes(kind, False))}
                if self.jsonl:
                    item["jsonl_download_uri"] = f"{base}/file/{kind}.jsonl.gz"
                items.append(item)
            return self.json({"object": "list", "has_more": False, "data": items})
        if path.startswith("/file/"):
            name = path[len("/file/"):]
            kind = name.split(".")[0]
            body = self.bulk_bytes(kind, name.endswith(".jsonl.gz"))
            reply = file_reply(req, body, etag=f'"{kind}-{self.updated_at}"')
            if self.cut_next_download:
                self.cut_next_download = False
                reply.action = "truncate"
            return reply
        if path == "/cards/search":
            q = params.get("q", [""])[0]
            page = int(params.get("page", ["1"])[0])
            if "lang:ja" in q:
                pool = list(self.ja)
                if q.startswith("!"):
                    wanted = q.split('"')[1]
                    pool = [c for c in pool if c["name"] == wanted]
            else:
                pool = [c for c in self.cards if "t:creature" not in q
                        or "Creature" in c["type_line"]]
            if not pool:
                return self.json({"object": "error", "code": "not_found", "status": 404,
                                  "details": "Your query didn't match any cards."}, 404)
            chunk = pool[(page - 1) * self.page_size: page * self.page_size]
            more = page * self.page_size < len(pool)
            data = {"object": "list", "total_cards": len(pool), "has_more": more, "data": chunk}
            if more:
                data["next_page"] = f"{base}/cards/search?" + urlencode(
                    {"q": q, "unique": params.get("unique", ["cards"])[0], "page": page + 1})
            return self.json(data)
        if path == "/cards/named":
            name = params.get("exact", [""])[0]
            for card in self.cards:
                if card["name"] == name:
                    return self.json(card)
            return self.json({"object": "error", "status": 404, "details": "No card found"}, 404)
        if path.startswith("/cards/") and path.endswith("/rulings"):
            card_id = path.split("/")[2]
            card = next((c for c in self.cards if c["id"] == card_id), None)
            if card is None:
                return self.json({"object": "error", "status": 404}, 404)
            data = [r for r in self.rulings if r["oracle_id"] == card["oracle_id"]]
            return self.json({"object": "list", "has_more": False, "data": data})
        return None

    @staticmethod
    def json(data: dict, status: int = 200) -> Reply:
        return Reply(status, json.dumps(data, ensure_ascii=False).encode(),
                     {"Content-Type": "application/json; charset=utf-8"}, gzip=True)
