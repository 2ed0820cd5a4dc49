"""Card (all faces, English and Japanese) -> mechanic tags with evidence.

How a face is read, for each language that has text:
  1. A cheap prefilter skips the regexes for the great majority of cards, which mention
     none of the four mechanics: first normalise.screen on the original text (a few
     substring tests, exact with respect to quick()), then a substring test per mechanic
     on normalise.quick's form, then per rule set one gate regex (the alternation of its
     rules) on the masked text, so the rules run one by one only where one can match.
  2. The text is put in canonical form (classifier.normalise: case, widths, whitespace,
     line breaks, ruby), with a map back to the original, so the rules are written once
     and evidence is still cut verbatim from the card's own text.
  3. Card names (every face's name, and a legendary's short name) are masked out with
     same-length filler, so "Dread of Night", "Seize the Initiative" or 夜明けの司祭 never
     feed a rule; so are other cards' names quoted as "named X" ("a card named Seize the
     Initiative").
  4. Reminder text (parenthesised) is masked too: "(... it becomes night next turn.)"
     explains daybound, it does not make the card set day/night itself.  Only when the
     face shows nothing of a mechanic outside reminder text are its reminders read
     (a card whose only sign of the mechanic is the reminder is still found).
  5. Within one mechanic, a match overlapping an earlier rule's match is dropped (the
     rules are ordered specific-first in mechanics.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from classifier.mechanics import (
    PREPARE_CARD_RULE_NAME,
    MechanicRules,
    Rule,
    rule_sets_for,
)
from classifier.model import MECHANICS, CardText, FaceText, Tag
from classifier.normalise import Normalised, normalise, quick, screen, screen_regex

_MASK = "\x01"
# Reminder text, in canonical form (normalise: Japanese （） are ASCII parentheses there).
_REMINDER = re.compile(r"\([^()]*\)")
# "named X": another card's name quoted in rules text, in Title Case (see _named_spans).
_NAMED_WORD = r"[A-Z0-9][\w'\u2019-]*"
_NAMED = re.compile(
    rf"\bnamed (?P<name>{_NAMED_WORD}(?:,? (?:(?:of|the|and|a|an|to|in|on|from|for|with"
    rf"|into|at|by) )*{_NAMED_WORD})*)"
)
_LANG_ORDER = {"en": 0, "ja": 1}
_MECH_ORDER = {m: i for i, m in enumerate(MECHANICS)}
_RULE_SETS = {lang: rule_sets_for(lang) for lang in ("en", "ja")}
# Per language: each rule set and whether any of its rules reads the type line.
_PLAN = {
    lang: tuple((rs, any(r.field == "type_line" for r in rs.rules)) for rs in sets)
    for lang, sets in _RULE_SETS.items()
}
# Per language: every prefilter substring, for the one-pass quick reject.
_ALL_PREFILTERS = {
    lang: tuple(dict.fromkeys(p for rs in sets for p in rs.prefilter))
    for lang, sets in _RULE_SETS.items()
}
# Per language: the prefilters of the rule sets that read type lines.
_TYPE_LINE_PREFILTERS = {
    lang: tuple(p for rs, reads_type in plan if reads_type for p in rs.prefilter)
    for lang, plan in _PLAN.items()
}
# Per language: the same two sets as tests on the original text (normalise.screen), true
# whenever one of the substrings is in the quick() form; most texts stop here.
_SCREEN = {lang: screen(keys, lang) for lang, keys in _ALL_PREFILTERS.items()}
_TYPE_LINE_SCREEN = {lang: screen(keys, lang) for lang, keys in _TYPE_LINE_PREFILTERS.items()}
_SCREEN_EN, _SCREEN_JA = _SCREEN["en"], _SCREEN["ja"]
_TYPE_LINE_SCREEN_EN, _TYPE_LINE_SCREEN_JA = _TYPE_LINE_SCREEN["en"], _TYPE_LINE_SCREEN["ja"]


@dataclass(frozen=True)
class ScreenPatterns:
    """:func:`may_have_tags` on English records, as data a column-at-a-time caller can run
    (db.batch_check, with pyarrow's RE2): a record may have a tag when its ``layout`` is this
    one (in any case), when ``text`` matches its or a face's ``oracle_text``, or ``type_line``
    its or a face's ``type_line`` (both case-insensitive). A record with any ``printed_*``
    field is for the Japanese screens, which are not written for RE2: the caller counts it in.
    Each pattern matches wherever the Python screen is true (normalise.screen_regex)."""

    text: str
    type_line: str
    layout: str = "prepare"


SCREEN_PATTERNS = ScreenPatterns(screen_regex(_ALL_PREFILTERS["en"]),
                                 screen_regex(_TYPE_LINE_PREFILTERS["en"]))


def _gate(rules: list[Rule]) -> re.Pattern[str] | None:
    """One pattern that matches wherever any of `rules` could (their alternation).

    A text the gate does not match gives none of these rules a hit, so one search
    replaces several on the many texts that pass the prefilter on a word such as
    "knight" or 終 yet hold no mechanic.  word_start is not checked here (a superset).
    """
    if not rules:
        return None
    flags = {r.pattern.flags for r in rules}
    assert len(flags) == 1, [r.name for r in rules]
    return re.compile("|".join(f"(?:{r.pattern.pattern})" for r in rules), flags.pop())


# Per rule set: the gate of its text rules that read names masked (False) / unmasked (True).
_GATES: dict[int, dict[bool, re.Pattern[str] | None]] = {
    id(rs): {
        sees: _gate([r for r in rs.rules if r.field == "text" and r.sees_names is sees])
        for sees in (False, True)
    }
    for sets in _RULE_SETS.values()
    for rs in sets
}
_RULE_INDEX = {
    rule.name: i for rs in (*_RULE_SETS["en"], *_RULE_SETS["ja"]) for i, rule in enumerate(rs.rules)
}


@dataclass(frozen=True)
class Explained:
    """A tag with the rule that produced it and where its evidence sits.

    field is "text", "type_line" or "name" (the layout rule's evidence is the face name);
    start/end index the evidence in that field of the face, in the tag's language.
    """

    tag: Tag
    rule: str
    field: str
    start: int
    end: int


def _mask_spans(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: _MASK * (m.end() - m.start()), text)


def _mask_names(text: str, names: Iterable[str], word_bounded: bool) -> str:
    """Blank out name occurrences; English ones only as whole words.

    Whole words, so that a face named "Night" cannot blank the "Night" of "Nightbound";
    Japanese has no spaces between words, so there any occurrence is masked.
    """
    for name in names:
        start = text.find(name)
        while start != -1:
            end = start + len(name)
            if not word_bounded or (
                (start == 0 or not text[start - 1].isalnum())
                and (end == len(text) or not text[end].isalnum())
            ):
                text = text[:start] + _MASK * len(name) + text[end:]
            start = text.find(name, end)
    return text


def _named_spans(text: str, norm: Normalised) -> list[tuple[int, int]]:
    """Canonical spans of other cards' names quoted as "named X" (Title Case, case kept).

    "Search for a card named Seize the Initiative", "Conjure a card named Prepared
    Position": the name is an operand, not rules text of this card.  Found on the
    original text (the canonical one is lower-cased) and mapped to canonical offsets.
    """
    spans = []
    for m in _NAMED.finditer(text):
        s, e = m.span("name")
        lo, hi = norm.canonical_index(s), norm.canonical_index(e)
        if lo < hi:
            spans.append((lo, hi))
    return spans


def _names(card: CardText, lang: str) -> list[str]:
    """Names that may appear in a face's text as self- or cross-references, longest first.

    English legendaries are referred to by the part before the comma ("Tam"); Japanese
    ones by the part after 、 (ヴァドリック).  Very short fragments are not masked so that a
    two-letter name cannot blank out ordinary words.  Names are returned in the canonical
    spelling (normalise.quick) the text is matched in.
    """
    found: set[str] = set()
    if lang == "en":
        raw = [card.name, *card.name.split(" // ")] if card.name else []
        raw += [f.name for f in card.faces if f.name]
        for name in raw:
            found.add(name)
            if ", " in name:
                found.add(name.split(", ", 1)[0])
        canon = {quick(n, "en") for n in found}
        return sorted((n for n in canon if len(n) >= 3), key=len, reverse=True)
    for f in card.faces:
        if f.name_ja:
            found.add(f.name_ja)
            for part in re.split(r"[、,]", f.name_ja):
                found.add(part.strip())
    canon = {normalise(n, "ja").text for n in found}
    return sorted((n for n in canon if len(n) >= 2), key=len, reverse=True)


class _Names:
    """A card's names in one language (_names), computed on first use and then shared by
    the card's faces: most cards that reach the rules never need them."""

    __slots__ = ("card", "lang", "_got")

    def __init__(self, card: CardText, lang: str) -> None:
        self.card, self.lang = card, lang
        self._got: list[str] | None = None

    def get(self) -> list[str]:
        if self._got is None:
            self._got = _names(self.card, self.lang)
        return self._got


class _FaceView:
    """The canonical text of one face in one language, with masked variants built lazily.

    norm maps canonical offsets back to the original text (classifier.normalise).
    """

    __slots__ = ("norm", "type_line", "names", "lang", "_named", "_cache", "_type_norm")

    def __init__(self, text: str, type_line: str, names: _Names, lang: str) -> None:
        self.norm = normalise(text, lang)
        self.type_line = type_line
        self.names = names
        self.lang = lang
        self._named = _named_spans(text, self.norm) if lang == "en" and "named " in text else []
        self._cache: dict[tuple[bool, bool], str] = {}
        self._type_norm: Normalised | None = None

    @property
    def type_norm(self) -> Normalised:
        """The canonical type line, built only when a type-line rule is to run."""
        if self._type_norm is None:
            self._type_norm = normalise(self.type_line, self.lang)
        return self._type_norm

    def variant(self, mask_names: bool, mask_reminders: bool) -> str:
        key = (mask_names, mask_reminders)
        got = self._cache.get(key)
        if got is None:
            got = self.norm.text
            if mask_names:
                got = _mask_names(got, self.names.get(), self.lang == "en")
                for s, e in self._named:
                    got = got[:s] + _MASK * (e - s) + got[e:]
            if mask_reminders:
                got = _mask_spans(got, _REMINDER)
            self._cache[key] = got
        return got


def _matches(rule: Rule, source: str) -> Iterator[tuple[int, int]]:
    """Spans of `rule` in `source`, honouring its word_start (see mechanics.Rule)."""
    pattern = rule.pattern
    pos = 0
    while True:
        m = pattern.search(source, pos)
        if m is None:
            return
        s, e = m.span()
        if rule.word_start and s > 0 and (source[s - 1].isalnum() or source[s - 1] == "_"):
            pos = s + 1
            continue
        yield s, e
        pos = e if e > s else s + 1


def _run_rules(
    rs: MechanicRules, view: _FaceView, mask_reminders: bool, with_type_line: bool
) -> list[tuple[Rule, str, int, int]]:
    """Rule hits as (rule, field, start, end) in canonical offsets of that field."""
    hits: list[tuple[Rule, str, int, int]] = []
    spans: list[tuple[int, int]] = []
    # Which groups of text rules can match at all (see _gate).
    open_: dict[bool, bool] = {}
    if view.norm.text:
        for sees, gate in _GATES[id(rs)].items():
            if gate is not None:
                open_[sees] = gate.search(view.variant(not sees, mask_reminders)) is not None
    for rule in rs.rules:
        if rule.field == "type_line":
            if with_type_line and view.type_norm.text:
                for s, e in _matches(rule, view.type_norm.text):
                    hits.append((rule, "type_line", s, e))
            continue
        if not open_.get(rule.sees_names):
            continue
        source = view.variant(not rule.sees_names, mask_reminders)
        for s, e in _matches(rule, source):
            if any(s < e2 and s2 < e for s2, e2 in spans):
                continue
            spans.append((s, e))
            hits.append((rule, "text", s, e))
    return hits


def _prefilter_hit(low: str, prefilter: tuple[str, ...]) -> bool:
    # A plain loop: runs per rule set for every text the screen lets through.
    for p in prefilter:
        if p in low:
            return True
    return False


def _explain_face(
    face: FaceText, lang: str, text: str, type_line: str, names: _Names, out: list[Explained]
) -> None:
    """Tags of one face in one language; called only for texts the screen lets through."""
    # The per-mechanic prefilter reads a cheap canonical form (normalise.quick); the rules
    # read the full canonical form, whose offsets map back to `text` for the evidence.
    low = quick(text, lang) if text else ""
    low_type = quick(type_line, lang) if type_line else ""
    view: _FaceView | None = None
    for rs, reads_type_line in _PLAN[lang]:
        in_text = _prefilter_hit(low, rs.prefilter)
        in_type = reads_type_line and _prefilter_hit(low_type, rs.prefilter)
        if not (in_text or in_type):
            continue
        if view is None:
            view = _FaceView(text, type_line, names, lang)
        hits = _run_rules(rs, view, mask_reminders=True, with_type_line=in_type)
        if in_text and not any(h[1] == "text" for h in hits):
            # Nothing outside reminder text: read the reminders too (see module doc).
            hits += [h for h in _run_rules(rs, view, False, False) if h[1] == "text"]
        for rule, field, s, e in hits:
            src, norm = (text, view.norm) if field == "text" else (type_line, view.type_norm)
            a, b = norm.span(s, e)
            tag = Tag(rule.mechanic, rule.role, face.face_index, src[a:b], lang)
            out.append(Explained(tag, rule.name, field, a, b))


def _explain_layout(card: CardText, out: list[Explained]) -> None:
    """722.1-722.2a: the inset face of a preparation card is its prepare spell."""
    if (card.layout or "").lower() != "prepare" or len(card.faces) < 2:
        return
    for face in card.faces[1:]:
        if face.name:
            tag = Tag("prepare", "prepare_card", face.face_index, face.name, "en")
        elif face.name_ja:
            tag = Tag("prepare", "prepare_card", face.face_index, face.name_ja, "ja")
        else:
            continue
        out.append(Explained(tag, PREPARE_CARD_RULE_NAME, "name", 0, len(tag.evidence)))


def _sort_key(x: Explained) -> tuple[int, int, int, int, int, int]:
    field_order = {"name": 0, "text": 1, "type_line": 2}[x.field]
    return (
        x.tag.face_index,
        _LANG_ORDER[x.tag.lang],
        _MECH_ORDER[x.tag.mechanic],
        field_order,
        x.start,
        _RULE_INDEX.get(x.rule, -1),
    )


def explain_card(card: CardText) -> list[Explained]:
    """All tags of a card with the rule that fired for each, deduplicated, stable order.

    Order: face, language (en before ja), mechanic (MECHANICS order), field, position.
    """
    found: list[Explained] = []
    if card.layout is not None:
        _explain_layout(card, found)
    # Quick reject, on the original text: no keyword of any mechanic (the common case).
    # Inlined, since it runs for every face of every card.
    names_en = names_ja = None
    for face in card.faces:
        text, type_line = face.oracle_text, face.type_line
        if (text and _SCREEN_EN(text)) or (type_line and _TYPE_LINE_SCREEN_EN(type_line)):
            names_en = names_en or _Names(card, "en")
            _explain_face(face, "en", text or "", type_line or "", names_en, found)
        text, type_line = face.text_ja, face.type_line_ja
        if (text and _SCREEN_JA(text)) or (type_line and _TYPE_LINE_SCREEN_JA(type_line)):
            names_ja = names_ja or _Names(card, "ja")
            _explain_face(face, "ja", text or "", type_line or "", names_ja, found)
    if not found:
        return found
    found.sort(key=_sort_key)
    seen: set[Tag] = set()
    unique: list[Explained] = []
    for x in found:
        if x.tag not in seen:
            seen.add(x.tag)
            unique.append(x)
    return unique


def tag_card(card: CardText) -> list[Tag]:
    """The mechanic tags of a card (all faces, English and Japanese), deduplicated."""
    return [x.tag for x in explain_card(card)]


def mechanics_of(tags: Iterable[Tag]) -> set[str]:
    """Card-level view: the mechanics a card has (any tag of that mechanic)."""
    return {t.mechanic for t in tags}


def may_have_tags(card: dict, ja: dict | None = None) -> bool:
    """False only when ``tag_card(card_text_from_scryfall(card, ja))`` is certainly empty.

    Why: nearly every card mentions no mechanic, and building its CardText costs more than
    the screens that explain_card runs on it. This runs the same screens on the Scryfall
    objects themselves (every face's and the top level's text and type line; the printed_*
    fields of both records with the Japanese screens) and the layout rule's one test, so it
    is a superset of explain_card's own reasons to look further: a card it turns away would
    get no tag. The loader calls it on each record it stores, so that the tagging step reads
    back only the cards that can have a tag.
    """
    for record in (card, ja):
        if record is None:
            continue
        layout = record.get("layout")
        if type(layout) is str and layout.lower() == "prepare":
            return True
        faces = record.get("card_faces")
        for face in (record, *faces) if type(faces) is list else (record,):
            if type(face) is not dict:
                continue
            get = face.get
            text, type_line = get("oracle_text"), get("type_line")
            if type(text) is str and _SCREEN_EN(text):
                return True
            if type(type_line) is str and _TYPE_LINE_SCREEN_EN(type_line):
                return True
            text, type_line = get("printed_text"), get("printed_type_line")
            if type(text) is str and _SCREEN_JA(text):
                return True
            if type(type_line) is str and _TYPE_LINE_SCREEN_JA(type_line):
                return True
    return False
