"""Wiki page (wikitext and/or rendered HTML) -> one plain :class:`ParsedPage` record.

The two sources complement each other: the wikitext has exact link targets, the
``{{#card:}}``/``{{CR}}`` templates and the infobox parameters; the rendered page has
what templates expand to (card boxes with cost and type, the quoted rules block, the
infobox's CR row). So links and templates come from the wikitext when it is there,
text, sections, card details and quoted rules from the rendered page, and each falls
back to the other. An edit/diff view (the only copy sometimes found) carries the
wikitext in its diff table; the newer side is read back from it.

HTML is read with lxml (which repairs tag soup) in one read-only walk of the tree;
wikitext with mwparserfromhell. Nothing here fetches or stores: the result is
dataclasses that only ``db/`` turns into rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import unquote, urljoin

import lxml.etree
import lxml.html
import mwparserfromhell
from lxml.html import HtmlElement

from scraper.cardbox import CardBox, find_card_boxes
from scraper.crrefs import (
    CrRef,
    QuotedRules,
    cites_from_text,
    cites_from_wikitext,
    dedupe,
    quoted_rules_from_text,
)
from scraper.dungeon import Dungeon, dungeons_from_page
from scraper.names import NameSplitter
from scraper.titles import category_name, clean_title, is_article, title_from_url

HEADING_MARK = "\x01"
CR_LINK = re.compile(r"^CR\s*[:：]\s*(\d{3}(?:\.\d+[a-z]?)?)$", re.IGNORECASE)


@dataclass
class Section:
    """A section of a page; index 0 is the lead (level 0, empty heading)."""

    index: int
    level: int
    heading: str
    text: str


@dataclass
class Link:
    """A link to another wiki page, its title split into Japanese and English names."""

    target: str
    target_ja: str | None
    target_en: str | None
    anchor: str | None = None
    label: str | None = None
    exists: bool = True


@dataclass
class ParsedPage:
    """Everything mtgkit keeps of one wiki page."""

    title: str
    url: str | None = None
    revision_id: int | None = None
    fetched_at: datetime | None = None
    en_name: str | None = None
    wikitext: str | None = None
    html: str | None = None
    text: str = ""
    sections: list[Section] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    card_boxes: list[CardBox] = field(default_factory=list)
    cr_refs: list[CrRef] = field(default_factory=list)
    quoted_rules: QuotedRules | None = None
    dungeons: list[Dungeon] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    redirected_from: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------- chrome

CHROME_LINES = re.compile("|".join(
    f"(?:{p})"
    for p in (
        r"^提供\s*[:：]\s*MTG Wiki$",
        r"^移動\s*[:：]\s*案内\s*[、,]\s*検索$",
        r"^ナビゲーションに移動|^検索に移動",
        r"^\d{4}年\d{1,2}月\d{1,2}日 \(.\) \d{1,2}:\d{2}時点における.*による版",
        r"^\(差分\)\s*←前の版",
        r"^目次(\s|$)",
        r"^\(\d+人の利用者による、間の\d+版が非表示\)$",
        r"^あなたはログインしていません",
        r"^このページの最終更新|^このページは\d+回アクセス",
        r"^「https?://.*」から取得$",
        r"^案内メニュー$",
    )
))
REDIRECT_NOTE = re.compile(r"^\((.+)から転送\)$")
SKIP_TAGS = frozenset({"script", "style", "noscript", "head", "title"})
SKIP_IDS = frozenset({
    "toc", "siteSub", "contentSub", "contentSub2", "jump-to-nav", "mw-navigation", "footer",
    "mw-head", "mw-panel", "catlinks", "mw-hidden-catlinks", "p-search",
})
SKIP_CLASSES = frozenset({
    "mw-editsection", "editsection", "toc", "printfooter", "mw-jump-link", "navbox",
    "mw-indicators",
})
_PARSER = lxml.html.HTMLParser(encoding="utf-8", remove_comments=True)
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: blocks that stand apart (a blank line) and blocks that only start a new line: a card box
#: is lines of one block, so its lines must not be torn apart by blank lines
PARAGRAPH_TAGS = frozenset({"p", "table", "blockquote", "section", "center"})
LINE_TAGS = frozenset({"div", "dd", "dt", "tr", "ul", "ol", "dl"})


def clean_lines(lines: list[str]) -> tuple[list[str], list[str]]:
    """Drop page chrome and ``[編集]`` markers; return (lines, redirected-from titles)."""
    out: list[str] = []
    redirects: list[str] = []
    for raw in lines:
        line = raw.replace("[編集]", "").replace("\xa0", " ").strip()
        note = REDIRECT_NOTE.match(line)
        if note:
            redirects.append(note.group(1))
            continue
        if CHROME_LINES.search(line):
            continue
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return out, redirects


# ---------------------------------------------------------------------------- HTML


@dataclass
class RenderedPage:
    """What the rendered HTML says, before it is merged with the wikitext."""

    title: str | None
    marked_text: str  # heading lines start with HEADING_MARK + level
    links: list[Link]
    categories: list[str]
    revision_id: int | None
    redirected_from: list[str]
    diff_wikitext: str | None
    cr_links: list[str] = field(default_factory=list)  # rule numbers of CR:… links


def _by_id(doc: HtmlElement, key: str) -> HtmlElement | None:
    found = doc.xpath(f'//*[@id="{key}"]')
    return found[0] if found else None


def _has_class(el: HtmlElement, name: str) -> bool:
    return name in (el.get("class") or "").split()


def _content_root(doc: HtmlElement) -> HtmlElement:
    content = _by_id(doc, "mw-content-text")
    if content is not None:
        inner = [c for c in content if c.tag == "div" and _has_class(c, "mw-parser-output")]
        return inner[0] if inner else content
    for key in ("bodyContent", "content"):
        found = _by_id(doc, key)
        if found is not None:
            return found
    body = doc.find("body")
    return body if body is not None else doc


def revision_from_html(html: str) -> int | None:
    for pattern in (r'"wgRevisionId"\s*:\s*(\d+)', r'"wgCurRevisionId"\s*:\s*(\d+)',
                    r'id="t-permalink"[^>]*>\s*<a[^>]*oldid=(\d+)',
                    r'<a[^>]*oldid=(\d+)[^>]*>[^<]*固定リンク'):
        match = re.search(pattern, html)
        if match and int(match.group(1)) > 0:
            return int(match.group(1))
    return None


def _target(base: str, href: str) -> str | None:
    """The wiki title an href points to; None for one that is no URL at all
    (``http://[::1`` raises in urllib: one broken link must not lose the page)."""
    try:
        return title_from_url(urljoin(base, href), base)
    except ValueError:
        return None


def categories_from_catlinks(catlinks: HtmlElement | None, base: str) -> list[str]:
    """Visible categories from the foot of the page, whichever MediaWiki drew it.

    Newer skins mark the box ``class="mw-normal-catlinks"``, older ones
    ``id="mw-normal-catlinks"`` (or only ``#catlinks`` with ``<span>``s): so the category
    is read from each link's target, and the box of hidden categories is left out.
    """
    if catlinks is None:
        return []
    out: list[str] = []
    for a in catlinks.iter("a"):
        if any(_has_class(p, "mw-hidden-catlinks") or p.get("id") == "mw-hidden-catlinks"
               for p in a.iterancestors()):
            continue
        href = a.get("href")
        target = _target(base, href) if href else None
        name = category_name(target) if target else None
        if name is None and target is None:
            text = a.text_content().strip()
            name = text if text and text != "カテゴリ" else None
        if name and name not in out:
            out.append(name)
    return out


def decode_anchor(fragment: str) -> str:
    """``#.E3.83.80.2FVenture`` (older MediaWiki's anchor encoding) or ``%E3…`` -> text."""
    if re.fullmatch(r"(?:\.[0-9A-F]{2}|[^.])*", fragment) and re.search(r"\.[0-9A-F]{2}",
                                                                         fragment):
        fragment = re.sub(r"\.([0-9A-F]{2})", r"%\1", fragment)
    return unquote(fragment)


def edit_box_text(doc: HtmlElement) -> str | None:
    """The whole wikitext of an edit view (``action=edit``/``submit``): its
    ``textarea#wpTextbox1``. Better than the diff table beside it, which shows only the
    changed lines and a little context."""
    found = doc.xpath('//textarea[@id="wpTextbox1"]')
    if not found:
        return None
    text = found[0].text_content()
    return text if text.strip() else None


def diff_new_side(doc: HtmlElement) -> str | None:
    """The newer revision's wikitext from a MediaWiki diff table (``table.diff``)."""
    tables = [t for t in doc.iter("table") if _has_class(t, "diff")]
    if not tables:
        return None
    out = []
    for row in tables[0].iter("tr"):
        cells = list(row.iter("td"))
        added = [c for c in cells if _has_class(c, "diff-addedline")]
        context = [c for c in cells if _has_class(c, "diff-context")]
        if added:
            out.append(added[0].text_content())
        elif context:
            out.append(context[-1].text_content())
    return "\n".join(out)


def _skipped(el: HtmlElement) -> bool:
    tag = el.tag
    if not isinstance(tag, str) or tag in SKIP_TAGS:
        return True  # comments and processing instructions have a function as tag
    if el.get("id") in SKIP_IDS:
        return True
    classes = el.get("class")
    return bool(classes) and not SKIP_CLASSES.isdisjoint(classes.split())


def _visible_text(el: HtmlElement) -> str:
    """An element's text without the parts page chrome puts in it (a heading's [編集])."""
    parts: list[str] = []
    stack: list[object] = [el]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            parts.append(node)
            continue
        if node is not el and node.tail:
            stack.append(node.tail)
        if _skipped(node):
            continue
        stack.extend(reversed(node))
        if node.text:
            stack.append(node.text)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


MANA_ALT = re.compile(r"^[{(（]?\s*([0-9０-９XYZＸＹＺWUBRGCSＷＵＢＲＧＣＳ白青黒赤緑無雪Φ/／"
                      r"TＴQＱ]{1,5})\s*[})）]?$")


def _mana_alt(alt: str) -> str:
    """A mana symbol drawn as an image (``<img alt="{W}">``, ``alt="(白)"``) as the text the
    card box reader knows: ``(W)``; any other image (a card picture) adds nothing."""
    match = MANA_ALT.match(alt.strip())
    return f"({match.group(1)})" if match else ""


class _Mark(str):
    """A closing mark pushed on the walk stack (distinct from text, which is plain str)."""


def _flatten(root: HtmlElement) -> tuple[str, list[HtmlElement]]:
    """One pass over the tree: text with line/paragraph/heading marks, and the links.

    Iterative, because an unclosed-tag soup can nest deeper than Python's recursion limit.
    Source line breaks inside text are spaces, as HTML renders them.
    """
    out: list[str] = []
    anchors: list[HtmlElement] = []
    stack: list[object] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.append(node if isinstance(node, _Mark) else node.replace("\n", " "))
            continue
        if node is not root and node.tail:
            stack.append(node.tail)
        if _skipped(node):
            continue
        name = node.tag
        if name == "h1" and node.get("id") == "firstHeading":
            continue  # older skins put the page title inside the content box
        if name == "br":
            out.append("\n")
            continue
        if name == "img":
            out.append(_mana_alt(node.get("alt") or ""))
            continue
        if name in HEADING_TAGS:
            out.append(f"\x03{HEADING_MARK}{name[1]}{_visible_text(node)}\x03")
            continue
        if name == "pre":
            out.append("\x03" + node.text_content() + "\x03")
            continue
        if name == "a":
            anchors.append(node)
        if name == "li":
            out.append("\n• ")
            stack.append(_Mark("\n"))
        elif name in PARAGRAPH_TAGS:
            out.append("\x03")
            stack.append(_Mark("\x03"))
        elif name in LINE_TAGS:
            out.append("\n")
            stack.append(_Mark("\n"))
        elif name in ("td", "th"):
            stack.append(_Mark(" "))
        stack.extend(reversed(node))
        if node.text:
            stack.append(node.text)
    return "".join(out), anchors


def _document(html: str) -> HtmlElement:
    """lxml's HTML parser, which repairs any tag soup; bytes so a charset meta never clashes."""
    try:
        return lxml.html.document_fromstring(html.encode("utf-8"),
                                             parser=_PARSER)
    except (lxml.etree.ParserError, ValueError):
        return lxml.html.document_fromstring("<html><body></body></html>")


def parse_html(html: str, splitter: NameSplitter | None = None,
               page_url: str | None = None) -> RenderedPage:
    """Rendered MediaWiki HTML -> text with heading marks, links, categories, revision.

    Links count when they stay on the wiki: relative ones, or absolute ones to the host
    of ``page_url`` or one of its mirrors (``m.``, ``www.``...); interwiki and external
    links are not wiki links.
    """
    base = page_url or "http://wiki.invalid/"
    splitter = splitter or NameSplitter()
    doc = _document(html)
    heading = _by_id(doc, "firstHeading")
    title = _visible_text(heading) if heading is not None else None
    if not title:
        found = doc.find(".//title")
        title = (found.text_content().split(" - ")[0].strip() or None) if found is not None \
            else None
    categories = categories_from_catlinks(_by_id(doc, "catlinks"), base)
    diff_text = edit_box_text(doc) if "wpTextbox1" in html else None
    if diff_text is None and "diff" in html:
        diff_text = diff_new_side(doc)
    root = _content_root(doc)
    flat, anchors = _flatten(root)
    links: list[Link] = []
    cr_links: list[str] = []
    for a in anchors:
        href = a.get("href")
        classes = (a.get("class") or "").split()
        shown = CR_LINK.match(re.sub(r"\s+", "", a.text_content()))
        if shown:  # "CR:702.145" however {{CR}} links it (a page, an anchor, another site)
            cr_links.append(shown.group(1))
            continue
        if not href or href.startswith("#") or "external" in classes or "extiw" in classes:
            continue
        target = _target(base, href)
        if not target or "action=edit" in href and "redlink" not in href:
            continue
        target, anchor = clean_title(target)
        if "#" in href:
            anchor = clean_title(decode_anchor(href.split("#", 1)[1]))[0] or None
        cr = CR_LINK.match(target)
        if cr:
            cr_links.append(cr.group(1))  # the infobox CR row, {{CR|…}} as rendered
            continue
        if category_name(target) or not is_article(target):
            continue
        ja, en = splitter.split(target)
        label = re.sub(r"\s+", " ", a.text_content()).strip()
        links.append(Link(target, ja, en, anchor=anchor, label=label or None,
                          exists="new" not in classes))
    flat = re.sub(r"\n[ \t]*(?=\n)", "", flat)  # runs of line starts -> one
    raw_lines = re.sub(r"\s*\x03\s*", "\n\n", flat).split("\n")
    lines, redirects = clean_lines(raw_lines)
    return RenderedPage(
        title=title, marked_text="\n".join(lines), links=links, categories=categories,
        revision_id=revision_from_html(html), redirected_from=redirects,
        diff_wikitext=diff_text, cr_links=cr_links,
    )


def sections_from_marked(marked: str) -> list[Section]:
    """Split heading-marked text into sections (index 0: the lead)."""
    sections = [Section(0, 0, "", "")]
    body: list[str] = []
    for line in marked.split("\n"):
        if line.startswith(HEADING_MARK):
            sections[-1].text = "\n".join(body).strip()
            body = []
            level = int(line[1]) if line[1:2].isdigit() else 2
            sections.append(Section(len(sections), level, line[2:].strip(), ""))
        else:
            body.append(line)
    sections[-1].text = "\n".join(body).strip()
    if not sections[0].text and len(sections) > 1:
        sections[0].text = ""
    return sections


def unmark(marked: str) -> str:
    """Heading-marked text -> plain text (headings as their own lines)."""
    out = []
    for line in marked.split("\n"):
        if line.startswith(HEADING_MARK):
            out.extend(["", line[2:].strip(), ""])
        else:
            out.append(line)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# ---------------------------------------------------------------------------- wikitext


def links_from_wikitext(code: mwparserfromhell.wikicode.Wikicode,
                        splitter: NameSplitter) -> tuple[list[Link], list[str], bool]:
    """``[[target#anchor|label]]`` links, ``[[カテゴリ:X]]`` categories, and whether some
    link targets were templates (``[[{{セット名|XYZ}}]]``) that only the rendered page
    resolves. Links inside comments and ``<nowiki>`` are not links.
    """
    links: list[Link] = []
    categories: list[str] = []
    templated = False
    for wl in code.filter_wikilinks(recursive=True):
        raw_target = str(wl.title).strip()
        if raw_target.startswith(":"):
            raw_target = raw_target[1:]
        if "{{" in raw_target or "{{{" in raw_target:
            templated = True  # only the rendered page knows what the template expands to
            continue
        target, anchor = clean_title(raw_target)
        cat = category_name(target)
        if cat:
            categories.append(cat)
            continue
        if not target:
            continue
        lowered = target.split(":", 1)[0].lower() if ":" in target else ""
        if lowered in ("ファイル", "file", "画像", "image"):
            continue
        ja, en = splitter.split(target)
        label = wl.text.strip_code().strip() if wl.text is not None else None
        links.append(Link(target, ja, en, anchor=anchor, label=label or None))
    return links, categories, templated


CR_TEMPLATE = re.compile(r"\{\{\s*CR\s*\|\s*(\d{3}(?:\.\d+[a-z]?)?)\s*\}\}")
CATEGORY_LINK = re.compile(r"\[\[\s*:?\s*(?:カテゴリ|[Cc]ategory)\s*:[^\]]*\]\]")


def _section_text(body: str) -> str:
    """Plain text of a wikitext section: ``{{CR|x}}`` kept as ``CR:x`` (what the page
    shows), category links dropped, ``&nbsp;`` as a space. Done on the string before the
    one parse, which is far cheaper than editing the parsed tree."""
    if "{{" in body:
        body = CR_TEMPLATE.sub(r"CR:\1", body)
    if "[[" in body:
        body = CATEGORY_LINK.sub("", body)
    text = mwparserfromhell.parse(body).strip_code(normalize=True, collapse=True)
    return text.replace("\xa0", " ").strip()


def sections_from_wikitext(code: mwparserfromhell.wikicode.Wikicode) -> list[Section]:
    sections: list[Section] = []
    for sec in code.get_sections(include_lead=True, flat=True):
        headings = sec.filter_headings(recursive=False)
        if headings and str(sec).lstrip().startswith("="):
            h = headings[0]
            body = str(sec).replace(str(h), "", 1)
            heading, level = h.title.strip_code().strip(), h.level
        else:
            body, heading, level = str(sec), "", 0
        text = _section_text(body)
        if not sections and level:
            sections.append(Section(0, 0, "", ""))
        sections.append(Section(len(sections), level, heading, text))
    return sections or [Section(0, 0, "", "")]


def card_names_from_wikitext(code: mwparserfromhell.wikicode.Wikicode) -> list[str]:
    """English names in ``{{#card:Name}}`` (the argument is always the English name)."""
    names = []
    for tpl in code.filter_templates(recursive=True):
        name = str(tpl.name).strip()
        if name.lower().startswith("#card:"):
            arg = name.split(":", 1)[1].strip()
            if arg:
                names.append(arg)
    return names


def en_name_from_wikitext(code: mwparserfromhell.wikicode.Wikicode) -> str | None:
    """英名= of an infobox, else the bold lead ``'''日暮'''(ひぐれ)/''Daybound''``."""
    for tpl in code.filter_templates(recursive=True):
        if str(tpl.name).strip().startswith("情報ボックス") and tpl.has("英名"):
            value = tpl.get("英名").value.strip_code().strip()
            if value:
                return value
    match = re.search(r"'''([^'\n]+)'''\s*(?:[(（][^)）\n]*[)）])?\s*[/／]\s*''([^'\n]+)''",
                      str(code))
    return match.group(2).strip() if match else None


def en_name_from_text(title: str, text: str) -> str | None:
    """``昼/Dayは`` or ``日暮(ひぐれ)/Daybound は`` at the start of the lead."""
    head = text[:600]
    pattern = (re.escape(title) + r"\s*(?:[(（][^)）\n]*[)）])?\s*[/／]\s*"
               r"([A-Za-z0-9][A-Za-z0-9 ,.'’\-:!&]*)")
    match = re.search(pattern, head)
    return match.group(1).strip().rstrip(",.") if match else None


# ---------------------------------------------------------------------------- page


def _name_from_title(boxes: list[CardBox], ja: str | None, en: str | None) -> None:
    """A card page (``日本語名/English Name``) names its own card: the first nameless face
    takes the title's names when no face shows them, and a face of that English name
    without a Japanese one takes the title's."""
    if not (ja and en):
        return
    named = [b for b in boxes if b.name_en == en]
    if not named:
        nameless = [b for b in boxes if b.name_en is None]
        if nameless:
            nameless[0].name_en = en
            named = nameless[:1]
    for box in named:
        box.name_ja = box.name_ja or ja


def _merge_card_templates(boxes: list[CardBox], names: list[str],
                          splitter: NameSplitter) -> None:
    """Join the ``{{#card:Name}}`` names of the wikitext to the boxes the page shows.

    A name no box shows fills a face whose header the copy lost (mobile pages drop the
    first one): the face right before a shown face of the same ``A // B`` card, or else
    the first nameless face. A name still unplaced becomes a box of its own, known only by
    name (the store may know the rest).
    """
    shown = {b.name_en for b in boxes if b.name_en}
    for name in names:
        faces = [f.strip() for f in name.split(" // ")]
        if not {name, *faces} & shown:
            nameless = [b for b in boxes if b.name_en is None]
            if nameless:
                nameless[0].name_en = faces[0]
                nameless[0].name_ja = nameless[0].name_ja or splitter.japanese_for(faces[0])
            else:
                boxes.append(CardBox(name_en=name, name_ja=splitter.japanese_for(name),
                                     source="wikitext"))
            shown.add(name)
            continue
        for k, face in enumerate(faces[1:], start=1):
            for i, box in enumerate(boxes[1:], start=1):
                before = boxes[i - 1]
                if box.name_en == face and before.name_en is None:
                    before.name_en = faces[k - 1]
                if box.name_en == face and before.name_en == faces[k - 1]:
                    box.face_index = before.face_index + 1  # a split card's halves


def parse_page(
    title: str,
    *,
    wikitext: str | None = None,
    html: str | None = None,
    url: str | None = None,
    revision_id: int | None = None,
    fetched_at: datetime | None = None,
    categories: list[str] | None = None,
    splitter: NameSplitter | None = None,
    redirected_from: list[str] | None = None,
) -> ParsedPage:
    """Combine whatever sources are at hand into one :class:`ParsedPage` (module doc)."""
    splitter = splitter or NameSplitter()
    page = ParsedPage(title=title, url=url, revision_id=revision_id, fetched_at=fetched_at,
                      wikitext=wikitext, html=html)
    rendered = parse_html(html, splitter, url) if html else None
    if rendered is not None and rendered.diff_wikitext is not None and wikitext is None:
        wikitext = page.wikitext = rendered.diff_wikitext
        rendered = None  # an edit/diff view: its text is the diff, not the page
    code = mwparserfromhell.parse(wikitext) if wikitext else None

    if rendered is not None:
        page.text = unmark(rendered.marked_text)
        page.sections = sections_from_marked(rendered.marked_text)
        page.redirected_from.extend(rendered.redirected_from)
        if page.revision_id is None:
            page.revision_id = rendered.revision_id
    elif code is not None:
        page.sections = sections_from_wikitext(code)
        page.text = "\n\n".join(
            (f"{s.heading}\n{s.text}" if s.heading else s.text) for s in page.sections
        ).strip()
    page.redirected_from.extend(redirected_from or [])

    wiki_categories: list[str] = []
    if code is not None:
        page.links, wiki_categories, templated = links_from_wikitext(code, splitter)
        if rendered is not None:  # only the rendered page knows red links (class="new")
            red = {lk.target for lk in rendered.links if not lk.exists}
            for link in page.links:
                link.exists = link.target not in red
            if templated:  # targets the wikitext left to templates: as rendered
                known = {lk.target for lk in page.links}
                page.links.extend(lk for lk in rendered.links if lk.target not in known)
    elif rendered is not None:
        page.links = rendered.links
    page.categories = list(dict.fromkeys(
        categories if categories is not None
        else (rendered.categories if rendered and rendered.categories else wiki_categories)
    ))

    boxes = find_card_boxes(page.text) if rendered is not None else []
    if code is not None:
        _merge_card_templates(boxes, card_names_from_wikitext(code), splitter)
    _name_from_title(boxes, *splitter.split(title))
    for box in boxes:
        if box.name_ja is None and box.name_en:
            box.name_ja = splitter.japanese_for(box.name_en)
    page.card_boxes = boxes
    page.dungeons = dungeons_from_page(page.text, boxes)

    refs: list[CrRef] = []
    if code is not None:
        # the wikitext has every citation but what templates expand to: of the rendered
        # page only its CR:… links (the infobox row, a {{CR}} whose section was looked up
        # by title) add to it; a "CR:111.1" shown in <nowiki> is no citation
        refs.extend(cites_from_wikitext(code))
        if rendered is not None:
            refs.extend(CrRef("cite", n, raw=f"CR:{n}") for n in rendered.cr_links)
    else:
        refs.extend(cites_from_text(page.text))
    page.cr_refs = dedupe(refs)
    page.quoted_rules = (quoted_rules_from_text(rendered.marked_text)
                         if rendered is not None else None)

    en = en_name_from_wikitext(code) if code is not None else None
    if en is None:
        ja, en_from_title = splitter.split(title)
        if en_from_title and (ja or any(b.name_en == en_from_title for b in page.card_boxes)):
            en = en_from_title  # 日本語/English, or a card with no Japanese name
    if en is None:
        en = en_name_from_text(title, page.text)
    page.en_name = en
    return page
