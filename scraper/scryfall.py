"""Scryfall: bulk files, search paging, single cards, rulings and Japanese printings.

Scryfall asks for 50-100 ms between requests and a slower pace (2 per second) for
``/cards/search`` and ``/cards/named``, a ``User-Agent`` and an ``Accept`` header;
:func:`scryfall_http_config` sets those limits for the API host on top of the shared
:class:`~scraper.http.PoliteClient`. Bulk files are downloaded, not fetched into
memory: the client streams ``jsonl_download_uri`` (gzipped JSON Lines, falling back to
``download_uri``'s older JSON array) to disk, resuming a cut download with ``Range``.
This module returns plain dicts and paths; loading them is ``db.load``'s job.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from scraper.http import HttpConfig, HttpStatusError, PoliteClient

DEFAULT_API = "https://api.scryfall.com"
BULK_TYPES = ("oracle_cards", "default_cards", "all_cards", "unique_artwork", "rulings")
ACCEPT = "application/json;q=0.9,*/*;q=0.8"


class ScryfallError(Exception):
    """Scryfall answered with an error object, or a bulk type does not exist."""


def scryfall_http_config(
    api_base: str = DEFAULT_API,
    *,
    delay: float = 0.1,
    search_delay: float = 0.5,
    base: HttpConfig | None = None,
) -> HttpConfig:
    """An :class:`HttpConfig` with Scryfall's rate limits for the host of ``api_base``."""
    config = base or HttpConfig()
    host = urlsplit(api_base).netloc.lower()
    config.host_delays[host] = delay
    root = urlsplit(api_base).path.rstrip("/")
    config.path_delays[(host, root + "/cards/search")] = search_delay
    config.path_delays[(host, root + "/cards/named")] = search_delay
    return config


class ScryfallClient:
    """The parts of the Scryfall API mtgkit uses."""

    def __init__(self, http: PoliteClient, api_base: str = DEFAULT_API) -> None:
        self.http = http
        self.api_base = api_base.rstrip("/")

    def _get(self, url: str, *, use_cache: bool = False) -> dict[str, Any]:
        try:
            resp = self.http.get(url, use_cache=use_cache, headers={"Accept": ACCEPT})
        except HttpStatusError as exc:
            detail = ""
            try:
                import json

                detail = json.loads(exc.body).get("details", "")
            except (ValueError, AttributeError):
                pass
            if exc.status == 404:
                raise ScryfallError(f"{url}: not found{': ' + detail if detail else ''}") from exc
            raise
        data = resp.json()
        if not isinstance(data, dict):
            raise ScryfallError(f"{url}: expected a JSON object")
        if data.get("object") == "error":
            raise ScryfallError(f"{url}: {data.get('details', data)}")
        return data

    # ---- bulk -----------------------------------------------------------------------

    def bulk_items(self) -> list[dict[str, Any]]:
        """The ``/bulk-data`` list: one item per bulk file type."""
        return list(self._get(f"{self.api_base}/bulk-data").get("data", []))

    def bulk_item(self, bulk_type: str) -> dict[str, Any]:
        for item in self.bulk_items():
            if item.get("type") == bulk_type:
                return item
        raise ScryfallError(f"{self.api_base}/bulk-data: no bulk file of type {bulk_type!r}")

    def download_bulk(self, item: dict[str, Any], dest_dir: Path, *, progress: bool = True) -> Path:
        """Stream the bulk file to ``dest_dir`` (JSON Lines .gz if offered), resuming."""
        url = item.get("jsonl_download_uri") or item.get("download_uri")
        if not url:
            raise ScryfallError(f"bulk item {item.get('type')!r} has no download URI")
        name = Path(urlsplit(url).path).name or f"{item.get('type', 'bulk')}.json"
        return self.http.download(url, Path(dest_dir) / name, progress=progress,
                                  description=f"Scryfall {item.get('type', '')}")

    # ---- cards ----------------------------------------------------------------------

    def search(self, query: str, *, unique: str = "cards",
               include_multilingual: bool = False) -> Iterator[dict[str, Any]]:
        """Every card of a search, following ``has_more``/``next_page``."""
        params = {"q": query, "unique": unique}
        if include_multilingual:
            params["include_multilingual"] = "true"
        url: str | None = f"{self.api_base}/cards/search?{urlencode(params)}"
        while url:
            try:
                page = self._get(url)
            except ScryfallError:
                if "page=" in url:
                    raise
                return  # a search with no results is a 404 at Scryfall
            yield from page.get("data", [])
            url = page.get("next_page") if page.get("has_more") else None

    def named(self, name: str, *, fuzzy: bool = False) -> dict[str, Any]:
        """One card by exact (or fuzzy) name."""
        key = "fuzzy" if fuzzy else "exact"
        return self._get(f"{self.api_base}/cards/named?{urlencode({key: name})}")

    def rulings(self, card_id: str) -> list[dict[str, Any]]:
        """The rulings of a card (Scryfall card id), each with its ``oracle_id``."""
        return list(self._get(f"{self.api_base}/cards/{card_id}/rulings").get("data", []))

    def japanese_printings(self, query: str | None = None,
                           names: list[str] | None = None) -> Iterator[dict[str, Any]]:
        """``lang:ja`` printings for a query or for exact names."""
        queries = []
        if query:
            queries.append(f"({query}) lang:ja")
        for name in names or []:
            escaped = name.replace('"', '\\"')
            queries.append(f'!"{escaped}" lang:ja')
        if not queries:
            queries.append("lang:ja")
        for q in queries:
            yield from self.search(q, unique="prints", include_multilingual=True)
