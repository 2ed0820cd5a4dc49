"""A real HTTP server on 127.0.0.1 for scraper tests, with scripted faults and a request log.

Routes map a path (with its query string) to a list of :class:`Reply` objects used in
turn (the last one repeats), or to a callable that builds the reply from the request.
Faults a reply can carry: ``delay`` (to trip a read timeout), ``action='reset'`` (close
the socket with a TCP RST), ``action='truncate'`` (announce a length, send half, close),
``trickle=s`` (send the body one byte every ``s`` seconds, each byte well inside a read
timeout), ``action='trickle_headers'`` (the status line and headers that way too), and
``action='close'`` (send the headers, then the body without a Content-Length, cut).
"""

from __future__ import annotations

import gzip
import hashlib
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    action: str | None = None  # None | "reset" | "truncate"
    gzip: bool = False  # compress when the client accepts gzip
    trickle: float = 0.0  # seconds between two bytes of the body (0: all at once)


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    status: int | None = None  # filled in once the reply is chosen

    def q(self, key: str, default: str | None = None) -> str | None:
        values = self.query.get(key)
        return values[0] if values else default


Handler = Callable[[Request], Reply | None]


def file_reply(req: Request, body: bytes, *, content_type: str = "application/octet-stream",
               etag: str | None = None, last_modified: str | None = None) -> Reply:
    """Serve ``body`` like a static file server: ETag, conditional GET, byte ranges."""
    etag = etag or '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
    headers = {"Content-Type": content_type, "ETag": etag, "Accept-Ranges": "bytes"}
    if last_modified:
        headers["Last-Modified"] = last_modified
    if req.headers.get("If-None-Match") == etag:
        return Reply(304, b"", headers)
    rng = req.headers.get("Range")
    if_range = req.headers.get("If-Range")
    if rng and rng.startswith("bytes=") and (if_range is None or if_range in (etag, last_modified)):
        start = int(rng[6:].split("-")[0])
        if start >= len(body):
            return Reply(416, b"", {"Content-Range": f"bytes */{len(body)}"})
        headers["Content-Range"] = f"bytes {start}-{len(body) - 1}/{len(body)}"
        return Reply(206, body[start:], headers)
    return Reply(200, body, headers)


class FakeServer:
    """ThreadingHTTPServer + routes + log; use as a context manager."""

    def __init__(self) -> None:
        self.routes: dict[str, list[Reply] | Handler] = {}
        self.fallback: Handler | None = None
        self.log: list[Request] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # ---- set-up -----------------------------------------------------------------------

    def route(self, path: str, *replies: Reply | Handler) -> None:
        if len(replies) == 1 and callable(replies[0]):
            self.routes[path] = replies[0]
        else:
            self.routes[path] = list(replies)  # type: ignore[arg-type]

    @property
    def url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def requests_to(self, prefix: str) -> list[Request]:
        with self._lock:
            return [r for r in self.log if r.path.startswith(prefix)]

    def clear_log(self) -> None:
        with self._lock:
            self.log.clear()

    # ---- serving ----------------------------------------------------------------------

    def _pick(self, req: Request) -> Reply:
        full = req.path
        target = self.routes.get(full)
        if target is None:
            target = self.routes.get(urlsplit(full).path)
        if callable(target):
            reply = target(req)
        elif target:
            with self._lock:
                reply = target.pop(0) if len(target) > 1 else target[0]
        else:
            reply = self.fallback(req) if self.fallback else None
        return reply or Reply(404, b"not found", {"Content-Type": "text/plain"})

    def __enter__(self) -> FakeServer:
        server = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # noqa: N802
                parts = urlsplit(self.path)
                req = Request("GET", unquote(parts.path) + ("?" + parts.query if parts.query
                                                             else ""),
                              parse_qs(parts.query, keep_blank_values=True),
                              {k: v for k, v in self.headers.items()})
                with server._lock:
                    server.log.append(req)
                reply = server._pick(req)
                req.status = reply.status if reply.action is None else None
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.action == "reset":
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                               struct.pack("ii", 1, 0))
                    self.connection.close()
                    return
                body = reply.body
                headers = dict(reply.headers)
                if reply.gzip and "gzip" in req.headers.get("Accept-Encoding", ""):
                    body = gzip.compress(body)
                    headers["Content-Encoding"] = "gzip"
                length = len(body)
                if reply.action == "truncate":
                    body = body[: len(body) // 2]
                if reply.action == "trickle_headers":
                    head = (f"HTTP/1.0 {reply.status} OK\r\n" + "".join(
                        f"{k}: {v}\r\n" for k, v in headers.items()) +
                        f"Content-Length: {length}\r\nX-Padding: {'p' * 200}\r\n\r\n")
                    self._trickle(head.encode() + body, reply.trickle or 0.2)
                    return
                self.send_response(reply.status)
                for key, value in headers.items():
                    self.send_header(key, value)
                if reply.action != "close":
                    self.send_header("Content-Length", str(length))
                self.end_headers()
                if reply.trickle:
                    self.wfile.flush()
                    self._trickle(body, reply.trickle)
                    return
                try:
                    self.wfile.write(body)
                    self.wfile.flush()
                except OSError:
                    pass
                if reply.action == "truncate":
                    self.close_connection = True

            def _trickle(self, data: bytes, interval: float) -> None:
                """One byte, a pause, the next byte: until done or the client hangs up."""
                for i in range(len(data)):
                    try:
                        self.wfile.write(data[i:i + 1])
                        self.wfile.flush()
                    except OSError:
                        return
                    time.sleep(interval)
                self.close_connection = True

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()
