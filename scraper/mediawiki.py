"""Fetching MTG Wiki pages: the MediaWiki API when it answers, raw + rendered pages if not.

:class:`WikiClient` probes ``{base}api.php`` once. With the API a page is one
``action=parse`` request (text, wikitext, categories, links, revision id), revision ids
of up to 50 pages are checked in one ``prop=info`` request, and categories / all pages
are listed with their ``continue`` tokens; every API call carries ``maxlag=5`` and waits
when the wiki says it is lagging. Without the API (copies of the MTG Wiki never showed
one) a page is ``index.php?title=T&action=raw`` for the wikitext and ``wiki/T`` for the
rendered page, revalidated against the HTTP cache so an unchanged page costs two 304s.

:class:`WikiCrawler` walks from seed titles breadth first, keeping its frontier in the
store (a :class:`CrawlStore`) so an interrupted crawl resumes, never visits a title
twice, refetches a page only when its revision changed, and stops at ``max_pages``.

Answers are checked before use. Every request (and redirect, and "next page" link)
stays on the wiki's own hosts (its base URL's host, the ``www.``/``m.``/``mobile.``
mirrors of it, ``extra_hosts``); an API answer must be a JSON object with the expected
members and types, else :class:`~scraper.http.BadResponse` names the URL; a listing
whose ``continue`` value does not change or comes back, or that runs past
:data:`MAX_LIST_PAGES` requests, is a :class:`~scraper.http.PaginationError`; a listing
item without a string ``title`` is skipped and reported in :attr:`WikiClient.problems`;
a listing with no article at all is an error. The crawler records a page (or listing)
that fails this way as failed and goes on with the next.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import quote, urlencode, urljoin, urlsplit

import lxml.etree
import lxml.html

from scraper.hosts import HostPolicy
from scraper.http import (
    BadResponse,
    HostNotAllowed,
    HttpError,
    HttpStatusError,
    PaginationError,
    PoliteClient,
    RobotsDisallowed,
    parse_retry_after,
)
from scraper.names import NameSplitter
from scraper.parse_worker import PARSE_BUDGET, BoundedParser
from scraper.titles import MIRROR_PREFIXES, clean_title, is_article, page_url, title_from_url
from scraper.wikiparse import ParsedPage, parse_page, revision_from_html

ALLPAGES_TITLES = ("特別:ページ一覧", "Special:AllPages")
NEXT_PAGE = re.compile(r"次のページ|次の\d+件|Next page|next \d+", re.IGNORECASE)
_UTF8 = lxml.html.HTMLParser(encoding="utf-8")  # the text is decoded already
REDIRECT_LINE = re.compile(r"^\s*#(?:REDIRECT|転送)\s*\[\[([^\]|#]+)", re.IGNORECASE)
API_BATCH = 50
#: a listing (API list query, or rendered listing pages) longer than this is an error;
#: at 500 titles a request that is 5 million titles, far beyond any wiki mtgkit reads
MAX_LIST_PAGES = 10_000


class WikiError(Exception):
    """A wiki-level failure (as opposed to a transport one), naming the page."""


class PageMissing(WikiError):
    """The wiki has no page of that title."""


class ApiError(WikiError):
    """The MediaWiki API answered with an error object."""


class PageParseError(WikiError):
    """A fetched page the parsers could not read: names the page, its URL and the cause."""

    def __init__(self, title: str, url: str | None, cause: BaseException) -> None:
        where = f" ({url})" if url else ""
        super().__init__(f"{title}{where}: cannot parse the page: "
                         f"{type(cause).__name__}: {cause}")
        self.title = title
        self.cause = cause


@dataclass
class FetchedPage:
    """A page as fetched, before parsing."""

    title: str
    requested: str
    revision_id: int | None
    wikitext: str | None
    html: str | None
    url: str
    source: str
    categories: list[str] | None = None
    links: list[tuple[str, bool]] | None = None  # (target, exists) from the API
    redirected_from: list[str] = field(default_factory=list)
    not_modified: bool = False


class WikiClient:
    """One wiki, reached through a :class:`PoliteClient` (module docstring)."""

    def __init__(
        self,
        http: PoliteClient,
        base_url: str = "http://mtgwiki.com/",
        *,
        use_api: bool | None = None,
        maxlag: int = 5,
        maxlag_retries: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        extra_hosts: list[str] | tuple[str, ...] = (),
        max_list_pages: int = MAX_LIST_PAGES,
    ) -> None:
        self.http = http
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.api_url = self.base_url + "api.php"
        self._use_api = use_api
        self.maxlag = maxlag
        self.maxlag_retries = maxlag_retries
        self._sleep = sleep
        self.hosts = HostPolicy.for_base(self.base_url,
                                         [*mirror_hosts(self.base_url), *extra_hosts])
        self.max_list_pages = max_list_pages
        #: listing items skipped as unreadable (each names its URL); the crawler reports them
        self.problems: list[str] = []

    def _get(self, url: str, **kwargs: object):
        """A GET that stays on this wiki's hosts."""
        return self.http.get(url, hosts=self.hosts, **kwargs)  # type: ignore[arg-type]

    # ---- API ----------------------------------------------------------------------

    @property
    def has_api(self) -> bool:
        """Whether ``api.php`` answers with JSON (probed once)."""
        if self._use_api is None:
            try:
                data = self._api({"action": "query", "meta": "siteinfo"})
                self._use_api = isinstance(data, dict) and "query" in data
            except (HttpError, WikiError, ValueError):
                self._use_api = False
        return self._use_api

    def _api(self, params: dict[str, str]) -> dict:
        url = self._api_url(params)
        for _ in range(self.maxlag_retries):
            resp = self._get(url, use_cache=False)
            data = resp.json_value()
            if not isinstance(data, dict):
                raise BadResponse(url, f"expected a JSON object, got {_kind(data)}")
            error = data.get("error")
            if error is not None and not isinstance(error, dict):
                raise BadResponse(url, f"'error' is {_kind(error)}, not an object")
            if error and error.get("code") == "maxlag":
                wait = parse_retry_after(resp.headers.get("Retry-After"))
                wait = float(self.maxlag) if wait is None else wait
                self._sleep(min(wait, self.http.config.max_retry_after))
                continue
            if error:
                code = str(error.get("code", "?"))
                if code in ("missingtitle", "invalidtitle"):
                    raise PageMissing(f"{params.get('page') or params}: {code}")
                raise ApiError(f"{url}: API error {code}: {error.get('info', '')}")
            return data
        raise ApiError(f"{url}: the wiki stayed lagged (maxlag={self.maxlag})")

    def fetch(self, title: str, *, stored: Callable[[str], bool] | None = None) -> FetchedPage:
        """Fetch one page by canonical title, following redirects.

        ``stored(title)`` says whether the caller already holds a page: without the API
        an unchanged raw wikitext (a 304) of a held page is taken to mean an unchanged
        revision, and its rendered page is not asked for.
        """
        if self.has_api:
            return self._fetch_api(title)
        return self._fetch_plain(title, stored=stored)

    def _fetch_api(self, title: str) -> FetchedPage:
        params = {"action": "parse", "page": title, "redirects": "1",
                  "prop": "text|wikitext|categories|links|revid"}
        url = self._api_url(params)
        data = _member(url, self._api(params), "parse", dict)
        final_raw = data.get("title", title)
        if not isinstance(final_raw, str) or not final_raw.strip():
            raise BadResponse(url, f"parse.title is {_kind(final_raw)}, not a page title")
        final = clean_title(final_raw)[0]
        revid = data.get("revid")
        if revid is not None and (not isinstance(revid, int) or isinstance(revid, bool)):
            raise BadResponse(url, f"parse.revid is {_kind(revid)}, not a number")
        redirects = []
        for item in _member(url, data, "redirects", list, default=[], where="parse"):
            source = item.get("from") if isinstance(item, dict) else None
            if not isinstance(source, str):
                raise BadResponse(url, "parse.redirects has an item without a string 'from'")
            redirects.append(clean_title(source)[0])
        if final != title and title not in redirects:
            redirects.append(title)
        categories = []
        for c in _member(url, data, "categories", list, default=[], where="parse"):
            name = (c.get("category") or c.get("*", "")) if isinstance(c, dict) else c
            if not isinstance(name, str):
                raise BadResponse(url, f"parse.categories has {_kind(name)} for a name")
            categories.append(clean_title(name)[0])
        links = []
        for lk in _member(url, data, "links", list, default=[], where="parse"):
            if not isinstance(lk, dict):
                raise BadResponse(url, f"parse.links has {_kind(lk)}, not an object")
            if lk.get("ns", 0) != 0:
                continue
            target = lk.get("title") or lk.get("*", "")
            if not isinstance(target, str):
                raise BadResponse(url, f"parse.links has a title that is {_kind(target)}")
            links.append((clean_title(target)[0], _exists(lk)))
        wikitext, html = _text(data.get("wikitext")), _text(data.get("text"))
        if wikitext is None and html is None:
            raise BadResponse(url, "parse has neither 'wikitext' nor 'text' as a string")
        return FetchedPage(
            title=final, requested=title, revision_id=revid, wikitext=wikitext, html=html,
            url=page_url(self.base_url, final), source="api", categories=categories,
            links=links, redirected_from=redirects,
        )

    def _api_url(self, params: dict[str, str]) -> str:
        """The URL :meth:`_api` requests for ``params`` (for messages)."""
        full = {**params, "format": "json", "formatversion": "2", "maxlag": str(self.maxlag)}
        return self.api_url + "?" + urlencode(full)

    def revisions(self, titles: list[str]) -> dict[str, tuple[str, int | None]]:
        """title -> (title after normalisation and redirects, latest revision or None)."""
        out: dict[str, tuple[str, int | None]] = {}
        for start in range(0, len(titles), API_BATCH):
            batch = titles[start:start + API_BATCH]
            params = {"action": "query", "prop": "info", "redirects": "1",
                      "titles": "|".join(batch)}
            url = self._api_url(params)
            data = _member(url, self._api(params), "query", dict)
            moved = _pairs(url, _member(url, data, "normalized", list, default=[],
                                        where="query"), "normalized")
            redirects = _pairs(url, _member(url, data, "redirects", list, default=[],
                                            where="query"), "redirects")
            listed = data.get("pages", [])
            if isinstance(listed, dict):  # formatversion=1 (MediaWiki before 1.25)
                listed = list(listed.values())
            if not isinstance(listed, list):
                raise BadResponse(url, f"query.pages is {_kind(listed)}, not a list")
            pages: dict[str, int | None] = {}
            for p in listed:
                if not isinstance(p, dict) or not isinstance(p.get("title"), str):
                    raise BadResponse(url, "query.pages has an item without a string 'title'")
                revid = p.get("lastrevid")
                if revid is not None and (not isinstance(revid, int) or isinstance(revid, bool)):
                    raise BadResponse(url, f"query.pages[{p['title']!r}].lastrevid is "
                                           f"{_kind(revid)}, not a number")
                pages[p["title"]] = None if "missing" in p or "invalid" in p else revid
            for title in batch:
                final = moved.get(title, title)
                seen = {final}
                while final in redirects and redirects[final] not in seen:
                    final = redirects[final]
                    seen.add(final)
                out[title] = (final, pages.get(final))
        return out

    def _list(self, params: dict[str, str], key: str) -> Iterator[str]:
        """A list query, page after page (``continue``, or the older ``query-continue``).

        A ``continue`` that is not an object of strings, that does not change, or that
        comes back after another, or more than :attr:`max_list_pages` requests, is a
        :class:`PaginationError`: followed, each would loop for ever.
        """
        cont: dict[str, str] = {"continue": ""}
        seen: set[tuple[tuple[str, str], ...]] = set()
        requests = 0
        while True:
            url = self._api_url({**params, **cont})
            requests += 1
            if requests > self.max_list_pages:
                raise PaginationError(url, f"more than {self.max_list_pages} listing requests")
            data = self._api({**params, **cont})
            query = _member(url, data, "query", dict, default={})
            items = _member(url, query, key, list, default=[], where="query")
            for index, item in enumerate(items):
                title = item.get("title") if isinstance(item, dict) else None
                if not isinstance(title, str) or not title.strip():
                    self.problems.append(f"{url}: query.{key}[{index}] has no string 'title' "
                                         f"(got {_kind(title)}); skipped")
                    continue
                yield clean_title(title)[0]
            if "continue" in data:
                raw = data["continue"]
            elif "query-continue" in data:
                parts = data["query-continue"]
                if not isinstance(parts, dict) or not all(isinstance(v, dict)
                                                          for v in parts.values()):
                    raise BadResponse(url, "'query-continue' is not an object of objects")
                raw = {k: v for part in parts.values() for k, v in part.items()}
            else:
                return
            if not isinstance(raw, dict) or not raw or not all(
                    isinstance(v, (str, int)) and not isinstance(v, bool) for v in raw.values()):
                raise BadResponse(url, f"'continue' is {_kind(raw)}, not an object of strings")
            nxt = {str(k): str(v) for k, v in raw.items()}
            token = tuple(sorted(nxt.items()))
            if nxt == cont:
                raise PaginationError(url, f"'continue' did not change ({nxt})")
            if token in seen:
                raise PaginationError(url, f"'continue' {nxt} came back: the listing loops")
            seen.add(token)
            cont = nxt

    def _counted(self, titles: Iterator[str], url: str, what: str) -> Iterator[str]:
        """``titles``, with an error at the end if there were none: an empty listing."""
        count = 0
        for title in titles:
            count += 1
            yield title
        if count == 0:
            raise BadResponse(url, f"empty listing: {what} lists no article")

    def category_members(self, category: str) -> Iterator[str]:
        """Articles in a category (``list=categorymembers`` with ``cmcontinue``)."""
        name = category.split(":", 1)[1] if category.split(":", 1)[0] in (
            "カテゴリ", "Category") else category
        if self.has_api:
            params = {"action": "query", "list": "categorymembers",
                      "cmtitle": f"Category:{name}", "cmnamespace": "0", "cmlimit": "500"}
            yield from self._counted(self._list(params, "categorymembers"),
                                     self._api_url(params), f"category {name}")
            return
        urls = [page_url(self.base_url, f"カテゴリ:{name}"),
                self.base_url + "index.php?" + urlencode({"title": f"カテゴリ:{name}"})]
        yield from self._counted(self._rendered_listing(urls, "category", f"カテゴリ:{name}"),
                                 urls[0], f"category {name}")

    def all_pages(self) -> Iterator[str]:
        """Every article: ``list=allpages`` with ``apcontinue``, or without the API the
        rendered ``特別:ページ一覧`` (Special:AllPages) and its "next page" links."""
        if self.has_api:
            params = {"action": "query", "list": "allpages", "apnamespace": "0",
                      "aplimit": "500"}
            yield from self._counted(self._list(params, "allpages"), self._api_url(params),
                                     "the wiki's page list")
            return
        urls = []
        for special in ALLPAGES_TITLES:  # robots.txt often shuts /wiki/特別: but not index.php
            query = {"title": special, "namespace": "0", "hideredirects": "1"}
            urls.append(self.base_url + "index.php?" + urlencode(query))
            urls.append(self.base_url + "wiki/" + quote(special) + "?" +
                        urlencode({"namespace": "0", "hideredirects": "1"}))
        yield from self._counted(self._rendered_listing(urls, "allpages", "特別:ページ一覧"),
                                 urls[0], "the wiki's page list (特別:ページ一覧)")

    def _rendered_listing(self, urls: list[str], kind: str, what: str) -> Iterator[str]:
        """Titles of a rendered listing page (the first of ``urls`` that answers), then of
        every page its "next page" links lead to (``from=`` / ``pagefrom=``)."""
        errors: list[str] = []
        resp = None
        for url in urls:
            try:
                resp = self._get(url, use_cache=False)
                break
            except RobotsDisallowed as exc:
                errors.append(str(exc))
            except HttpStatusError as exc:
                if exc.status not in (403, 404, 410):
                    raise
                errors.append(str(exc))
        if resp is None:
            raise WikiError(f"{what}: the wiki has no API and its listing page did not "
                            f"answer ({'; '.join(errors)})")
        seen_pages = {resp.final_url}
        queue = [resp]
        seen_titles: set[str] = set()
        while queue:
            page = queue.pop(0)
            try:
                titles, more = parse_listing(page.text, page.final_url, self.base_url, kind)
            except ValueError as exc:
                raise WikiError(f"{what}: unreadable listing page {page.final_url}: {exc}") \
                    from exc
            for title in titles:
                if title not in seen_titles:
                    seen_titles.add(title)
                    yield title
            for url in more:
                if url in seen_pages:
                    continue  # a "next page" pointing back: the listing is done
                if len(seen_pages) >= self.max_list_pages:
                    raise PaginationError(url, f"more than {self.max_list_pages} listing pages")
                seen_pages.add(url)
                try:
                    queue.append(self._get(url, use_cache=False))
                except (BadResponse, HostNotAllowed, HttpStatusError, RobotsDisallowed) as exc:
                    self.problems.append(f"{what}: listing page skipped: {exc}")

    # ---- without the API -------------------------------------------------------------

    def _fetch_plain(
        self, title: str, *, stored: Callable[[str], bool] | None = None
    ) -> FetchedPage:
        """``action=raw`` for the wikitext (redirects followed by hand), then the rendered page.

        A wiki that refuses ``action=raw`` (404/403) still has its rendered page; only
        when that is missing too is the page missing.
        """
        redirected: list[str] = []
        current = title
        raw = None
        for _ in range(6):
            raw_url = (self.base_url + "index.php?" +
                       urlencode({"title": current.replace(" ", "_"), "action": "raw"}))
            try:
                raw = self._get(raw_url)
            except RobotsDisallowed:
                raw = None  # many wikis' robots.txt shut index.php: the rendered page will do
                break
            except HttpStatusError as exc:
                if exc.status not in (403, 404, 410):
                    raise
                raw = None
                break
            target = REDIRECT_LINE.match(raw.text)
            if not target:
                break
            redirected.append(current)
            current = clean_title(target.group(1))[0]
            if current in redirected:
                raise WikiError(f"{title}: redirect loop {' -> '.join([*redirected, current])}")
        else:
            raise WikiError(f"{title}: too many redirects")
        if stored and raw is not None and raw.from_cache and stored(current):
            return FetchedPage(
                title=current, requested=title, revision_id=None, wikitext=raw.text,
                html=None, url=page_url(self.base_url, current), source="raw",
                redirected_from=redirected, not_modified=True,
            )
        rendered = None
        for url in (self.base_url + "wiki/" + quote(current.replace(" ", "_"), safe="/:'(),"),
                    self.base_url + "index.php?" + urlencode({"title": current.replace(" ", "_")})):
            try:
                rendered = self._get(url)
                break
            except RobotsDisallowed:
                continue
            except HttpStatusError as exc:
                if exc.status not in (403, 404, 410):
                    raise
        if rendered is None and raw is None:
            raise PageMissing(f"{current}: no such page at {self.base_url}")
        html = rendered.text if rendered is not None else None
        return FetchedPage(
            title=current, requested=title,
            revision_id=revision_from_html(html) if html else None,
            wikitext=raw.text if raw is not None else None, html=html,
            url=page_url(self.base_url, current),
            source="+".join(x for x, r in (("raw", raw), ("rendered", rendered)) if r is not None),
            redirected_from=redirected,
            not_modified=all(r is None or r.from_cache for r in (raw, rendered)),
        )


