"""One polite HTTP client for every scraper in mtgkit.

Both the MTG Wiki and Scryfall ask the same of a client: say who you are, fetch one
thing at a time with a pause between requests, back off when the server is busy, and
do not download what you already have. This module does all of that in one place so
that the scrapers only decide *what* to fetch:

* a descriptive ``User-Agent`` with a contact address (configurable);
* ``robots.txt`` is read once per host and honoured (RFC 9309: a 4xx robots file
  allows everything, a 5xx or unreachable one disallows everything);
* one request at a time per host, with a minimum delay per host and per path prefix;
* retries with exponential backoff on 429/5xx, timeouts and reset connections,
  honouring ``Retry-After`` (seconds or an HTTP date);
* connect and read timeouts, and an overall *deadline* per request (connect, headers
  and the whole body): the read timeout alone is per socket read, so a server that
  trickles one byte a second would hold a request for hours. A watchdog thread shuts the
  socket at the deadline and the body loop checks the clock, ending in
  :class:`DeadlineExceeded` (not retried: such a server is slow again next time);
* a maximum (decoded) response size, gzip decoded here so that a truncated gzip body is
  detected rather than silently cut short;
* redirects followed by hand, so each hop is checked against robots.txt and the
  source's :class:`~scraper.hosts.HostPolicy` (its own hosts, no private network),
  recorded, and a loop ends in :class:`RedirectLoop`;
* :meth:`Response.json_value` turns HTML, an empty or truncated body where JSON was
  expected into :class:`BadResponse` naming the URL;
* a response cache keyed by URL, with ``ETag``/``Last-Modified`` revalidation. The
  cache is an interface (:class:`CacheStore`): this package knows no SQL.
"""

from __future__ import annotations

import email.utils
import gzip
import json
import os
import socket
import threading
import time
import urllib.robotparser
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol
from urllib.parse import urljoin, urlsplit

import requests
import urllib3.connection
import urllib3.connectionpool
from requests.adapters import HTTPAdapter

from scraper.hosts import HostPolicy, HostRefused

#: sent in the User-Agent so a wiki admin can reach whoever runs the scraper;
#: set $MTGKIT_CONTACT (or --contact) to your own address
DEFAULT_CONTACT = os.environ.get("MTGKIT_CONTACT", "mtgkit-maintainers@example.org")


# --------------------------------------------------------------------------- errors


class HttpError(Exception):
    """Base class for every fetch failure this client reports (each names the URL)."""

    def __init__(self, url: str, message: str) -> None:
        super().__init__(f"{url}: {message}")
        self.url = url


class RobotsDisallowed(HttpError):
    """robots.txt of the host forbids this path for our user agent."""


class HostUnreachable(HttpError):
    """The host's robots.txt could not be read (network failure or 5xx): RFC 9309 2.3.1.4
    says to fetch nothing there, and this is a failure to report, not a missing page."""


class ResponseTooLarge(HttpError):
    """The body (after decoding) is bigger than the configured maximum."""


class RedirectLoop(HttpError):
    """A redirect chain came back to a URL it had already visited, or ran too long."""


class TruncatedBody(HttpError):
    """The body ended early: a cut connection or a gzip stream without its end."""


class RetriesExhausted(HttpError):
    """Every attempt failed with a retryable error; ``last`` says what the last one was."""

    def __init__(self, url: str, attempts: int, last: str) -> None:
        super().__init__(url, f"gave up after {attempts} attempts (last: {last})")
        self.attempts = attempts
        self.last = last


class DeadlineExceeded(HttpError):
    """The request (connect, headers and body) took longer than the overall deadline."""


class HostNotAllowed(HttpError):
    """A redirect or a link sent the client outside the source's hosts (scraper.hosts)."""


class BadResponse(HttpError):
    """An answer of the wrong shape: HTML where JSON was expected, an empty or truncated
    JSON body, wrong JSON types, an empty listing, an item without its ``id``/``title``."""


class PaginationError(BadResponse):
    """A listing that would not end: a next-page URL or ``continue`` value seen before,
    a ``continue`` that does not change, or more pages than the cap."""


class HttpStatusError(HttpError):
    """A final, non-retryable HTTP status (404, 403, ...)."""

    def __init__(self, url: str, status: int, body: bytes = b"") -> None:
        super().__init__(url, f"HTTP {status}")
        self.status = status
        self.body = body


