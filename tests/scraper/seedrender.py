"""Turn the plain-text seed pages (../shared/seeds) back into pages the wiki would serve.

The seeds are text copies of real MTG Wiki pages: link markup and HTML are gone. To test
the scraper on them "as served", this renders them at test time (never into the repo):
headings (a short line alone between blank lines, or the line before ``[編集]``) become
``h2`` with an edit link, bullets become nested lists, the rest paragraphs with ``<br>``,
page chrome goes where MediaWiki puts it, and ``日本語/English`` spans become links.
Which spans were links is not in the text, so a span is linked when the name pair is a
known card (jpname.json) or, for rules terms, when it is a run of katakana/kanji (no
particles), a slash and capitalised English words. The diff view (seed 003) becomes a
MediaWiki diff table whose newer side holds the wikitext.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

#: rules terms (not in any card dictionary): katakana/kanji only, so that a particle
#: (が, で, の...) ends the span instead of swallowing the sentence before it
JA_RUN = r"[\u30a0-\u30ff\u3400-\u9fff・ー]"
TERM_PAIR = re.compile(rf"({JA_RUN}+)/([A-Z][A-Za-z']*(?:(?:, | |-)[A-Za-z][A-Za-z']*)*)")


def link_spans(line: str, ja_to_en: dict[str, str]) -> list[tuple[int, int, str]]:
    """(start, end, target) of every 日本語/English span to render as a link."""
    spans: list[tuple[int, int, str]] = []
    for i, ch in enumerate(line):
        if ch != "/" or i == 0:
            continue
        best = None
        for length in range(1, min(i, 40) + 1):
            ja = line[i - length:i]
            en = ja_to_en.get(ja)
            if en and line.startswith(en, i + 1):
                best = (i - length, i + 1 + len(en), f"{ja}/{en}")
        if best:
            spans.append(best)
    for match in TERM_PAIR.finditer(line):
        if not any(match.start() < e and s < match.end() for s, e, _ in spans):
            spans.append((match.start(), match.end(), match.group(0)))
    spans.sort()
    out: list[tuple[int, int, str]] = []
    for span in spans:
        if not out or span[0] >= out[-1][1]:
            out.append(span)
    return out


def linkify(line: str, ja_to_en: dict[str, str]) -> str:
    parts, pos = [], 0
    for start, end, target in link_spans(line, ja_to_en):
        parts.append(html.escape(line[pos:start]))
        href = "/wiki/" + quote(target.replace(" ", "_"), safe="/:")
        parts.append(f'<a href="{href}" title="{html.escape(target)}">'
                     f"{html.escape(line[start:end])}</a>")
        pos = end
    parts.append(html.escape(line[pos:]))
    return "".join(parts)


def _is_heading(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    if not line or i == 0 or len(line) > 30 or "。" in line or " / " in line:
        return False
    if re.match(r"^[•\-*\d]|^\S+/\S+$", line):
        return False
    nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
    if nxt.startswith("[編集]"):
        return True
    prev = lines[i - 1].strip()
    return prev == "" and nxt == ""


def render_article(text: str, ja_to_en: dict[str, str]) -> tuple[str, str]:
    """(title, full HTML page) for a rendered-text seed."""
    lines = text.splitlines()
    title = lines[0].strip()
    body: list[str] = []
    para: list[str] = []
    list_depth = 0

    def close_lists(to: int = 0) -> None:
        nonlocal list_depth
        while list_depth > to:
            body.append("</ul>")
            list_depth -= 1

    def flush() -> None:
        if para:
            body.append("<p>" + "<br />\n".join(para) + "</p>")
            para.clear()

    sub = ""
    for i in range(1, len(lines)):
        raw = lines[i]
        line = raw.strip()
        if line.startswith("[編集]"):
            line = line[len("[編集]"):].strip()
            if not line:
                continue
        if re.match(r"^提供\s*[:：]", line):
            sub = f'<div id="siteSub">{html.escape(line)}</div>'
            continue
        if line.startswith("目次"):
            flush()
            close_lists()
            body.append(f'<div id="toc" class="toc"><div class="toctitle"><h2>目次</h2></div>'
                        f"<p>{html.escape(line[2:])}</p></div>")
            continue
        if _is_heading(lines, i):
            flush()
            close_lists()
            body.append(f'<h2><span class="mw-headline">{html.escape(line)}</span>'
                        f'<span class="mw-editsection">[<a href="#">編集</a>]</span></h2>')
            continue
        bullet = re.match(r"^(\s*)(?:•|-|\*)\s+(.*)$", raw)
        if bullet:
            flush()
            depth = len(bullet.group(1)) // 2 + 1
            while list_depth < depth:
                body.append("<ul>")
                list_depth += 1
            close_lists(depth)
            body.append(f"<li>{linkify(bullet.group(2), ja_to_en)}</li>")
            continue
        if not line:
            flush()
            close_lists()
            continue
        close_lists()
        para.append(linkify(line, ja_to_en))
    flush()
    close_lists()
    page = (f"<!DOCTYPE html><html><head><title>{html.escape(title)} - MTG Wiki</title></head>"
            f'<body><div id="content"><h1 id="firstHeading">{html.escape(title)}</h1>'
            f'<div id="bodyContent">{sub}<div id="jump-to-nav">移動: 案内, 検索</div>'
            f'<div id="mw-content-text"><div class="mw-parser-output">{"".join(body)}'
            f"</div></div></div></div></body></html>")
    return title, page


def render_diff(text: str) -> tuple[str, str]:
    """(title, HTML) of an edit/diff view: a ``table.diff`` with old and new sides."""
    lines = text.splitlines()
    match = re.match(r"^「(.+)」を編集中", lines[0].strip())
    title = match.group(1) if match else lines[0].strip()
    rows = []
    for raw in lines[1:]:
        cells = [c.strip() for c in raw.split(" | ")]
        if raw.startswith("− |") or raw.startswith("+ |"):
            old = new = None
            if cells[0] == "−":
                old = cells[1] if len(cells) > 1 else ""
                if "+" in cells[2:]:
                    at = cells.index("+", 2)
                    new = cells[at + 1].rstrip(" |") if at + 1 < len(cells) else ""
            else:
                new = cells[1].rstrip(" |") if len(cells) > 1 else ""
            if old is not None and old == "+":  # "− | + | text": an empty old line
                new, old = cells[2].rstrip(" |") if len(cells) > 2 else "", ""
            row = ""
            if old is not None:
                row += (f'<td class="diff-marker">−</td><td class="diff-deletedline"><div>'
                        f"{html.escape(old)}</div></td>")
            else:
                row += '<td colspan="2" class="diff-empty"></td>'
            if new is not None:
                row += (f'<td class="diff-marker">+</td><td class="diff-addedline"><div>'
                        f"{html.escape(new)}</div></td>")
            else:
                row += '<td colspan="2" class="diff-empty"></td>'
            rows.append(f"<tr>{row}</tr>")
        elif re.match(r"^\d+行:", raw):
            rows.append('<tr><td colspan="2" class="diff-lineno">1行:</td>'
                        '<td colspan="2" class="diff-lineno">1行:</td></tr>')
        elif " | " in raw and not raw.startswith(("最新版", "あなたは", "取り消し", "これが")):
            context = html.escape(cells[0])
            rows.append(f'<tr><td class="diff-marker"></td><td class="diff-context"><div>'
                        f'{context}</div></td><td class="diff-marker"></td>'
                        f'<td class="diff-context"><div>{context}</div></td></tr>')
    page = (f'<!DOCTYPE html><html><body><h1 id="firstHeading">{html.escape(lines[0])}</h1>'
            f'<div id="mw-content-text"><table class="diff">{"".join(rows)}</table>'
            f"</div></body></html>")
    return title, page
