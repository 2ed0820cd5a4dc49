"""Comprehensive Rules citations and the quoted rules block of a wiki page.

Citations come as ``{{CR|702.145}}``, plain ``(CR:716)`` or ``CR:702.145`` links, and a
newer form that names the section by title, ``{{CR|{{その他のルールのCR番号|ターンや
フェイズを終了させる}}.1a}}``: rule numbers move between editions (the initiative was
723, 722, 725, 726), so such a citation is kept by title and suffix, not guessed.

The quoted block at the foot of a page (``引用:総合ルール 20260807.0`` followed by a
nested list: chapter ``7 その他のルール``, section ``726 イニシアチブ``, rules ``726.1 …``)
is rendered from the rules the wiki holds *today*, so its edition label is kept with
every rule; an old revision shows today's text under today's number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import mwparserfromhell

RULE_NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
TEXT_CITATION = re.compile(rf"CR\s*[:：]\s*({RULE_NUMBER})")
QUOTE_HEADER = re.compile(r"^引用\s*[:：]\s*総合ルール\s*(\d{8}(?:\.\d+)?)?")
QUOTED_LINE = re.compile(r"^(\d{1,3}(?:\.\d+[a-z]?)?)(?:\.\s*|\s+|(?=[「『])|$)(\S.*)?$")
SECTION_BY_TITLE = "その他のルールのCR番号"
HIDDEN_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)  # an unclosed one runs to the end
HIDDEN_TAG = re.compile(r"<(nowiki|pre)\b[^>]*>.*?</\1\s*>", re.DOTALL | re.IGNORECASE)


@dataclass
class CrRef:
    """A rule the page cites (``kind='cite'``) or asks to quote (``kind='quote'``)."""

    kind: str
    rule: str | None
    section_title: str | None = None  # for citations that name the section by title
    suffix: str | None = None  # ".1a" after a section looked up by title
    raw: str | None = None


@dataclass
class QuotedRule:
    """One rule of the quoted block, with the section it sits in."""

    number: str
    text: str
    level: int  # 0 chapter "7", 1 section "726", 2 rule "726.1", 3 subrule "726.1a"
    section: str | None = None
    section_title: str | None = None


@dataclass
class QuotedRules:
    """The ``引用:総合ルール`` block: the edition it was rendered from and its rules."""

    version: str | None
    rules: list[QuotedRule] = field(default_factory=list)


def rule_level(number: str) -> int:
    if "." not in number:
        return 0 if len(number) == 1 else 1
    return 3 if number[-1].isalpha() else 2


def cites_from_wikitext(
    wikitext: str | mwparserfromhell.wikicode.Wikicode,
) -> list[CrRef]:
    """``{{CR|…}}`` templates and ``{{#cr:…}}`` quote directives, in page order."""
    refs: list[CrRef] = []
    code = mwparserfromhell.parse(wikitext) if isinstance(wikitext, str) else wikitext
    for tpl in code.filter_templates(recursive=True):
        name = str(tpl.name).strip()
        if name.lower().startswith("#cr:"):
            refs.append(CrRef("quote", name.split(":", 1)[1].strip(), raw=str(tpl)))
        elif name.upper() == "CR" and tpl.params:
            value = tpl.params[0].value
            inner = [
                t for t in value.filter_templates(recursive=False)
                if str(t.name).strip() == SECTION_BY_TITLE
            ]
            if inner and inner[0].params:
                suffix = str(value).replace(str(inner[0]), "").strip() or None
                refs.append(
                    CrRef(
                        "cite", None, section_title=str(inner[0].params[0].value).strip(),
                        suffix=suffix, raw=str(tpl),
                    )
                )
            else:
                number = value.strip_code().strip()
                if re.fullmatch(RULE_NUMBER, number):
                    refs.append(CrRef("cite", number, raw=str(tpl)))
    for match in TEXT_CITATION.finditer(_visible_wikitext(code)):
        refs.append(CrRef("cite", match.group(1), raw=match.group(0)))
    return refs


def _visible_wikitext(code: mwparserfromhell.wikicode.Wikicode) -> str:
    """The wikitext without comments and ``<nowiki>``/``<pre>`` bodies: a ``CR:716`` an
    editor left in ``<!-- -->`` is not a citation the page makes."""
    text = str(code)
    if "<" not in text:
        return text
    text = HIDDEN_COMMENT.sub("", text)
    return HIDDEN_TAG.sub("", text)


def cites_from_text(text: str) -> list[CrRef]:
    """``CR:702.145`` as rendered text shows it (templates, links and infobox rows)."""
    return [CrRef("cite", m.group(1), raw=m.group(0)) for m in TEXT_CITATION.finditer(text)]


def _strip_bullet(line: str) -> str:
    line = line.strip()
    line = re.sub(r"^\[編集\]", "", line)
    return re.sub(r"^(?:[•・\-*#]+\s*)+", "", line).strip()


def is_topic_title(text: str) -> bool:
    """A numbered rule whose text is only a name (``702.145 日暮/夜明``), not a sentence."""
    return bool(text) and len(text) <= 40 and not re.search(r"[。.」]$|[、。]", text)


def _heading(line: str) -> str | None:
    """The heading text of a heading-marked line (``\x01`` + level + text), else None."""
    return line[2:].strip() if line.startswith("\x01") else None


def quoted_rules_from_text(text: str) -> QuotedRules | None:
    """The quoted rules blocks in a page's text, or None when the page has none.

    ``text`` is plain or heading-marked (``\x01`` lines, see wikiparse). Each
    ``引用:総合ルール`` header (a heading on the real wiki, one per ``{{#cr:}}``) starts a
    block; a block ends at the next heading, so a page quoting two sections keeps both,
    and nothing after a block is taken for a rule's continuation. The edition is the
    first block's (all blocks of one rendering come from the same loaded rules).
    """
    block: QuotedRules | None = None
    _section_titles: dict[str, str | None] = {}
    inside = False
    section: str | None = None
    section_title: str | None = None
    for line in text.splitlines():
        heading = _heading(line)
        item = _strip_bullet(heading if heading is not None else line)
        header = QUOTE_HEADER.match(item)
        if header:
            if block is None:
                block = QuotedRules(version=header.group(1))
            elif block.version is None:
                block.version = header.group(1)
            inside, section, section_title = True, None, None
            continue
        if not inside:
            continue
        if heading is not None:
            inside = False
            continue
        if not item:
            continue
        match = QUOTED_LINE.match(item)
        if match and (match.group(2) or "." in match.group(1) or len(match.group(1)) == 3):
            number, body = match.group(1), (match.group(2) or "").strip()
            level = rule_level(number)
            if level == 1:
                section, section_title = number, body or None
                _section_titles[number] = section_title
            elif level == 2 and is_topic_title(body):
                # "702.145 日暮/夜明": a keyword's own rules are keyed by the keyword
                section, section_title = number, body
            elif level >= 2:
                own_section = number.split(".")[0]
                if level == 3 and section == number.rstrip("abcdefghijklmnopqrstuvwxyz"):
                    pass  # a subrule of the topic above
                elif own_section != section:
                    section, section_title = own_section, _section_titles.get(own_section)
            block.rules.append(
                QuotedRule(
                    number, body, level,
                    section=section if level >= 1 else None,
                    section_title=section_title if level >= 1 else None,
                )
            )
        elif item.startswith(("カテゴリ", "案内メニュー")):
            inside = False
        elif block.rules:  # an example or a continuation belongs to the rule above it
            last = block.rules[-1]
            last.text = f"{last.text}\n{item}" if last.text else item
    return block


def dedupe(refs: list[CrRef]) -> list[CrRef]:
    """Keep the first of each (kind, rule, section title, suffix), in order."""
    seen = set()
    out = []
    for ref in refs:
        key = (ref.kind, ref.rule, ref.section_title, ref.suffix)
        if key not in seen:
            seen.add(key)
            out.append(ref)
    return out


def edition_key(edition: str | None) -> tuple[int, ...]:
    """``20260417.0`` -> (20260417, 0), for ordering editions (None first)."""
    if not edition:
        return ()
    return tuple(int(x) for x in re.findall(r"\d+", edition))


def section_numbers(blocks: list[QuotedRules]) -> dict[str, dict[str, str]]:
    """Section title -> {edition: section number}, from quoted rules blocks.

    Numbers move between editions (the initiative was 723, 722, 725, 726), so a rule is
    found by its section title and an edition, never by a number alone.
    """
    out: dict[str, dict[str, str]] = {}
    for block in blocks:
        for rule in block.rules:
            if rule.section_title and (rule.level == 1 or rule.section == rule.number):
                out.setdefault(rule.section_title, {})[block.version or ""] = rule.number
    return out