def parse_listing(html: str, page_url_: str, base_url: str,
                  kind: str) -> tuple[list[str], list[str]]:
    """A rendered listing page -> (article titles, URLs of the listing's further pages).

    ``kind`` is ``"allpages"`` (Special:AllPages: ``ul.mw-allpages-chunk``, the older
    ``table.mw-allpages-table-chunk``, and the oldest range index ``table.allpageslist``
    whose ``from=…&to=…`` links are further pages) or ``"category"`` (``#mw-pages``).
    Redirects (``allpagesredirect``, ``mw-redirect``) are left out: their targets are
    listed themselves. Further pages are the "next page" links (次のページ / Next page).
    """
    try:
        doc = lxml.html.document_fromstring(html.encode("utf-8", errors="replace"),
                                            parser=_UTF8)
    except (lxml.etree.ParserError, ValueError):  # nothing but blanks or comments
        return [], []
    if kind == "category":
        containers = doc.xpath('//*[@id="mw-pages"]')
    else:
        containers = doc.xpath(
            '//*[contains(concat(" ", normalize-space(@class), " "), " mw-allpages-chunk ")'
            ' or contains(concat(" ", normalize-space(@class), " "), " mw-allpages-table-chunk ")'
            ' or contains(concat(" ", normalize-space(@class), " "), " allpageslist ")]'
        )
        if not containers:
            containers = doc.xpath('//*[@id="mw-content-text"]') or doc.xpath("//body")
    titles: list[str] = []
    more: list[str] = []
    for container in containers:
        for a in container.iter("a"):
            href = a.get("href")
            if not href:
                continue
            try:
                url = urljoin(page_url_, href)
            except ValueError:
                continue  # not a URL at all
            if "allpageslist" in (container.get("class") or "") and "from=" in href:
                more.append(url)  # a range of the oldest index page
                continue
            classes = (a.get("class") or "").split()
            holder = a.getparent()
            holder_classes = (holder.get("class") or "").split() if holder is not None else []
            if "mw-redirect" in classes or "allpagesredirect" in holder_classes \
                    or "new" in classes:
                continue
            if any("nav" in (p.get("class") or "") for p in a.iterancestors()):
                continue
            title = title_from_url(url, base_url)
            if title and is_article(title) and title not in titles:
                titles.append(title)
    for a in doc.iter("a"):
        href = a.get("href") or ""
        if NEXT_PAGE.search(a.text_content() or "") and "from=" in href:
            try:
                url = urljoin(page_url_, href)
            except ValueError:
                continue
            if url not in more:
                more.append(url)
    return titles, more


