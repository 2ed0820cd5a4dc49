"""The polite client against a hostile server on 127.0.0.1: trickled bodies and headers are
cut at the overall deadline, redirects leave neither the source's hosts nor go into a
private network, and odd bodies are clear errors naming the URL. Every test is bounded in
time (a few seconds) and memory (bodies of a few kB)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from scraper.hosts import HostPolicy, HostRefused, address_kind
from scraper.http import (
    BadResponse,
    DeadlineExceeded,
    HostNotAllowed,
    HttpConfig,
    MemoryCache,
    PoliteClient,
    Response,
)
from tests.scraper.fakeserver import FakeServer, Reply, file_reply


def make_client(**overrides) -> PoliteClient:
    config = HttpConfig(contact="tests@mtgkit.invalid", default_delay=0.0, backoff_base=0.01,
                        connect_timeout=2.0, read_timeout=2.0, max_attempts=3)
    for key, value in overrides.items():
        setattr(config, key, value)
    return PoliteClient(config, MemoryCache())


@pytest.fixture
def server():
    with FakeServer() as srv:
        srv.route("/robots.txt", Reply(404))
        yield srv


# ---- the overall deadline --------------------------------------------------------------


def test_a_trickled_body_is_cut_at_the_deadline_naming_the_url(server):
    # one byte every 0.2 s: each read comes well inside the 2 s read timeout, so only an
    # overall deadline ends it (the whole body would take 200 s)
    server.route("/slow", Reply(200, b"x" * 1000, trickle=0.2))
    client = make_client(deadline=1.0)
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded, match=r"/slow: no complete answer within the 1 s "
                                               r"deadline") as info:
        client.get(server.url + "slow")
    elapsed = time.monotonic() - start
    assert 0.9 <= elapsed < 3.0
    assert info.value.url == server.url + "slow"
    assert len(server.requests_to("/slow")) == 1  # not retried: it would be slow again


def test_trickled_headers_are_cut_at_the_deadline_too(server):
    server.route("/slowhead", Reply(200, b"ok", action="trickle_headers", trickle=0.1))
    client = make_client(deadline=1.0)
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded, match="/slowhead"):
        client.get(server.url + "slowhead")
    assert time.monotonic() - start < 3.0


def test_a_slow_but_timely_body_is_read_whole(server):
    server.route("/steady", Reply(200, b"abcde", trickle=0.05))
    client = make_client(deadline=5.0)
    assert client.get(server.url + "steady").content == b"abcde"


def test_a_trickled_download_keeps_its_part_file_for_the_next_run(server, tmp_path: Path):
    payload = b"y" * 400
    calls = {"n": 0}

    def serve(req):
        calls["n"] += 1
        reply = file_reply(req, payload)
        if calls["n"] == 1:
            reply.trickle = 0.02  # about 40 bytes arrive before the deadline
        return reply

    server.route("/bulk.json", serve)
    client = make_client(download_deadline=0.8)
    dest = tmp_path / "bulk.json"
    with pytest.raises(DeadlineExceeded, match="bulk.json.*kept in bulk.json.part"):
        client.download(server.url + "bulk.json", dest, progress=False)
    part = tmp_path / "bulk.json.part"
    assert 0 < part.stat().st_size < len(payload)
    client.download(server.url + "bulk.json", dest, progress=False)  # resumes with Range
    assert dest.read_bytes() == payload
    assert server.requests_to("/bulk.json")[-1].headers["Range"].startswith("bytes=")


# ---- redirects: the source's hosts only ---------------------------------------------------


def test_a_redirect_to_another_host_is_refused_before_any_request(server):
    with FakeServer() as other:
        other.route("/x", Reply(200, b"elsewhere"))
        server.route("/go", Reply(302, headers={"Location": other.url + "x"}))
        client = make_client()
        policy = HostPolicy.for_base(server.url)
        with pytest.raises(HostNotAllowed, match="is not one of this source's hosts"):
            client.get(server.url + "go", hosts=policy)
        assert other.log == []  # not even its robots.txt


def test_a_redirect_to_a_link_local_address_is_refused(server):
    # the cloud metadata address: never contacted (the refusal comes before any socket)
    server.route("/meta", Reply(302, headers={"Location": "http://169.254.169.254/latest/"}))
    client = make_client(connect_timeout=0.5, max_attempts=1)
    start = time.monotonic()
    with pytest.raises(HostNotAllowed, match=r"169\.254\.169\.254.*redirected from"):
        client.get(server.url + "meta", hosts=HostPolicy.for_base(server.url))
    assert time.monotonic() - start < 1.0


def test_a_configured_mirror_is_followed(server):
    with FakeServer() as mirror:
        mirror.route("/robots.txt", Reply(404))
        mirror.route("/page", Reply(200, b"from the mirror"))
        server.route("/page", Reply(301, headers={"Location": mirror.url + "page"}))
        mirror_host = mirror.url.split("//")[1].rstrip("/").replace("127.0.0.1", "localhost")
        server.route("/page2", Reply(301, headers={"Location": f"http://{mirror_host}/page"}))
        client = make_client()
        policy = HostPolicy.for_base(server.url, [mirror.url.split("//")[1].rstrip("/"),
                                                  mirror_host])
        assert client.get(server.url + "page", hosts=policy).content == b"from the mirror"
        # localhost resolves to loopback, which the loopback base allows
        assert client.get(server.url + "page2", hosts=policy).content == b"from the mirror"


def test_a_redirect_to_a_non_http_scheme_is_refused(server):
    server.route("/file", Reply(302, headers={"Location": "file:///etc/passwd"}))
    client = make_client()
    with pytest.raises(HostNotAllowed, match="only absolute http"):
        client.get(server.url + "file", hosts=HostPolicy.for_base(server.url))


def test_a_download_redirected_elsewhere_is_refused(server, tmp_path: Path):
    server.route("/bulk.gz", Reply(302, headers={"Location": "http://10.1.2.3/bulk.gz"}))
    client = make_client()
    with pytest.raises(HostNotAllowed, match="10.1.2.3"):
        client.download(server.url + "bulk.gz", tmp_path / "bulk.gz", progress=False,
                        hosts=HostPolicy.for_base(server.url))
    assert not (tmp_path / "bulk.gz").exists()


# ---- the policy itself (a resolver stands in for DNS: no test touches the network) -------


def fake_dns(table: dict[str, list[str]]):
    return lambda host: table.get(host, [])


def test_public_sources_never_reach_private_link_local_or_loopback_addresses():
    dns = fake_dns({"api.example": ["93.184.216.34"], "files.example": ["10.0.0.5"],
                    "meta.example": ["169.254.169.254"], "lo.example": ["127.0.0.1"],
                    "v6.example": ["::ffff:192.168.1.1"], "cdn.example": ["151.101.1.1"]})
    policy = HostPolicy.for_base("https://api.example/", ["files.example", "meta.example",
                                                          "lo.example", "v6.example",
                                                          "cdn.example"], resolve=dns)
    policy.check("https://cdn.example/x")  # a listed, public host
    for host, kind in (("files.example", "private"), ("meta.example", "link-local"),
                       ("lo.example", "loopback"), ("v6.example", "private")):
        with pytest.raises(HostRefused, match=f"a {kind} address"):
            policy.check(f"https://{host}/x")
    with pytest.raises(HostRefused, match="not one of this source's hosts"):
        policy.check("https://evil.example/x")
    with pytest.raises(HostRefused, match="https down to http"):
        policy.check("http://cdn.example/x", came_from="https://api.example/")
    with pytest.raises(HostRefused, match="not one of"):
        policy.check("https://api.example:8443/x")  # another port is another service


def test_a_private_base_allows_its_own_kind_only():
    dns = fake_dns({"wiki.lan": ["10.0.0.2"], "mirror.lan": ["10.0.0.3"],
                    "meta.lan": ["169.254.169.254"]})
    policy = HostPolicy.for_base("http://wiki.lan/", ["mirror.lan", "meta.lan"], resolve=dns)
    policy.check("http://mirror.lan/x")
    with pytest.raises(HostRefused, match="link-local"):
        policy.check("http://meta.lan/x")


def test_address_kinds():
    assert address_kind("8.8.8.8") == "global"
    assert address_kind("127.0.0.1") == "loopback"
    assert address_kind("::1") == "loopback"
    assert address_kind("fe80::1") == "link-local"
    assert address_kind("172.16.0.1") == "private"
    assert address_kind("0.0.0.0") == "unspecified"


# ---- odd bodies where JSON was expected -------------------------------------------------


@pytest.mark.parametrize("body, ctype, message", [
    (b"<!DOCTYPE html><html><body>Login</body></html>", "text/html", "HTML where JSON"),
    (b"<html>oops</html>", "application/json", "HTML where JSON"),
    (b"", "application/json", "empty body"),
    (b'{"object": "list", "data": [1, 2', "application/json", "invalid or truncated JSON"),
    (b"[" * 100000, "application/json", "JSON nested too deeply|invalid or truncated"),
    (b"\xff\xfe{}", "application/json", "invalid or truncated JSON"),
])
def test_json_bodies_that_are_not_json_are_errors_naming_the_url(body, ctype, message):
    resp = Response("http://127.0.0.1/x", "http://127.0.0.1/x", 200, {"Content-Type": ctype},
                    body)
    with pytest.raises(BadResponse, match=rf"^http://127\.0\.0\.1/x: ({message})"):
        resp.json_value()


def test_scryfall_may_send_the_client_to_its_file_hosts_only():
    from scraper.scryfall import DEFAULT_API, FILE_HOSTS, ScryfallClient

    client = ScryfallClient(PoliteClient(HttpConfig()), DEFAULT_API)  # nothing resolved yet
    assert {("api.scryfall.com", 443)} | {(h, None) for h in FILE_HOSTS} == set(client.hosts.hosts)
    local = ScryfallClient(PoliteClient(HttpConfig()), "http://127.0.0.1:8766/")
    assert set(local.hosts.hosts) == {("127.0.0.1", 8766)}  # a look-alike: its own host only


def test_a_json_bomb_over_the_default_size_limit_is_refused(server):
    """3 MB of ``{},`` (a few kB gzipped on the wire) is fine; 9 MB decoded is refused: it
    would parse into some 3 million dicts. Memory stays at the limit, not the bomb."""
    from scraper.http import ResponseTooLarge

    server.route("/ok", Reply(200, b"[" + b"{}," * 1_000_000 + b"{}]", gzip=True))
    server.route("/bomb", Reply(200, b"[" + b"{}," * 3_000_000 + b"{}]", gzip=True))
    client = PoliteClient(HttpConfig(default_delay=0, max_attempts=1))
    assert len(client.get(server.url + "ok").json_value()) == 1_000_001
    with pytest.raises(ResponseTooLarge, match="/bomb: body larger than limit 8388608"):
        client.get(server.url + "bomb")