# --------------------------------------------------------------------------- records


@dataclass
class CachedResponse:
    """What the cache keeps of one URL: enough to revalidate it and to answer from it."""

    url: str
    status: int
    body: bytes
    content_type: str | None = None
    etag: str | None = None
    last_modified: str | None = None
    fetched_at: datetime | None = None


class CacheStore(Protocol):
    """Where responses are kept between runs (db/http_cache.py implements it on DuckDB)."""

    def get(self, url: str) -> CachedResponse | None: ...

    def put(self, entry: CachedResponse) -> None: ...


class MemoryCache:
    """A dict-backed :class:`CacheStore`, for tests and one-off runs."""

    def __init__(self) -> None:
        self.entries: dict[str, CachedResponse] = {}

    def get(self, url: str) -> CachedResponse | None:
        return self.entries.get(url)

    def put(self, entry: CachedResponse) -> None:
        self.entries[entry.url] = entry


@dataclass
class Response:
    """A finished GET: the final URL after redirects, the decoded body, and where it came from."""

    url: str
    final_url: str
    status: int
    headers: Mapping[str, str]
    content: bytes
    from_cache: bool = False
    redirects: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self) -> object:
        """The body as JSON; anything else is :class:`BadResponse` (see json_value)."""
        return self.json_value()

    def json_value(self) -> object:
        """The body parsed as JSON, or :class:`BadResponse` naming the URL and saying what
        came instead: an HTML page (a login wall, an error page), nothing, or a body cut
        short or garbled. Deep nesting (``[[[[...``) is refused the same way."""
        url = self.final_url
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        head = self.content[:512].lstrip().lower()
        if not self.content.strip():
            raise BadResponse(url, "empty body where JSON was expected")
        if ctype in ("text/html", "application/xhtml+xml") or head.startswith(
                (b"<!doctype", b"<html", b"<?xml", b"<head", b"<body")):
            raise BadResponse(url, f"HTML where JSON was expected (Content-Type "
                                   f"{ctype or 'none'}; starts {self.content[:60]!r})")
        try:
            return json.loads(self.content)
        except RecursionError as exc:
            raise BadResponse(url, "JSON nested too deeply to read") from exc
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadResponse(url, f"invalid or truncated JSON ({len(self.content)} bytes): "
                                   f"{_short(exc)}") from exc


@dataclass
class HttpConfig:
    """Everything about politeness that a user (or a test) may want to change."""

    contact: str = DEFAULT_CONTACT
    user_agent: str | None = None
    connect_timeout: float = 10.0
    #: per socket read: a silent server is given up on after this long
    read_timeout: float = 60.0
    #: per request, connect plus headers plus the whole body (--deadline)
    deadline: float = 300.0
    #: per attempt of a bulk download (resumable, so a cut one goes on next run)
    download_deadline: float = 3600.0
    #: decoded body limit for get(): a JSON answer parses to ~25-30x its size in Python
    #: objects (8 MB of ``{},`` peaks near 230 MB), so this keeps any answer in bounds;
    #: bulk files go through download(), to disk, with no such limit
    max_bytes: int = 8 * 1024 * 1024
    max_attempts: int = 5
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    #: a Retry-After longer than this is an error rather than a very long nap
    max_retry_after: float = 600.0
    default_delay: float = 1.0
    #: host -> minimum seconds between two requests to it
    host_delays: dict[str, float] = field(default_factory=dict)
    #: (host, path prefix) -> minimum delay, for endpoints with a stricter limit
    path_delays: dict[tuple[str, str], float] = field(default_factory=dict)
    respect_robots: bool = True
    max_redirects: int = 10

    def agent(self) -> str:
        if self.user_agent:
            return self.user_agent
        try:
            from importlib.metadata import version as _version

            version = _version("mtgkit")
        except Exception:  # not installed: still say who we are
            version = "dev"
        return f"mtgkit/{version} (MTG rules research scraper; contact: {self.contact})"


RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    now_ts = now if now is not None else time.time()
    return max(0.0, when.timestamp() - now_ts)


# --------------------------------------------------------------------------- deadline

_current = threading.local()  # the _Watch of the request this thread is making