def mirror_hosts(base_url: str) -> list[str]:
    """The ``www.``/``m.``/``mobile.`` twins of the base URL's host (titles.py: the MTG
    Wiki answers on all of them), with its port; none for an IP address."""
    try:
        parts = urlsplit(base_url)
        host = (parts.hostname or "").lower()
        explicit_port = parts.port
    except ValueError:  # not a URL: HostPolicy.for_base says so
        return []
    if not host or host.replace(".", "").isdigit() or ":" in host:
        return []
    bare = host
    for prefix in MIRROR_PREFIXES:
        if host.startswith(prefix):
            bare = host[len(prefix):]
            break
    port = f":{explicit_port}" if explicit_port else ""
    return [h + port for h in [bare, *(p + bare for p in MIRROR_PREFIXES)] if h != host]


def _kind(value: object) -> str:
    """What a JSON value is, for messages."""
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string",
             list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


_MISSING = object()


def _member(url: str, obj: dict, key: str, kind: type, *, default: object = _MISSING,
            where: str = "") -> Any:
    """``obj[key]`` if it is a ``kind``; the default if absent; else BadResponse."""
    value = obj.get(key, _MISSING)
    name = f"{where}.{key}" if where else key
    if value is _MISSING or value is None:
        if default is _MISSING:
            raise BadResponse(url, f"the answer has no {name!r}")
        return default
    if not isinstance(value, kind):
        raise BadResponse(url, f"{name!r} is {_kind(value)}, not {_kind(kind())}")
    return value


