"""Wiki URLs and titles: many forms of one page reduced to one canonical title.

The MTG Wiki answers on ``mtgwiki.com``, ``www.``, ``m.`` and ``mobile.`` hosts, as
``/wiki/TITLE`` or ``index.php?title=TITLE`` with ``oldid``, ``diff``, ``printable``,
``redirect``, ``action`` ... in any order. A crawler that de-duplicated on URLs would
fetch the same page many times, so everything is keyed on the title produced here.
MediaWiki rules followed: ``_`` is a space, the first letter is upper-cased
(``$wgCapitalLinks``), ``#fragment`` is not part of the title, and in a query string
``+`` means a space (PHP form decoding) while in a path it is a literal ``+``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, unquote, urlsplit

MIRROR_PREFIXES = ("www.", "m.", "mobile.")

#: namespace prefixes (Japanese and English names) whose pages are not articles
NON_ARTICLE_NAMESPACES = frozenset(
    {
        "カテゴリ", "category", "ファイル", "file", "画像", "image", "特別", "special",
        "テンプレート", "template", "利用者", "user", "ヘルプ", "help", "mediawiki",
        "mtg wiki", "project", "プロジェクト", "メディア", "media", "モジュール", "module",
        "talk", "トーク", "cr",  # CR:702.145 points into the rules, not an article
    }
)
CATEGORY_PREFIXES = ("カテゴリ:", "Category:", "category:")


def canonical_host(host: str) -> str:
    """``m.mtgwiki.com`` -> ``mtgwiki.com``: the mirrors serve the same pages."""
    host = host.lower().split("@")[-1]
    for prefix in MIRROR_PREFIXES:
        if host.startswith(prefix):
            return host[len(prefix):]
    return host


def clean_title(raw: str) -> tuple[str, str | None]:
    """A raw (already URL-decoded) title -> (canonical title, fragment or None)."""
    fragment = None
    if "#" in raw:
        raw, fragment = raw.split("#", 1)
        fragment = fragment.replace("_", " ").strip() or None
    title = re.sub(r"[\s_]+", " ", raw).strip()
    if title[:1].isascii() and title[:1].islower():
        title = title[0].upper() + title[1:]
    return title, fragment


def title_from_url(url: str, base_url: str | None = None) -> str | None:
    """The canonical title a wiki URL shows, or None (another site, a search, no title,
    or no URL at all: ``http://[::1`` makes urllib raise)."""
    try:
        parts = urlsplit(url)
        base_host = urlsplit(base_url).netloc if base_url is not None else ""
    except ValueError:
        return None
    if base_url is not None and parts.netloc:
        if canonical_host(parts.netloc) != canonical_host(base_host):
            return None
    query = parse_qs(parts.query, keep_blank_values=True)
    if "search" in query and "title" not in query:
        return None
    if "title" in query and query["title"][0]:
        title = query["title"][0]
    else:
        path = parts.path
        marker = path.find("/wiki/")
        if marker < 0:
            return None
        title = unquote(path[marker + len("/wiki/"):])
    if not title:
        return None
    return clean_title(title)[0] or None


def is_article(title: str) -> bool:
    """Main-namespace pages only: categories, files, users, specials are not followed."""
    for sep in (":", "："):
        if sep in title:
            prefix = title.split(sep, 1)[0].strip().lower()
            if sep == ":" and (
                prefix in NON_ARTICLE_NAMESPACES
                or prefix.endswith("talk")
                or prefix.endswith("トーク")
            ):
                return False
    return True


def category_name(title: str) -> str | None:
    """``カテゴリ:ルール用語`` -> ``ルール用語``; None when it is not a category title."""
    for prefix in CATEGORY_PREFIXES:
        if title.startswith(prefix):
            return clean_title(title[len(prefix):])[0]
    return None


def page_url(base_url: str, title: str) -> str:
    """The canonical URL recorded for a title: ``{base}wiki/Title_With_Underscores``."""
    return base_url + "wiki/" + quote(title.replace(" ", "_"), safe="/:'(),!*@")