class _Watch:
    """The overall deadline of one request: a thread that shuts its socket when time is up.

    ``requests`` only has per-read timeouts; a read that gets one byte in time is never
    cut. So the connection a request uses registers itself here (``_Watched*Connection``)
    and, at the deadline, this thread shuts its socket down (and keeps doing so until the
    request ends, in case it was still connecting), which makes the blocked read return.
    The reader then sees :attr:`expired` and reports :class:`DeadlineExceeded`.
    """

    def __init__(self, url: str, seconds: float) -> None:
        self.url = url
        self.seconds = seconds
        self.started = time.monotonic()
        self.expired = False
        self._conn: object | None = None
        self._socks: list[socket.socket] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mtgkit-deadline", daemon=True)
        self._thread.start()

    def remaining(self) -> float:
        return self.seconds - (time.monotonic() - self.started)

    def attach(self, conn: object) -> None:
        """Called by the connection as the request starts and once it has connected: the
        socket is kept here because http.client drops ``conn.sock`` once the headers of a
        closing (HTTP/1.0) response are read, while the body still flows through it."""
        self._conn = conn
        sock = getattr(conn, "sock", None)
        if sock is not None and sock not in self._socks:
            self._socks.append(sock)
        if self.expired:
            self._kill()

    def _kill(self) -> None:
        current = getattr(self._conn, "sock", None)
        for sock in [*self._socks, *([current] if current is not None else [])]:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _run(self) -> None:
        if self._done.wait(max(0.0, self.remaining())):
            return
        self.expired = True
        while not self._done.is_set():
            self._kill()
            self._done.wait(0.05)

    def check(self, received: int = 0) -> None:
        """Raise :class:`DeadlineExceeded` if the time is up (called between chunks)."""
        if self.expired or self.remaining() <= 0:
            self.expired = True
            raise self.error(received)

    def error(self, received: int = 0) -> DeadlineExceeded:
        read = f"; {received} body bytes had been read" if received else ""
        return DeadlineExceeded(
            self.url, f"no complete answer within the {self.seconds:g} s deadline "
                      f"(--deadline{read})")

    def stop(self) -> None:
        self._done.set()