def _pairs(url: str, items: list, what: str) -> dict[str, str]:
    """``[{"from": a, "to": b}, ...]`` -> {a: b}, every item checked."""
    out = {}
    for item in items:
        if not (isinstance(item, dict) and isinstance(item.get("from"), str)
                and isinstance(item.get("to"), str)):
            raise BadResponse(url, f"query.{what} has an item without string 'from'/'to'")
        out[item["from"]] = item["to"]
    return out


def _exists(link: dict) -> bool:
    """formatversion=2 says ``"exists": true/false``; version 1 has the key only if it exists."""
    value = link.get("exists")
    return value if isinstance(value, bool) else "exists" in link


def _text(value: object) -> str | None:
    """formatversion=2 gives strings; formatversion=1 gives {"*": ...}."""
    if isinstance(value, dict):
        value = value.get("*")
    return value if isinstance(value, str) else None


# ---------------------------------------------------------------------------- crawl


class CrawlStore(Protocol):
    """What the crawler needs of the database (db/wiki.py implements it)."""

    def start_crawl(self, base_url: str, signature: str) -> tuple[int, bool]: ...
    def finish_crawl(self, crawl_id: int) -> None: ...
    def add_to_frontier(self, crawl_id: int, items: list[tuple[str, int]]) -> int: ...
    def pending(self, crawl_id: int, limit: int) -> list[tuple[str, int]]: ...
    def mark(self, crawl_id: int, title: str, status: str, error: str | None = None) -> None: ...
    def status_of(self, crawl_id: int, title: str) -> str | None: ...
    def frontier_counts(self, crawl_id: int) -> dict[str, int]: ...
    def stored_revision(self, title: str) -> int | None: ...
    def stored_links(self, title: str) -> list[tuple[str, bool]]: ...
    def record_redirect(self, source: str, target: str) -> None: ...
    def save_page(self, page: ParsedPage, *, base_url: str | None = None,
                  source: str | None = None, crawl_id: int | None = None) -> None: ...


