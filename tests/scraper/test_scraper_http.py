"""The polite client against a real local server: pacing, retries, faults, cache, robots."""

from __future__ import annotations

import gzip
import time
from pathlib import Path

import pytest

from scraper.http import (
    HttpConfig,
    MemoryCache,
    PoliteClient,
    RedirectLoop,
    ResponseTooLarge,
    RetriesExhausted,
    RobotsDisallowed,
    TruncatedBody,
    parse_retry_after,
)
from tests.scraper.fakeserver import FakeServer, Reply, file_reply


class Sleeps:
    """Records requested sleeps and sleeps a hundredth of them (tests stay fast)."""

    def __init__(self) -> None:
        self.calls: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.calls.append(seconds)
        time.sleep(min(seconds, 1.0) / 100)


def make_client(**overrides) -> tuple[PoliteClient, Sleeps]:
    sleeps = Sleeps()
    config = HttpConfig(contact="tests@mtgkit.invalid", default_delay=0.0, backoff_base=0.5,
                        connect_timeout=2.0, read_timeout=2.0, max_attempts=4)
    for key, value in overrides.items():
        setattr(config, key, value)
    return PoliteClient(config, MemoryCache(), sleep=sleeps), sleeps


@pytest.fixture
def server():
    with FakeServer() as srv:
        srv.route("/robots.txt", Reply(200, b"User-agent: *\nDisallow: /private/\n"))
        yield srv


def test_user_agent_names_a_contact_and_asks_for_gzip(server):
    server.route("/x", Reply(200, b"ok"))
    client, _ = make_client()
    client.get(server.url + "x")
    headers = server.requests_to("/x")[0].headers
    assert "tests@mtgkit.invalid" in headers["User-Agent"]
    assert headers["User-Agent"].startswith("mtgkit/")
    assert "gzip" in headers["Accept-Encoding"]


def test_429_waits_the_retry_after_then_succeeds(server):
    server.route("/busy", Reply(429, b"slow down", {"Retry-After": "7"}), Reply(200, b"done"))
    client, sleeps = make_client()
    resp = client.get(server.url + "busy")
    assert resp.content == b"done"
    assert len(server.requests_to("/busy")) == 2
    assert max(sleeps.calls) >= 7  # Retry-After beats the 0.5 s backoff


def test_503_then_success_backs_off_exponentially(server):
    server.route("/flaky", Reply(503), Reply(503), Reply(200, b"finally"))
    client, sleeps = make_client()
    assert client.get(server.url + "flaky").content == b"finally"
    assert sleeps.calls[-2:] == [0.5, 1.0]


def test_a_read_timeout_is_retried(server):
    server.route("/slow", Reply(200, b"late", delay=1.0), Reply(200, b"quick"))
    client, _ = make_client(read_timeout=0.3)
    assert client.get(server.url + "slow").content == b"quick"
    assert len(server.requests_to("/slow")) == 2


def test_a_reset_connection_is_retried(server):
    server.route("/reset", Reply(action="reset"), Reply(200, b"back"))
    client, _ = make_client()
    assert client.get(server.url + "reset").content == b"back"


def test_retries_end_in_a_clear_error(server):
    server.route("/down", Reply(503))
    client, _ = make_client(max_attempts=3)
    with pytest.raises(RetriesExhausted, match="gave up after 3 attempts.*HTTP 503"):
        client.get(server.url + "down")
    assert len(server.requests_to("/down")) == 3


def test_a_redirect_loop_is_an_error_naming_the_chain(server):
    server.route("/a", Reply(302, headers={"Location": "/b"}))
    server.route("/b", Reply(302, headers={"Location": "/a"}))
    client, _ = make_client()
    with pytest.raises(RedirectLoop, match="/a -> .*/b -> .*/a"):
        client.get(server.url + "a")


def test_redirects_are_followed_and_recorded(server):
    server.route("/old", Reply(301, headers={"Location": "/new"}))
    server.route("/new", Reply(200, b"here"))
    client, _ = make_client()
    resp = client.get(server.url + "old")
    assert resp.final_url == server.url + "new"
    assert resp.redirects == [server.url + "old"]


def test_robots_txt_is_honoured_and_the_path_never_requested(server):
    server.route("/private/page", Reply(200, b"secret"))
    client, _ = make_client()
    with pytest.raises(RobotsDisallowed):
        client.get(server.url + "private/page")
    assert server.requests_to("/private") == []
    assert len(server.requests_to("/robots.txt")) == 1
    client.get(server.url + "robots.txt")  # allowed paths go through; robots read once


def test_a_redirect_into_a_disallowed_path_is_refused(server):
    server.route("/go", Reply(302, headers={"Location": "/private/x"}))
    client, _ = make_client()
    with pytest.raises(RobotsDisallowed):
        client.get(server.url + "go")
    assert server.requests_to("/private") == []


def test_a_page_over_the_size_limit_is_refused(server):
    server.route("/big", Reply(200, b"x" * 5000))
    server.route("/bigzip", Reply(200, b"y" * 50000, gzip=True))  # small on the wire
    client, _ = make_client(max_bytes=1000)
    with pytest.raises(ResponseTooLarge):
        client.get(server.url + "big")
    with pytest.raises(ResponseTooLarge):
        client.get(server.url + "bigzip")


