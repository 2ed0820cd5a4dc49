"""Scryfall: bulk files, search paging, single cards, rulings and Japanese printings.

Scryfall asks for 50-100 ms between requests and a slower pace (2 per second) for
``/cards/search`` and ``/cards/named``, a ``User-Agent`` and an ``Accept`` header;
:func:`scryfall_http_config` sets those limits for the API host on top of the shared
:class:`~scraper.http.PoliteClient`. Bulk files are downloaded, not fetched into
memory: the client streams ``jsonl_download_uri`` (gzipped JSON Lines, falling back to
``download_uri``'s older JSON array) to disk, resuming a cut download with ``Range``.
This module returns plain dicts and paths; loading them is ``db.load``'s job.

What the API sends is checked before it is used: every request, redirect, ``next_page``
and ``download_uri`` stays on the API host or Scryfall's file hosts
(:data:`FILE_HOSTS`, plus ``extra_hosts``); a search page must be a ``list`` object
whose ``data`` is a list of card objects; a ``next_page`` already visited, or more than
:data:`MAX_SEARCH_PAGES` pages, is a :class:`~scraper.http.PaginationError`; a card
without a string ``id`` is skipped and reported in :attr:`ScryfallClient.problems`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from scraper.hosts import HostPolicy
from scraper.http import BadResponse, HttpConfig, HttpStatusError, PaginationError, PoliteClient

DEFAULT_API = "https://api.scryfall.com"
#: where Scryfall serves bulk files (download_uri) and images, beside the API host
FILE_HOSTS = ("data.scryfall.io", "c1.scryfall.com", "c2.scryfall.com", "cards.scryfall.io")
#: a search longer than this many pages (175 cards each: 350,000 cards) is an error
MAX_SEARCH_PAGES = 2000
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

    def __init__(self, http: PoliteClient, api_base: str = DEFAULT_API, *,
                 extra_hosts: tuple[str, ...] | list[str] = (),
                 max_pages: int = MAX_SEARCH_PAGES) -> None:
        self.http = http
        self.api_base = api_base.rstrip("/")
        file_hosts = FILE_HOSTS if urlsplit(api_base).netloc.lower() == \
            urlsplit(DEFAULT_API).netloc else ()
        self.hosts = HostPolicy.for_base(self.api_base + "/", [*file_hosts, *extra_hosts])
        self.max_pages = max_pages
        #: items skipped because they were not cards (each names its page URL)
        self.problems: list[str] = []

    def _get(self, url: str, *, use_cache: bool = False) -> dict[str, Any]:
        try:
            resp = self.http.get(url, use_cache=use_cache, headers={"Accept": ACCEPT},
                                 hosts=self.hosts)
        except HttpStatusError as exc:
            detail = ""
            try:
                import json

                detail = json.loads(exc.body).get("details", "")
            except (ValueError, AttributeError, RecursionError):
                pass
            if exc.status == 404:
                raise ScryfallError(f"{url}: not found{': ' + detail if detail else ''}") from exc
            raise
        data = resp.json_value()
        if not isinstance(data, dict):
            raise BadResponse(url, f"expected a JSON object, got {_kind(data)}")
        if data.get("object") == "error":
            raise ScryfallError(f"{url}: {data.get('details', data)}")
        return data

    def _listing(self, url: str, page: dict[str, Any], *, empty_ok: bool = False
                 ) -> list[dict[str, Any]]:
        """The ``data`` of a list object: a list of objects (others reported, skipped)."""
        if page.get("object") not in (None, "list"):
            raise BadResponse(url, f"expected a list object, got object {page.get('object')!r}")
        data = page.get("data")
        if not isinstance(data, list):
            raise BadResponse(url, f"'data' is {_kind(data)}, not a list")
        if not data and not empty_ok:
            raise BadResponse(url, "empty listing ('data' is [])")
        items = []
        for index, item in enumerate(data):
            if isinstance(item, dict):
                items.append(item)
            else:
                self.problems.append(f"{url}: data[{index}] is {_kind(item)}, not an object; "
                                     "skipped")
        return items

    @staticmethod
    def _card_problem(where: str, card: dict[str, Any]) -> str | None:
        """What keeps ``card`` from being loaded (no string id, a name not a string)."""
        if not isinstance(card.get("id"), str) or not card["id"]:
            return f"{where} has no string 'id' (got {_kind(card.get('id'))})"
        if "name" in card and not isinstance(card["name"], str):
            return f"{where} ({card['id']}) has a 'name' that is {_kind(card['name'])}"
        return None

    # ---- bulk -----------------------------------------------------------------------

    def bulk_items(self) -> list[dict[str, Any]]:
        """The ``/bulk-data`` list: one item per bulk file type."""
        url = f"{self.api_base}/bulk-data"
        return self._listing(url, self._get(url))

    def bulk_item(self, bulk_type: str) -> dict[str, Any]:
        url = f"{self.api_base}/bulk-data"
        for item in self.bulk_items():
            if item.get("type") == bulk_type:
                for key in ("jsonl_download_uri", "download_uri", "updated_at"):
                    if item.get(key) is not None and not isinstance(item[key], str):
                        raise BadResponse(url, f"bulk item {bulk_type!r}: {key!r} is "
                                               f"{_kind(item[key])}, not a string")
                return item
        raise ScryfallError(f"{url}: no bulk file of type {bulk_type!r}")

    def download_bulk(self, item: dict[str, Any], dest_dir: Path, *, progress: bool = True) -> Path:
        """Stream the bulk file to ``dest_dir`` (JSON Lines .gz if offered), resuming."""
        url = item.get("jsonl_download_uri") or item.get("download_uri")
        if not url:
            raise ScryfallError(f"bulk item {item.get('type')!r} has no download URI")
        name = Path(urlsplit(url).path).name or f"{item.get('type', 'bulk')}.json"
        if name in (".", "..") or "/" in name or "\\" in name:
            name = f"{item.get('type', 'bulk')}.json"
        return self.http.download(url, Path(dest_dir) / name, progress=progress,
                                  description=f"Scryfall {item.get('type', '')}",
                                  hosts=self.hosts)

    # ---- cards ----------------------------------------------------------------------

    def search(self, query: str, *, unique: str = "cards",
               include_multilingual: bool = False) -> Iterator[dict[str, Any]]:
        """Every card of a search, following ``has_more``/``next_page``.

        A ``next_page`` seen before (a loop) or past :attr:`max_pages` pages is a
        :class:`PaginationError`; one that leaves Scryfall's hosts is refused by the
        client (:class:`~scraper.http.HostNotAllowed`).
        """
        params = {"q": query, "unique": unique}
        if include_multilingual:
            params["include_multilingual"] = "true"
        url: str | None = f"{self.api_base}/cards/search?{urlencode(params)}"
        seen: set[str] = set()
        while url:
            if url in seen:
                raise PaginationError(url, "next_page repeats a page already fetched "
                                           f"(after {len(seen)} pages)")
            if len(seen) >= self.max_pages:
                raise PaginationError(url, f"more than {self.max_pages} search pages")
            seen.add(url)
            try:
                page = self._get(url)
            except ScryfallError:
                if len(seen) > 1:
                    raise
                return  # a search with no results is a 404 at Scryfall
            for index, card in enumerate(self._listing(url, page)):
                problem = self._card_problem(f"data[{index}]", card)
                if problem:
                    self.problems.append(f"{url}: {problem}; skipped")
                else:
                    yield card
            more = page.get("has_more", False)
            if not isinstance(more, bool):
                raise BadResponse(url, f"'has_more' is {_kind(more)}, not true/false")
            if not more:
                return
            nxt = page.get("next_page")
            if not isinstance(nxt, str) or not nxt:
                raise BadResponse(url, f"has_more is true but 'next_page' is {_kind(nxt)}")
            url = nxt

    def named(self, name: str, *, fuzzy: bool = False) -> dict[str, Any]:
        """One card by exact (or fuzzy) name."""
        key = "fuzzy" if fuzzy else "exact"
        url = f"{self.api_base}/cards/named?{urlencode({key: name})}"
        card = self._get(url)
        problem = self._card_problem("the card", card)
        if problem:
            raise BadResponse(url, problem)
        return card

    def rulings(self, card_id: str) -> list[dict[str, Any]]:
        """The rulings of a card (Scryfall card id), each with its ``oracle_id``."""
        url = f"{self.api_base}/cards/{quote(card_id, safe='')}/rulings"
        return self._listing(url, self._get(url), empty_ok=True)

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


def _kind(value: object) -> str:
    """What a JSON value is, for messages: 'a string', 'null', 'an object'..."""
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string",
             list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)