@dataclass
class CrawlReport:
    """What one run of the crawler did."""

    crawl_id: int = 0
    resumed: bool = False
    fetched: int = 0
    unchanged: int = 0
    missing: int = 0
    failed: int = 0
    redirects: int = 0
    finished: bool = False
    errors: list[str] = field(default_factory=list)

    @property
    def visited(self) -> int:
        return self.fetched + self.unchanged + self.missing + self.failed


VISITED = frozenset({"done", "unchanged", "missing", "failed"})


def seed_title(value: str) -> str | None:
    """A seed given as a title or as any URL form of a wiki page -> canonical title."""
    if re.match(r"^https?://", value):
        return title_from_url(value)
    return clean_title(value)[0] or None


class WikiCrawler:
    """Breadth-first crawl from seeds, persisted in a :class:`CrawlStore`."""

    def __init__(
        self,
        client: WikiClient,
        store: CrawlStore,
        *,
        splitter: NameSplitter | None = None,
        follow_depth: int = 0,
        max_pages: int | None = None,
        progress: bool = True,
        parse_budget: float | None = PARSE_BUDGET,
    ) -> None:
        self.client = client
        self.store = store
        self.splitter = splitter or NameSplitter()
        self.follow_depth = follow_depth
        self.max_pages = max_pages
        self.progress = progress and sys.stderr.isatty()
        #: seconds a page may take to parse (in a worker process); None parses in-process
        self.parse_budget = parse_budget
        self._parser: BoundedParser | None = None

    def signature(self, titles: list[str], categories: list[str], all_pages: bool) -> str:
        return json.dumps({"titles": titles, "categories": categories, "all": all_pages,
                           "depth": self.follow_depth}, ensure_ascii=False, sort_keys=True)

    def crawl(
        self, titles: list[str], categories: list[str] | None = None, all_pages: bool = False
    ) -> CrawlReport:
        """Run (or resume) the crawl these seeds define; see the module docstring."""
        categories = categories or []
        seeds = list(dict.fromkeys(t for t in (seed_title(x) for x in titles) if t))
        crawl_id, resumed = self.store.start_crawl(
            self.client.base_url, self.signature(seeds, categories, all_pages)
        )
        report = CrawlReport(crawl_id=crawl_id, resumed=resumed)
        if self.parse_budget is not None:
            self._parser = BoundedParser(self.splitter, self.parse_budget)
        try:
            self._crawl(crawl_id, resumed, seeds, categories, all_pages, report)
        finally:
            if self._parser is not None:
                self._parser.close()
                self._parser = None
        return report

    def _crawl(self, crawl_id: int, resumed: bool, seeds: list[str], categories: list[str],
               all_pages: bool, report: CrawlReport) -> None:
        # seeds go in once their listings are complete: a run stopped while listing
        # (Ctrl-C, the wiki failing) left an empty frontier, so the next run lists again
        with _CrawlProgress(self.progress, self.max_pages) as bar:
            if not resumed or not self.store.frontier_counts(crawl_id):
                start = list(seeds)
                listings = [self.client.category_members(c) for c in categories]
                if all_pages:
                    listings.append(self.client.all_pages())
                for listing in listings:
                    before = len(start)
                    try:
                        for title in listing:
                            start.append(title)
                            bar.listing(len(start))
                    except (BadResponse, HostNotAllowed) as exc:
                        # an answer that would be as odd on the next run: report the
                        # listing as failed, keep what it gave, go on with the rest
                        report.failed += 1
                        report.errors.append(f"listing failed after {len(start) - before} "
                                             f"titles: {exc}")
                    self._drain_problems(report)
                self.store.add_to_frontier(crawl_id, [(t, 0) for t in start if is_article(t)])
            while True:
                room = None if self.max_pages is None else self.max_pages - report.visited
                if room is not None and room <= 0:
                    break
                batch = self.store.pending(crawl_id, min(API_BATCH, room or API_BATCH))
                if not batch:
                    self.store.finish_crawl(crawl_id)
                    report.finished = True
                    break
                revisions: dict[str, tuple[str, int | None]] = {}
                if self.client.has_api:
                    try:
                        revisions = self.client.revisions([t for t, _ in batch])
                    except (HttpError, WikiError) as exc:
                        report.errors.append(str(exc))  # fetch each page instead
                for title, depth in batch:
                    self._visit(crawl_id, title, depth, revisions.get(title), report)
                    self._drain_problems(report)
                    if bar.enabled:
                        bar.update(report, self.store.frontier_counts(crawl_id).get("pending", 0))

    def _drain_problems(self, report: CrawlReport) -> None:
        """Items the client skipped (a listing entry without a title...) count as failed."""
        problems = getattr(self.client, "problems", None)
        if problems:
            report.failed += len(problems)
            report.errors.extend(problems)
            problems.clear()

    def _expand(self, crawl_id: int, targets: list[tuple[str, bool]], depth: int) -> None:
        if depth >= self.follow_depth:
            return
        nxt = [(t, depth + 1) for t, exists in targets if exists and is_article(t)]
        self.store.add_to_frontier(crawl_id, nxt)

    def _visit(self, crawl_id: int, title: str, depth: int,
               revision: tuple[str, int | None] | None, report: CrawlReport) -> None:
        store = self.store
        if store.status_of(crawl_id, title) in VISITED:
            return  # reached already through a redirect earlier in this batch
        if revision is not None:
            final, revid = revision
            if final != title:
                store.record_redirect(title, final)
                store.mark(crawl_id, title, "redirect")
                report.redirects += 1
                if store.status_of(crawl_id, final) in VISITED:
                    return
                title = final
            if revid is None:
                store.mark(crawl_id, title, "missing")
                report.missing += 1
                return
            if store.stored_revision(title) == revid:
                store.mark(crawl_id, title, "unchanged")
                report.unchanged += 1
                self._expand(crawl_id, store.stored_links(title), depth)
                return
        try:
            fetched = self.client.fetch(
                title, stored=lambda t: store.stored_revision(t) is not None
            )
        except PageMissing as exc:
            store.mark(crawl_id, title, "missing", str(exc))
            report.missing += 1
            return
        except Exception as exc:  # transport, or an answer of an unexpected shape
            message = str(exc) if title in str(exc) else \
                f"{title}: cannot fetch the page: {type(exc).__name__}: {exc}"
            store.mark(crawl_id, title, "failed", message)
            report.failed += 1
            report.errors.append(message)
            return
        if fetched.title != title:
            store.record_redirect(title, fetched.title)
            store.mark(crawl_id, title, "redirect")
            report.redirects += 1
            if store.status_of(crawl_id, fetched.title) in VISITED:
                return
        stored = store.stored_revision(fetched.title)
        if fetched.not_modified or (
            fetched.revision_id is not None and stored == fetched.revision_id
        ):
            if stored is not None:
                store.mark(crawl_id, fetched.title, "unchanged")
                report.unchanged += 1
                self._expand(crawl_id, store.stored_links(fetched.title), depth)
                return
        try:
            sources = dict(
                wikitext=fetched.wikitext, html=fetched.html, url=fetched.url,
                revision_id=fetched.revision_id, fetched_at=datetime.now(UTC),
                categories=fetched.categories, redirected_from=fetched.redirected_from,
            )
            if self._parser is not None:
                page = self._parser.parse(fetched.title, **sources)
            else:
                page = parse_page(fetched.title, splitter=self.splitter, **sources)
        except Exception as exc:  # any parser failure on one page must not end the crawl
            error = PageParseError(fetched.title, fetched.url, exc)
            store.mark(crawl_id, fetched.title, "failed", str(error))
            report.failed += 1
            report.errors.append(str(error))
            return
        if fetched.links is not None:
            existing = {t for t, exists in fetched.links if exists}
            for link in page.links:
                link.exists = link.target in existing
        try:
            store.save_page(page, base_url=self.client.base_url, source=fetched.source,
                            crawl_id=crawl_id)
        except Exception as exc:  # the store is failing: stop, naming the page (rows kept)
            raise WikiError(f"{fetched.title}: could not store the page "
                            f"({type(exc).__name__}: {exc})") from exc
        report.fetched += 1
        self._expand(crawl_id, [(lk.target, lk.exists) for lk in page.links], depth)


class _CrawlProgress:
    """A rich progress bar for long crawls (only on a terminal).

    The total is what this run has done plus what is queued, so the bar grows as links
    are found; ``max_pages`` caps it.
    """

    def __init__(self, enabled: bool, max_pages: int | None = None) -> None:
        self.enabled = enabled
        self.max_pages = max_pages
        self._progress = None
        self._task = None

    def __enter__(self) -> _CrawlProgress:
        if self.enabled:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                      MofNCompleteColumn(), TimeElapsedColumn(), transient=True)
            self._progress.start()
            self._task = self._progress.add_task("wiki", total=None)
        return self

    def listing(self, found: int) -> None:
        """While seeds are listed (categories, all pages): how many so far."""
        if self._progress is not None and found % 50 in (0, 1):
            self._progress.update(self._task, description=f"wiki: listing pages ({found})")

    def update(self, report: CrawlReport, pending: int) -> None:
        if self._progress is not None:
            total = report.visited + pending
            if self.max_pages is not None:
                total = min(total, self.max_pages)
            self._progress.update(
                self._task, completed=report.visited, total=total,
                description=f"wiki: {report.fetched} fetched, {report.unchanged} unchanged, "
                            f"{report.failed} failed",
            )

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()
