"""A small MediaWiki on :class:`FakeServer`: api.php, action=raw and rendered pages.

Pages are the project's own fixtures (tests/fixtures/wiki). They are rendered to HTML
the way the MTG Wiki renders them: ``{{#card:}}`` as a card box (header, type line,
text, P/T), ``{{#cr:}}`` as the quoted rules block, ``{{CR|…}}`` as ``CR:…`` links, the
infobox as a table with a CR row, and the page chrome (site sub, jump links, table of
contents, [編集] links, category links, footer) around it, so the parser meets the
noise it meets on the real site.
"""

from __future__ import annotations

import hashlib
import html as htmlmod
import json
import re
from pathlib import Path
from urllib.parse import quote

import mwparserfromhell

from tests.scraper.fakeserver import FakeServer, Reply, Request, file_reply

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "wiki"


def _href(title: str) -> str:
    return "/wiki/" + quote(title.replace(" ", "_"), safe="/:")


class FakeWiki:
    """The fixture wiki; ``api=False`` makes api.php answer 404 like the real MTG Wiki."""

    def __init__(self, server: FakeServer, *, api: bool = True, page_size: int = 3) -> None:
        site = json.loads((FIXTURES / "site.json").read_text(encoding="utf-8"))
        self.server = server
        self.api = api
        self.page_size = page_size
        self.cr_version: str = site["cr_version"]
        self.cards: dict = site["cards"]
        self.rules: dict = site["rules"]
        self.redirects: dict[str, str] = dict(site["redirects"])
        self.pages: dict[str, dict] = {}
        for title, meta in site["pages"].items():
            text = (FIXTURES / "pages" / meta["file"]).read_text(encoding="utf-8")
            self.pages[title] = {"revid": meta["revid"], "wikitext": text}
        self.maxlag_errors = 0
        self.allpages_html = True  # False: Special:AllPages answers 404 too
        self.infobox_cr = {"日暮": "702.145"}
        server.fallback = self.handle

    # ---- editing ----------------------------------------------------------------------

    def edit(self, title: str, wikitext: str) -> None:
        page = self.pages[title]
        page["wikitext"] = wikitext
        page["revid"] += 1000

    def add_page(self, title: str, wikitext: str, revid: int) -> None:
        self.pages[title] = {"revid": revid, "wikitext": wikitext}

    # ---- rendering --------------------------------------------------------------------

    def resolve(self, title: str) -> tuple[str, str | None]:
        if title in self.redirects:
            return self.redirects[title], title
        return title, None

    def exists(self, title: str) -> bool:
        return title in self.pages or title in self.redirects

    def categories(self, title: str) -> list[str]:
        return re.findall(r"\[\[カテゴリ:([^\]|]+)", self.pages[title]["wikitext"])

    def links(self, title: str) -> list[str]:
        code = mwparserfromhell.parse(self.pages[title]["wikitext"])
        out = []
        for wl in code.filter_wikilinks():
            target = str(wl.title).split("#")[0].strip()
            if target and not target.startswith("カテゴリ:") and target not in out:
                out.append(target)
        return out

    def card_box(self, name: str) -> str:
        card = self.cards.get(name)
        if card is None:
            return f'<div class="card-box"><p>{htmlmod.escape(name)}</p></div>'
        head = (f"{card['ja']} / {name}" if card.get("ja_first") else f"{name} / {card['ja']}")
        lines = [f"{head} {card['cost']}", card["type"]]
        if card.get("duplicate_type"):
            lines.append(card["type"])
        lines.extend(card["text"])
        if card.get("loyalty"):
            lines.append(card["loyalty"])
        back = card.get("back")
        if back:
            back_head = f"{back['name']} / {back['ja']}"
            if card.get("run_in_pt"):
                lines.append(card["pt"] + back_head)
            else:
                lines.extend([card["pt"], back_head])
            lines.append(f"{back['indicator']} {back['type']}")
            lines.extend(back["text"])
            lines.append(back["pt"])
        elif card.get("pt"):
            lines.append(card["pt"])
        return '<div class="card-box"><p>' + "<br />\n".join(
            htmlmod.escape(x) for x in lines) + "</p></div>"

    def quoted_rules(self, number: str) -> str:
        section = self.rules.get(number)
        head = (f'<h2><span class="mw-headline">引用:総合ルール {self.cr_version}</span>'
                f'<span class="mw-editsection">[<a href="#">編集</a>]</span></h2>')
        if section is None:
            return head
        items = []
        for num, text in section["rules"]:
            example = section.get("examples", {}).get(num)
            sub = f"<ul><li>{htmlmod.escape(example)}</li></ul>" if example else ""
            items.append(f"<li>{num} {htmlmod.escape(text)}{sub}</li>")
        return (head + f"<ul><li>{section['chapter']}<ul><li>{number} {section['title']}"
                f"<ul>{''.join(items)}</ul></li></ul></li></ul>")

    def _cr_link(self, number: str) -> str:
        return f'<a href="/wiki/CR:{number}" title="CR:{number}">CR:{number}</a>'

    def _inline(self, text: str) -> str:
        def link(match: re.Match) -> str:
            target, _, label = match.group(1).partition("|")
            page = target.split("#")[0]
            shown = htmlmod.escape(label or target)
            if page.startswith("カテゴリ:"):
                return ""
            if self.exists(page):
                anchor = "#" + quote(target.split("#", 1)[1]) if "#" in target else ""
                return f'<a href="{_href(page)}{anchor}" title="{htmlmod.escape(page)}">{shown}</a>'
            return (f'<a href="/index.php?title={quote(page)}&amp;action=edit&amp;redlink=1" '
                    f'class="new" title="{htmlmod.escape(page)} (存在しないページ)">{shown}</a>')

        text = re.sub(r"\[\[([^\]]+)\]\]", link, text)
        text = re.sub(r"'''(.+?)'''", r"<b>\1</b>", text)
        return re.sub(r"''(.+?)''", r"<i>\1</i>", text)

    def render_body(self, title: str) -> str:
        code = mwparserfromhell.parse(self.pages[title]["wikitext"])
        blocks: dict[str, str] = {}
        for i, tpl in enumerate(code.filter_templates(recursive=False)):
            name = str(tpl.name).strip()
            key = f"\x02{i}\x02"
            if name.startswith("#card:"):
                blocks[key] = self.card_box(name.split(":", 1)[1].strip())
            elif name.startswith("#cr:"):
                blocks[key] = self.quoted_rules(name.split(":", 1)[1].strip())
            elif name == "CR":
                value = tpl.params[0].value
                inner = value.filter_templates(recursive=False)
                if inner:
                    wanted = str(inner[0].params[0].value).strip()
                    number = next((n for n, s in self.rules.items() if s["title"] == wanted), "?")
                    number += str(value).replace(str(inner[0]), "").strip()
                else:
                    number = str(value).strip()
                blocks[key] = self._cr_link(number)
            elif name.startswith("情報ボックス"):
                rows = "".join(
                    f"<tr><th>{p.name.strip()}</th><td>{self._inline(str(p.value).strip())}</td></tr>"
                    for p in tpl.params
                )
                if title in self.infobox_cr:
                    rows += f"<tr><th>CR</th><td>{self._cr_link(self.infobox_cr[title])}</td></tr>"
                blocks[key] = f'<table class="infobox">{rows}</table>'
            else:
                continue
            code.replace(tpl, key)
        out: list[str] = []
        para: list[str] = []
        headings = 0

        def flush() -> None:
            if para:
                out.append("<p>" + "\n".join(para) + "</p>")
                para.clear()

        for line in str(code).split("\n"):
            stripped = line.strip()
            heading = re.match(r"^(=+)\s*(.+?)\s*\1$", stripped)
            if heading:
                flush()
                level = len(heading.group(1))
                headings += 1
                out.append(f'<h{level}><span class="mw-headline">{self._inline(heading.group(2))}'
                           f'</span><span class="mw-editsection">[<a href="/index.php?title='
                           f'{quote(title)}&amp;action=edit&amp;section={headings}">編集</a>]'
                           f'</span></h{level}>')
            elif re.match(r"^[*#]+", stripped):
                flush()
                marks = re.match(r"^[*#]+", stripped).group(0)
                body = self._inline(stripped[len(marks):].strip())
                html = f"<li>{body}</li>"
                for mark in reversed(marks):
                    tag = "ul" if mark == "*" else "ol"
                    html = f"<{tag}>{html}</{tag}>"
                out.append(html)
            elif not stripped:
                flush()
            elif stripped.startswith("\x02") and stripped.endswith("\x02"):
                flush()
                out.append(stripped)
            else:
                para.append(self._inline(stripped))
        flush()
        body = "\n".join(out)
        if headings >= 2:
            toc = ('<div id="toc" class="toc"><div class="toctitle"><h2>目次</h2></div>'
                   '<ul><li>1 解説</li></ul></div>')
            body = body.replace("<h2>", toc + "<h2>", 1)
        for key, value in blocks.items():
            body = body.replace(key, value)
        return f'<div class="mw-parser-output">{body}</div>'

    def render_page(self, title: str, redirected_from: str | None = None) -> str:
        page = self.pages[title]
        cats = "".join(f'<li><a href="{_href("カテゴリ:" + c)}">{c}</a></li>'
                       for c in self.categories(title))
        note = f"({redirected_from}から転送)" if redirected_from else ""
        return (
            f'<!DOCTYPE html><html><head><title>{title} - MTG Wiki</title>'
            f'<script>RLCONF={{"wgPageName":"{title}","wgRevisionId":{page["revid"]}}};</script>'
            f'</head><body><div id="mw-navigation"><h2>案内メニュー</h2><ul><li>'
            f'<a href="/wiki/メインページ">メインページ</a></li></ul></div>'
            f'<div id="content"><h1 id="firstHeading">{title}</h1><div id="bodyContent">'
            f'<div id="siteSub">提供: MTG Wiki</div><div id="contentSub">{note}</div>'
            f'<div id="jump-to-nav">移動: 案内, 検索</div>'
            f'<div id="mw-content-text">{self.render_body(title)}</div>'
            f'<div class="printfooter">「http://mtgwiki.com/wiki/{quote(title)}」から取得</div>'
            f'<div id="catlinks"><div class="mw-normal-catlinks"><a href="/wiki/特別:カテゴリ">'
            f'カテゴリ</a>: <ul>{cats}</ul></div></div></div></div>'
            f'<div id="footer"><ul><li>このページの最終更新は2026年1月1日です。</li></ul></div>'
            f"</body></html>"
        )

    # ---- HTTP -------------------------------------------------------------------------

    def handle(self, req: Request) -> Reply | None:
        path = req.path.split("?", 1)[0]
        if path == "/robots.txt":
            return Reply(200, b"User-agent: *\nDisallow: /wiki/%E7%89%B9%E5%88%A5:\n",
                         {"Content-Type": "text/plain"})
        if path == "/api.php":
            if not self.api:
                return Reply(404, b"<html>Not Found</html>", {"Content-Type": "text/html"})
            return self.api_reply(req)
        if path == "/index.php" and req.q("action") == "raw":
            title = (req.q("title") or "").replace("_", " ")
            if title in self.redirects:
                body = f"#転送 [[{self.redirects[title]}]]".encode()
            elif title in self.pages:
                body = self.pages[title]["wikitext"].encode()
            else:
                return Reply(404, b"", {"Content-Type": "text/x-wiki"})
            return file_reply(req, body, content_type="text/x-wiki; charset=UTF-8")
        title = None
        if path.startswith("/wiki/"):
            title = path[len("/wiki/"):].replace("_", " ")
        elif path == "/index.php" and req.q("title"):
            title = req.q("title").replace("_", " ")
        if title is not None and title.startswith("カテゴリ:"):
            name = title.split(":", 1)[1]
            members = sorted(t for t in self.pages if name in self.categories(t))
            start = req.q("pagefrom")
            if start is not None:
                members = [t for t in members if t >= start.replace("_", " ")]
            shown, rest = members[:self.page_size], members[self.page_size:]
            items = "".join(f'<li><a href="{_href(t)}" title="{t}">{t}</a></li>' for t in shown)
            nav = (f'(<a href="/index.php?title={quote(title)}&amp;pagefrom={quote(rest[0])}"'
                   f' title="{title}">次のページ</a>)' if rest else "(次のページ)")
            body = (f'<html><body><h1 id="firstHeading">{title}</h1><div id="mw-pages">'
                    f"<h2>カテゴリ「{name}」にあるページ</h2>{nav}<ul>{items}</ul>{nav}</div>"
                    f"</body></html>").encode()
            return file_reply(req, body, content_type="text/html; charset=UTF-8")
        if title in ("特別:ページ一覧", "Special:AllPages") and self.allpages_html:
            return self.all_pages_reply(req)
        if title is not None:
            final, source = self.resolve(title)
            if final not in self.pages:
                return Reply(404, b"<html>missing</html>", {"Content-Type": "text/html"})
            body = self.render_page(final, source).encode()
            reply = file_reply(req, body, content_type="text/html; charset=UTF-8")
            reply.gzip = True
            return reply
        return None

    def all_pages_reply(self, req: Request) -> Reply:
        """Special:AllPages as MediaWiki 1.3x draws it: a ``ul.mw-allpages-chunk`` of
        ``page_size`` titles (redirects marked ``allpagesredirect`` unless
        ``hideredirects``), and a ``mw-allpages-nav`` with 前のページ / 次のページ links."""
        hide = req.q("hideredirects") == "1"
        titles = sorted(list(self.pages) + ([] if hide else list(self.redirects)))
        start = (req.q("from") or "").replace("_", " ")
        index = next((i for i, t in enumerate(titles) if t >= start), len(titles))
        shown = titles[index:index + self.page_size]
        redirect_class = ' class="allpagesredirect"'
        items = "".join(
            f'<li{redirect_class if t in self.redirects else ""}>'
            f'<a href="{_href(t)}" title="{t}">{t}</a></li>' for t in shown)
        nav = []
        if index > 0:
            prev = titles[max(0, index - self.page_size)]
            nav.append(f'<a href="/index.php?title=%E7%89%B9%E5%88%A5:%E3%83%9A%E3%83%BC%E3%82%B8'
                       f'%E4%B8%80%E8%A6%A7&amp;from={quote(prev)}">前のページ ({prev})</a>')
        if index + self.page_size < len(titles):
            nxt = titles[index + self.page_size]
            nav.append(f'<a href="/index.php?title=%E7%89%B9%E5%88%A5:%E3%83%9A%E3%83%BC%E3%82%B8'
                       f'%E4%B8%80%E8%A6%A7&amp;from={quote(nxt)}&amp;hideredirects='
                       f'{"1" if hide else "0"}">次のページ ({nxt})</a>')
        body = (f'<html><body><h1 id="firstHeading">ページ一覧</h1><div id="mw-content-text">'
                f'<div class="mw-allpages-nav">{" | ".join(nav)}</div>'
                f'<div class="mw-allpages-body"><ul class="mw-allpages-chunk">{items}</ul></div>'
                f'<div class="mw-allpages-nav">{" | ".join(nav)}</div></div>'
                f'<div id="mw-navigation"><a href="/wiki/%E3%83%A1%E3%82%A4%E3%83%B3">メイン</a>'
                f"</div></body></html>").encode()
        return Reply(200, body, {"Content-Type": "text/html; charset=UTF-8"})

    def _json(self, data: dict, headers: dict | None = None) -> Reply:
        return Reply(200, json.dumps(data, ensure_ascii=False).encode(),
                     {"Content-Type": "application/json; charset=utf-8", **(headers or {})},
                     gzip=True)

    def api_reply(self, req: Request) -> Reply:
        if self.maxlag_errors > 0 and req.q("maxlag"):
            self.maxlag_errors -= 1
            return self._json({"error": {"code": "maxlag", "info": "Waiting for a database"}},
                              {"Retry-After": "0", "X-Database-Lag": "7"})
        action = req.q("action")
        if action == "parse":
            asked = (req.q("page") or "").replace("_", " ")
            final, source = self.resolve(asked)
            if final not in self.pages:
                return self._json({"error": {"code": "missingtitle",
                                             "info": "The page you specified doesn't exist."}})
            page = self.pages[final]
            data = {
                "title": final, "pageid": abs(hash(final)) % 10000, "revid": page["revid"],
                "text": self.render_body(final), "wikitext": page["wikitext"],
                "categories": [{"sortkey": "", "category": c} for c in self.categories(final)],
                "links": [{"ns": 0, "title": t, "exists": self.exists(t.split("#")[0])}
                          for t in self.links(final)],
                "redirects": [{"from": source, "to": final}] if source else [],
            }
            return self._json({"parse": data})
        if action == "query" and req.q("meta") == "siteinfo":
            return self._json({"batchcomplete": True, "query": {"general": {
                "sitename": "MTG Wiki", "generator": "MediaWiki 1.39.0"}}})
        if action == "query" and req.q("prop") == "info":
            titles = (req.q("titles") or "").split("|")
            normalized, redirects, pages = [], [], []
            for raw in titles:
                title = raw.replace("_", " ")
                if title != raw:
                    normalized.append({"from": raw, "to": title})
                final, source = self.resolve(title)
                if source:
                    redirects.append({"from": source, "to": final})
                if final in self.pages:
                    pages.append({"title": final, "lastrevid": self.pages[final]["revid"]})
                else:
                    pages.append({"title": final, "missing": True})
            return self._json({"batchcomplete": True, "query": {
                "normalized": normalized, "redirects": redirects, "pages": pages}})
        if action == "query" and req.q("list") in ("categorymembers", "allpages"):
            if req.q("list") == "categorymembers":
                cat = (req.q("cmtitle") or "").split(":", 1)[1]
                titles = [t for t in self.pages if cat in self.categories(t)]
                key, token = "categorymembers", "cmcontinue"
            else:
                titles = sorted(self.pages)
                key, token = "allpages", "apcontinue"
            start = int(req.q(token) or 0)
            chunk = titles[start:start + self.page_size]
            data: dict = {"batchcomplete": True,
                          "query": {key: [{"ns": 0, "title": t} for t in chunk]}}
            if start + self.page_size < len(titles):
                data["continue"] = {token: str(start + self.page_size), "continue": "-||"}
            return self._json(data)
        return self._json({"error": {"code": "badvalue", "info": f"unsupported {req.path}"}})


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
