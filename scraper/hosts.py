"""Which hosts a scraper may be sent to: the source's own, and no private network behind it.

A redirect ``Location``, a Scryfall ``next_page`` or a bulk ``download_uri`` is a URL the
server chose. Followed blindly, one answer could point mtgkit (often run as root, in
CI, next to cloud metadata services) at ``http://169.254.169.254/`` or at a host inside
the network. So every URL the client is about to request is checked against a
:class:`HostPolicy` made from the source's base URL:

* the scheme is ``http`` or ``https``, and an ``https`` source is never followed down to
  plain ``http``;
* the host (with its port; a missing port is the scheme's default) is the base URL's
  host or one of the hosts configured beside it: mirrors of a wiki, Scryfall's file
  hosts (``data.scryfall.io`` and the older ``c1``/``c2.scryfall.com``), ``--allow-host``;
* every address the host resolves to is a public one, unless the base URL's own host
  is of that kind too (a wiki on ``127.0.0.1`` may redirect to ``localhost``-style
  loopback hosts it lists, never to a link-local or private one).

The resolution here is a check, not a pin: ``requests`` resolves again when it connects,
so a host that answers differently a moment later (DNS rebinding) is not caught; the
host allow-list is what stops a hostile redirect in practice.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}

Resolver = Callable[[str], list[str]]


def resolve_host(host: str) -> list[str]:
    """Every address ``host`` resolves to (an IP literal is itself); [] if it does not."""
    try:
        return [ipaddress.ip_address(host.strip("[]")).compressed]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []  # the request itself will fail and say so
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def address_kind(address: str) -> str:
    """``global`` for a public address, else what it is: loopback, link-local, private..."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return "invalid"
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local"
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_multicast:
        return "multicast"
    if ip.is_private:
        return "private"
    if ip.is_reserved or not ip.is_global:
        return "reserved"
    return "global"


def host_key(url: str) -> tuple[str, str, int] | None:
    """(scheme, lower-case host, port) of an absolute http(s) URL, else None."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    if scheme not in DEFAULT_PORTS or not host:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


def _entry(value: str, default_scheme: str) -> tuple[str, int | None]:
    """``host`` or ``host:port`` or a URL -> (host, port or None for 'default ports')."""
    text = value.strip()
    if "://" not in text:
        text = f"{default_scheme}://{text}"
    key = host_key(text)
    if key is None:
        raise ValueError(f"not a host name: {value!r}")
    explicit = urlsplit(text).port
    return key[1], explicit


class HostRefused(ValueError):
    """Why a URL may not be fetched for this source (the client wraps it with the URL)."""


@dataclass
class HostPolicy:
    """The hosts one source may send the client to (module docstring)."""

    base_url: str
    #: (host, port); port None means "the scheme's default port"
    hosts: frozenset[tuple[str, int | None]]
    #: the base URL's host, whose address kinds (other than "global") are allowed
    base_host: str
    resolve: Resolver = resolve_host
    _resolved: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _kinds: frozenset[str] | None = field(default=None, repr=False)

    @property
    def allowed_kinds(self) -> frozenset[str]:
        """Address kinds the base host has (resolved on first use, not at construction)."""
        if self._kinds is None:
            self._kinds = frozenset(address_kind(a) for a in self._addresses(self.base_host)) \
                - {"global"}
        return self._kinds

    def _addresses(self, host: str) -> list[str]:
        if host not in self._resolved:
            self._resolved[host] = self.resolve(host)
        return self._resolved[host]

    @classmethod
    def for_base(cls, base_url: str, extra_hosts: Iterable[str] = (),
                 resolve: Resolver = resolve_host) -> HostPolicy:
        key = host_key(base_url)
        if key is None:
            raise ValueError(f"{base_url}: not an http(s) URL")
        scheme, host, port = key
        hosts = {(host, port)}
        for extra in extra_hosts:
            hosts.add(_entry(extra, scheme))
        return cls(base_url, frozenset(hosts), host, resolve)

    def describe(self) -> str:
        return ", ".join(sorted(h if p is None else f"{h}:{p}" for h, p in self.hosts))

    def _listed(self, scheme: str, host: str, port: int) -> bool:
        for h, p in self.hosts:
            if h == host and (p == port or (p is None and port == DEFAULT_PORTS[scheme])):
                return True
        return False

    def check(self, url: str, *, came_from: str | None = None) -> None:
        """Raise :class:`HostRefused` unless ``url`` may be fetched for this source."""
        key = host_key(url)
        if key is None:
            raise HostRefused("only absolute http:// and https:// URLs are followed")
        scheme, host, port = key
        origin = host_key(came_from) if came_from else None
        if origin is not None and origin[0] == "https" and scheme == "http":
            raise HostRefused(f"refusing to go from https down to http (from {came_from})")
        if not self._listed(scheme, host, port):
            raise HostRefused(
                f"host {host}:{port} is not one of this source's hosts ({self.describe()}; "
                "add a mirror with --allow-host)")
        for address in self._addresses(host):
            kind = address_kind(address)
            if kind != "global" and kind not in self.allowed_kinds:
                raise HostRefused(
                    f"host {host} resolves to {address}, a {kind} address, and the base URL "
                    f"{self.base_url} is not one")