class _WatchedHTTPConnection(urllib3.connection.HTTPConnection):
    """An HTTP connection that tells the current request's :class:`_Watch` about itself."""

    def request(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        watch = getattr(_current, "watch", None)
        if watch is not None:
            watch.attach(self)
        super().request(*args, **kwargs)  # type: ignore[arg-type]

    def connect(self) -> None:
        super().connect()
        watch = getattr(_current, "watch", None)
        if watch is not None:
            watch.attach(self)


class _WatchedHTTPSConnection(urllib3.connection.HTTPSConnection):
    """The HTTPS twin of :class:`_WatchedHTTPConnection`."""

    def request(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        watch = getattr(_current, "watch", None)
        if watch is not None:
            watch.attach(self)
        super().request(*args, **kwargs)  # type: ignore[arg-type]

    def connect(self) -> None:
        super().connect()
        watch = getattr(_current, "watch", None)
        if watch is not None:
            watch.attach(self)


class _WatchedPool(urllib3.connectionpool.HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedTlsPool(urllib3.connectionpool.HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


class _DeadlineAdapter(HTTPAdapter):
    """A requests adapter whose connections can be cut by a :class:`_Watch`."""

    def init_poolmanager(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        super().init_poolmanager(*args, **kwargs)  # type: ignore[arg-type]
        self.poolmanager.pool_classes_by_scheme = {"http": _WatchedPool,
                                                   "https": _WatchedTlsPool}


# --------------------------------------------------------------------------- client


class PoliteClient:
    """A ``requests`` session that fetches the way a well-behaved bot should (module doc)."""

    def __init__(
        self,
        config: HttpConfig | None = None,
        cache: CacheStore | None = None,
        *,
        session: requests.Session | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config or HttpConfig()
        self.cache = cache
        self.session = session or requests.Session()
        self.agent = self.config.agent()
        self.session.headers["User-Agent"] = self.agent
        self.session.headers["Accept-Encoding"] = "gzip"
        for prefix in ("http://", "https://"):
            self.session.mount(prefix, _DeadlineAdapter())
        self._sleep = sleep
        self._clock = clock
        self._host_locks: dict[str, threading.Lock] = {}
        self._last_request: dict[str, float] = {}
        self._robots: dict[str, urllib.robotparser.RobotFileParser | bool | str] = {}
        self._guard = threading.Lock()
        #: every network request made (method, url, status), for progress and reports
        self.requests_made = 0

    # ---- pacing -------------------------------------------------------------------

    def delay_for(self, url: str) -> float:
        """The minimum pause before a request to ``url`` (longest matching path prefix)."""
        parts = urlsplit(url)
        host = parts.netloc.lower()
        best_len, delay = -1, self.config.host_delays.get(host, self.config.default_delay)
        for (h, prefix), value in self.config.path_delays.items():
            if h == host and parts.path.startswith(prefix) and len(prefix) > best_len:
                best_len, delay = len(prefix), value
        robots = self._robots.get(host)
        if isinstance(robots, urllib.robotparser.RobotFileParser):
            crawl_delay = robots.crawl_delay(self.agent)
            if crawl_delay:
                delay = max(delay, float(crawl_delay))
        return delay

    @contextmanager
    def _host_slot(self, url: str) -> Iterator[None]:
        """Hold the host's lock and wait out its delay: one request at a time per host."""
        host = urlsplit(url).netloc.lower()
        with self._guard:
            lock = self._host_locks.setdefault(host, threading.Lock())
        with lock:
            last = self._last_request.get(host)
            if last is not None:
                wait = self.delay_for(url) - (self._clock() - last)
                if wait > 0:
                    self._sleep(wait)
            try:
                yield
            finally:
                self._last_request[host] = self._clock()

    # ---- robots.txt ---------------------------------------------------------------

    def allowed(self, url: str) -> bool:
        """Whether robots.txt lets our user agent fetch ``url`` (fetched once per host)."""
        if not self.config.respect_robots:
            return True
        parts = urlsplit(url)
        host = parts.netloc.lower()
        if host not in self._robots:
            self._robots[host] = self._load_robots(f"{parts.scheme}://{parts.netloc}/robots.txt")
        robots = self._robots[host]
        if isinstance(robots, bool):
            return robots
        if isinstance(robots, str):
            raise HostUnreachable(url, robots)
        return robots.can_fetch(self.agent, url)

    def _load_robots(self, robots_url: str) -> urllib.robotparser.RobotFileParser | bool | str:
        """The parsed robots.txt, True (none: no restrictions), or why it is unreachable."""
        try:
            resp, watch = self._request_with_retries(robots_url, headers={},
                                                     deadline=self.config.deadline)
        except (RetriesExhausted, TruncatedBody, DeadlineExceeded) as exc:
            # RFC 9309 2.3.1.4: unreachable robots.txt means "disallow all"
            return f"robots.txt unreachable, so nothing is fetched there ({exc})"
        if 400 <= resp.status_code < 500:
            watch.stop()
            resp.close()
            return True  # RFC 9309 2.3.1.3: no robots.txt, no restrictions
        if resp.status_code >= 500:
            watch.stop()
            resp.close()
            return (f"robots.txt answered {resp.status_code}, so nothing is fetched there "
                    "(RFC 9309 2.3.1.4)")
        try:
            body = self._read_body(robots_url, resp, 512 * 1024, watch)
        except (TruncatedBody, DeadlineExceeded, ResponseTooLarge) as exc:
            return f"robots.txt unreadable, so nothing is fetched there ({exc})"
        parser = urllib.robotparser.RobotFileParser(robots_url)
        parser.parse(body.decode("utf-8", errors="replace").splitlines())
        return parser

    # ---- the request loop ---------------------------------------------------------

    def _request_with_retries(
        self,
        url: str,
        *,
        headers: Mapping[str, str],
        deadline: float,
    ) -> tuple[requests.Response, _Watch]:
        """One URL, no redirect following, retried on the transient failures.

        Returns the response (headers read, body not yet) with the :class:`_Watch` that
        keeps its deadline running: the caller reads the body under it, then stops it.
        """
        cfg = self.config
        last = "no attempt"
        for attempt in range(1, cfg.max_attempts + 1):
            wait: float | None = None
            with self._host_slot(url):
                self.requests_made += 1
                watch = _Watch(url, deadline)
                _current.watch = watch
                try:
                    resp = self.session.get(
                        url,
                        headers=dict(headers),
                        timeout=(min(cfg.connect_timeout, deadline),
                                 min(cfg.read_timeout, deadline)),
                        allow_redirects=False,
                        stream=True,
                    )
                except requests.RequestException as exc:
                    watch.stop()
                    if watch.expired:
                        raise watch.error() from exc
                    if isinstance(exc, requests.Timeout):
                        last = f"timeout ({type(exc).__name__})"
                    elif isinstance(exc, requests.ConnectionError):
                        last = f"connection error ({exc.__class__.__name__}: {_short(exc)})"
                    else:
                        raise HttpError(url, f"request failed: {_short(exc)}") from exc
                else:
                    if resp.status_code not in RETRY_STATUSES:
                        return resp, watch
                    watch.stop()
                    last = f"HTTP {resp.status_code}"
                    wait = parse_retry_after(resp.headers.get("Retry-After"))
                    resp.close()
                    if wait is not None and wait > cfg.max_retry_after:
                        raise RetriesExhausted(url, attempt, f"{last}, Retry-After {wait:.0f}s")
                finally:
                    _current.watch = None
            if attempt == cfg.max_attempts:
                break
            backoff = min(cfg.backoff_max, cfg.backoff_base * (2 ** (attempt - 1)))
            self._sleep(max(backoff, wait or 0.0))
        raise RetriesExhausted(url, cfg.max_attempts, last)

    def _read_body(self, url: str, resp: requests.Response, max_bytes: int,
                   watch: _Watch) -> bytes:
        """Read and decode the body ourselves: size limit on decoded bytes, gzip end
        checked, the deadline checked between chunks (and enforced by ``watch``)."""
        size = 0
        try:
            declared = resp.headers.get("Content-Length")
            encoding = (resp.headers.get("Content-Encoding") or "").lower().strip()
            if declared and declared.isdigit() and not encoding and int(declared) > max_bytes:
                raise ResponseTooLarge(url, f"Content-Length {declared} > limit {max_bytes}")
            decoder = zlib.decompressobj(16 + zlib.MAX_WBITS) if encoding == "gzip" else None
            if encoding == "deflate":
                decoder = zlib.decompressobj()
            chunks: list[bytes] = []
            try:
                for raw in resp.raw.stream(16 * 1024, decode_content=False):
                    watch.check(size)
                    piece = decoder.decompress(raw) if decoder else raw
                    size += len(piece)
                    if size > max_bytes:
                        raise ResponseTooLarge(url, f"body larger than limit {max_bytes} bytes")
                    chunks.append(piece)
                watch.check(size)
            except HttpError:
                raise
            except Exception as exc:
                if watch.expired:
                    raise watch.error(size) from exc
                if isinstance(exc, zlib.error):
                    raise TruncatedBody(url, f"corrupt {encoding} body: {exc}") from exc
                if isinstance(exc, (requests.RequestException, OSError)):
                    raise TruncatedBody(url, f"connection cut mid-body: {_short(exc)}") from exc
                # urllib3 ProtocolError (IncompleteRead) and friends
                raise TruncatedBody(url, f"body ended early: {_short(exc)}") from exc
            if decoder is not None:
                chunks.append(decoder.flush())
                if not decoder.eof:
                    raise TruncatedBody(url, f"{encoding} stream ends before its end marker")
            return b"".join(chunks)
        finally:
            watch.stop()
            resp.close()

    @staticmethod
    def _check_host(hosts: HostPolicy | None, url: str, came_from: str | None) -> None:
        if hosts is None:
            return
        try:
            hosts.check(url, came_from=came_from)
        except HostRefused as exc:
            via = f" (redirected from {came_from})" if came_from else ""
            raise HostNotAllowed(url, f"refused{via}: {exc}") from exc

    def get(
        self,
        url: str,
        *,
        use_cache: bool = True,
        headers: Mapping[str, str] | None = None,
        max_bytes: int | None = None,
        ok_statuses: frozenset[int] = frozenset({200}),
        hosts: HostPolicy | None = None,
    ) -> Response:
        """GET ``url`` politely, following redirects, revalidating against the cache.

        A status outside ``ok_statuses`` (after retries) raises :class:`HttpStatusError`,
        which keeps the body so that API errors can be read by the caller. With ``hosts``
        the URL and every redirect hop must pass the policy (:class:`HostNotAllowed`).
        """
        limit = max_bytes if max_bytes is not None else self.config.max_bytes
        seen: list[str] = []
        current = url
        truncated_tries = 0
        while True:
            if current in seen:
                raise RedirectLoop(url, "redirect loop: " + " -> ".join([*seen, current]))
            if len(seen) > self.config.max_redirects:
                raise RedirectLoop(url, f"more than {self.config.max_redirects} redirects")
            self._check_host(hosts, current, seen[-1] if seen else None)
            if not self.allowed(current):
                raise RobotsDisallowed(current, "disallowed by robots.txt")
            cached = self.cache.get(current) if (self.cache and use_cache) else None
            req_headers = dict(headers or {})
            if cached is not None:
                if cached.etag:
                    req_headers["If-None-Match"] = cached.etag
                if cached.last_modified:
                    req_headers["If-Modified-Since"] = cached.last_modified
            resp, watch = self._request_with_retries(current, headers=req_headers,
                                                     deadline=self.config.deadline)
            status = resp.status_code
            if status in (301, 302, 303, 307, 308) and resp.headers.get("Location"):
                try:
                    target = urljoin(current, resp.headers["Location"])
                except ValueError as exc:
                    raise HostNotAllowed(current, "redirect to an unreadable Location "
                                         f"{resp.headers['Location']!r}") from exc
                finally:
                    watch.stop()
                    resp.close()
                seen.append(current)
                current = target
                continue
            if status == 304 and cached is not None:
                watch.stop()
                resp.close()
                return Response(
                    url, current, cached.status, {"Content-Type": cached.content_type or ""},
                    cached.body, from_cache=True, redirects=seen,
                )
            try:
                body = self._read_body(current, resp, limit, watch)
            except TruncatedBody:
                truncated_tries += 1
                if truncated_tries >= self.config.max_attempts:
                    raise
                self._sleep(min(self.config.backoff_max, self.config.backoff_base))
                continue
            result = Response(url, current, status, dict(resp.headers), body, redirects=seen)
            if status not in ok_statuses:
                raise HttpStatusError(current, status, body)
            if self.cache is not None and use_cache and status == 200:
                etag, modified = resp.headers.get("ETag"), resp.headers.get("Last-Modified")
                if etag or modified:
                    self.cache.put(
                        CachedResponse(
                            current, status, body, resp.headers.get("Content-Type"),
                            etag, modified, datetime.now(UTC),
                        )
                    )
            return result

    # ---- big files ----------------------------------------------------------------

    def download(
        self,
        url: str,
        dest: Path,
        *,
        progress: bool = True,
        description: str | None = None,
        verify_gzip: bool | None = None,
        hosts: HostPolicy | None = None,
    ) -> Path:
        """Stream ``url`` to ``dest`` without decoding, resuming a partial ``dest.part``.

        A cut connection keeps what arrived and the next attempt asks for the rest with
        ``Range`` (guarded by ``If-Range`` so a changed file starts over). A ``.gz`` file
        is read through once at the end: a truncated gzip is an error, not a short load.
        Each attempt has ``download_deadline`` seconds; past it the ``.part`` file is kept
        (the next run resumes it) and :class:`DeadlineExceeded` is raised.
        """
        dest = Path(dest)
        part = dest.with_name(dest.name + ".part")
        meta = dest.with_name(dest.name + ".part.validator")
        dest.parent.mkdir(parents=True, exist_ok=True)
        attempts = 0
        current = url
        redirects: list[str] = []
        while True:
            attempts += 1
            self._check_host(hosts, current, redirects[-1] if redirects else None)
            if not self.allowed(current):
                raise RobotsDisallowed(current, "disallowed by robots.txt")
            have = part.stat().st_size if part.exists() else 0
            headers = {"Accept-Encoding": "identity"}
            validator = meta.read_text().strip() if meta.exists() else ""
            if have and validator:
                headers["Range"] = f"bytes={have}-"
                headers["If-Range"] = validator
            resp, watch = self._request_with_retries(
                current, headers=headers, deadline=self.config.download_deadline)
            if resp.status_code in (301, 302, 303, 307, 308) and resp.headers.get("Location"):
                watch.stop()
                resp.close()
                try:
                    nxt = urljoin(current, resp.headers["Location"])
                except ValueError as exc:
                    raise HostNotAllowed(current, "redirect to an unreadable Location "
                                         f"{resp.headers['Location']!r}") from exc
                if nxt in redirects or len(redirects) > self.config.max_redirects:
                    raise RedirectLoop(url, "redirect loop: " + " -> ".join([*redirects, nxt]))
                redirects.append(current)
                current = nxt
                attempts -= 1  # a hop is not a failed attempt
                continue
            if resp.status_code == 416:  # we already have every byte
                watch.stop()
                resp.close()
                break
            if resp.status_code not in (200, 206):
                watch.stop()
                resp.close()
                raise HttpStatusError(current, resp.status_code)
            mode = "ab" if resp.status_code == 206 else "wb"
            if mode == "wb":
                have = 0
            new_validator = resp.headers.get("ETag") or resp.headers.get("Last-Modified") or ""
            meta.write_text(new_validator)
            total = resp.headers.get("Content-Length")
            total_size = have + int(total) if total and total.isdigit() else None
            got = 0
            try:
                with open(part, mode) as out, _progress_bar(
                    progress, description or dest.name, total_size, have
                ) as advance:
                    for chunk in _chunks(resp, 256 * 1024):
                        out.write(chunk)
                        got += len(chunk)
                        advance(len(chunk))
                        watch.check(got)
                if total_size is not None and part.stat().st_size < total_size:
                    raise TruncatedBody(current, "connection closed before Content-Length")
            except DeadlineExceeded as exc:
                raise DeadlineExceeded(current, f"{exc.args[0].split(': ', 1)[-1]}; the "
                                       f"{have + got} bytes so far are kept in {part.name} "
                                       "and the next run resumes") from exc
            except Exception as exc:  # a cut stream: requests, OSError, urllib3 ProtocolError
                if watch.expired:
                    raise DeadlineExceeded(
                        current, f"not downloaded within the {watch.seconds:g} s deadline "
                        f"(--download-deadline); the {have + got} bytes so far are kept in "
                        f"{part.name} and the next run resumes") from exc
                if attempts >= self.config.max_attempts:
                    raise TruncatedBody(
                        current, f"download kept breaking off: {_short(exc)}"
                    ) from exc
                self._sleep(min(self.config.backoff_max, self.config.backoff_base))
                continue
            finally:
                watch.stop()
                resp.close()
            break
        if verify_gzip or (verify_gzip is None and dest.name.endswith(".gz")):
            check_gzip(part, url)
        part.replace(dest)
        meta.unlink(missing_ok=True)
        return dest


def _chunks(resp: requests.Response, size: int) -> Iterator[bytes]:
    """The raw body in pieces of at most ``size``, each as soon as it arrives (``read1``),
    so that bytes already received are written out even if the deadline cuts the rest;
    ``stream()`` would wait for a whole ``size`` first. Chunked bodies use ``stream()``."""
    raw = resp.raw
    if getattr(raw, "chunked", False) or not hasattr(raw, "read1"):
        yield from raw.stream(size, decode_content=False)
        return
    while True:
        piece = raw.read1(size, decode_content=False)
        if not piece:
            return
        yield piece


def check_gzip(path: Path, url: str) -> None:
    """Read a gzip file to its end; raise :class:`TruncatedBody` if it stops early."""
    try:
        with gzip.open(path, "rb") as fh:
            while fh.read(1024 * 1024):
                pass
    except (EOFError, OSError, zlib.error) as exc:
        path.unlink(missing_ok=True)
        raise TruncatedBody(url, f"downloaded gzip is truncated or corrupt: {exc}") from exc


@contextmanager
def _progress_bar(
    enabled: bool, description: str, total: int | None, completed: int
) -> Iterator[Callable[[int], None]]:
    """A rich progress bar for a download, or a no-op when disabled."""
    if not enabled:
        yield lambda n: None
        return
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TransferSpeedColumn,
    )

    with Progress(
        TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total, completed=completed)
        yield lambda n: bar.advance(task, n)


def _short(exc: BaseException) -> str:
    text = str(exc)
    return text if len(text) < 200 else text[:200] + "..."