def test_gzip_bodies_are_decoded(server):
    server.route("/z", Reply(200, "昼と夜".encode() * 100, gzip=True))
    client, _ = make_client()
    assert client.get(server.url + "z").text == "昼と夜" * 100


def test_a_truncated_gzip_body_is_retried_then_succeeds(server):
    whole = gzip.compress(b"complete page " * 200)
    cut = whole[: len(whole) // 2]
    server.route("/tz", Reply(200, cut, {"Content-Encoding": "gzip"}),
                 Reply(200, whole, {"Content-Encoding": "gzip"}))
    client, _ = make_client()
    assert client.get(server.url + "tz").content == b"complete page " * 200
    assert len(server.requests_to("/tz")) == 2


def test_a_body_that_stays_truncated_is_a_clear_error(server):
    whole = gzip.compress(b"never whole " * 200)
    server.route("/tz2", Reply(200, whole[:40], {"Content-Encoding": "gzip"}))
    client, _ = make_client(max_attempts=2)
    with pytest.raises(TruncatedBody, match="end marker"):
        client.get(server.url + "tz2")


def test_a_connection_cut_mid_body_is_retried(server):
    server.route("/cut", Reply(200, b"a" * 10000, action="truncate"), Reply(200, b"b" * 10))
    client, _ = make_client()
    assert client.get(server.url + "cut").content == b"b" * 10


def test_conditional_requests_use_the_cache(server):
    server.route("/c", lambda req: file_reply(req, b"cached body", content_type="text/plain"))
    client, _ = make_client()
    first = client.get(server.url + "c")
    second = client.get(server.url + "c")
    assert not first.from_cache and second.from_cache
    assert second.content == b"cached body"
    log = server.requests_to("/c")
    assert "If-None-Match" in log[1].headers and log[1].status == 304


def test_requests_to_one_host_are_spaced_by_the_delay(server):
    server.route("/p", Reply(200, b"."))
    client = PoliteClient(HttpConfig(default_delay=0.15))
    start = time.monotonic()
    for _ in range(3):
        client.get(server.url + "p")
    assert time.monotonic() - start >= 0.3  # two waits between three requests


def test_path_prefixes_get_their_own_delay():
    config = HttpConfig(default_delay=1.0, host_delays={"api.example": 0.1},
                        path_delays={("api.example", "/cards/search"): 0.5})
    client = PoliteClient(config)
    assert client.delay_for("https://api.example/cards/search?q=x") == 0.5
    assert client.delay_for("https://api.example/cards/abc") == 0.1
    assert client.delay_for("https://other.example/") == 1.0


def test_retry_after_accepts_seconds_and_http_dates():
    assert parse_retry_after("120") == 120
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0) == 10
    assert parse_retry_after("soon") is None


def test_download_resumes_a_cut_transfer_with_range(server, tmp_path: Path):
    payload = gzip.compress(b'{"name": "x"}\n' * 3000)
    calls = {"n": 0}

    def serve(req):
        calls["n"] += 1
        reply = file_reply(req, payload, content_type="application/gzip")
        if calls["n"] == 1:
            reply.action = "truncate"
        return reply

    server.route("/bulk.jsonl.gz", serve)
    client, _ = make_client()
    dest = client.download(server.url + "bulk.jsonl.gz", tmp_path / "bulk.jsonl.gz",
                           progress=False)
    assert dest.read_bytes() == payload
    second = server.requests_to("/bulk.jsonl.gz")[1]
    assert second.headers["Range"].startswith("bytes=") and second.status == 206
    assert not (tmp_path / "bulk.jsonl.gz.part").exists()


def test_a_truncated_gzip_download_is_refused(server, tmp_path: Path):
    payload = gzip.compress(b"line\n" * 5000)
    server.route("/bad.jsonl.gz", lambda req: file_reply(req, payload[:-30]))
    client, _ = make_client()
    with pytest.raises(TruncatedBody, match="truncated or corrupt"):
        client.download(server.url + "bad.jsonl.gz", tmp_path / "bad.jsonl.gz", progress=False)
    assert not (tmp_path / "bad.jsonl.gz").exists()


def test_robots_txt_answering_5xx_refuses_the_host_as_a_failure_not_a_disallow(server):
    """RFC 9309 2.3.1.4: a robots.txt that can't be read means fetch nothing there; the client
    says so as HostUnreachable (a crawl counts the page failed, not missing or disallowed)."""
    from scraper.http import HostUnreachable, RobotsDisallowed

    server.route("/robots.txt", Reply(503, b"down"))
    server.route("/page", Reply(200, b"ok"))
    client, _ = make_client(max_attempts=2)
    with pytest.raises(HostUnreachable, match="robots.txt unreachable.*503") as info:
        client.get(server.url + "page")
    assert not isinstance(info.value, RobotsDisallowed)
    assert not server.requests_to("/page")


def test_an_unreachable_host_is_a_failure_naming_robots_txt() -> None:
    import socket

    from scraper.http import HostUnreachable

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client, _ = make_client(max_attempts=2, connect_timeout=0.5)
    with pytest.raises(HostUnreachable, match="robots.txt unreachable"):
        client.get(f"http://127.0.0.1:{port}/wiki/x")
