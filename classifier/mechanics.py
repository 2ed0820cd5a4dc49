"""The classifier's rules as data: one rule set per mechanic, English and Japanese.

Each rule is a named regular expression that, when it matches a face's text (or type
line), gives a tag of (mechanic, role) whose evidence is the matched span.  Rules are
tried in the order listed; within one mechanic and one text, a match that overlaps the
span of an earlier rule's match is dropped, so specific phrasings ("whenever day becomes
night") win over the generic ones they contain ("it becomes night", "the initiative").

Why regexes over a grammar: the four mechanics are each spelled in a handful of fixed
Oracle templates (and their Japanese printed equivalents), which a phrase list captures
exactly; the near-misses ("until end of turn", "night counter", "Legion's Initiative")
differ by wording, not by structure.

Comprehensive Rules cited are those of the 2026-04-17 edition:
  702.145 Daybound and Nightbound; 731 Day and Night;
  726 The Initiative (with 701.49d "venture into [quality]" and the Undercity dungeon, 309);
  722 Preparation Cards (722.3a "becomes prepared" / "enters prepared", 722.3b "unprepared");
  724.1 ending the turn ("end the turn"; 724.2's "end the combat phase" is not tagged).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from classifier.model import MECHANICS

# Roles inside each mechanic (the vocabulary of Tag.role).
ROLES: dict[str, tuple[str, ...]] = {
    "day_night": (
        "daybound",
        "nightbound",
        "sets_day_or_night",
        "on_change_trigger",
        "checks_day_or_night",
    ),
    "initiative": ("takes", "checks", "dungeon"),
    "prepare": ("prepare_card", "makes_prepared", "unprepares", "refers"),
    "end_the_turn": ("ends_turn",),
}

LANGS = ("en", "ja")


@dataclass(frozen=True)
class Rule:
    """One named phrasing of a mechanic.

    pattern: what the tagger runs, on the canonical text of classifier.normalise (English
        lower-cased, whitespace collapsed; Japanese NFKC, ruby and inter-word spaces
        removed), so one spelling of a phrase covers its printed variants.  English rules
        are written in lower case and run case-sensitively (Python's re is several times
        slower with IGNORECASE).
    word_start: the match must begin at a word boundary.  English patterns are written
        with a leading \\b, which is taken off the compiled pattern and checked by the
        tagger instead: a leading \\b stops re from scanning for the literal prefix.
    field: which face field the rule reads, "text" (Oracle / printed text) or "type_line".
    sees_names: True when the phrase legitimately contains a card name as an operand
        ("venture into Undercity", 701.49d), so it runs on text where names are not masked.
    """

    name: str
    mechanic: str
    role: str
    lang: str
    pattern: re.Pattern[str]
    word_start: bool = False
    field: str = "text"
    sees_names: bool = False


@dataclass(frozen=True)
class MechanicRules:
    """A mechanic's rules for one language, with the cheap substring prefilter.

    prefilter: lower-case substrings; if none occurs in the lower-cased field text, no
        rule of this set can match, so the regexes are skipped (the bulk of cards).
    """

    mechanic: str
    lang: str
    prefilter: tuple[str, ...]
    rules: tuple[Rule, ...]


_APOS = "['\u2019]"  # Oracle text from some sources uses the typographic apostrophe.


def _en(
    name: str,
    mechanic: str,
    role: str,
    pattern: str,
    field: str = "text",
    sees_names: bool = False,
) -> Rule:
    """An English rule, written in lower case (matching is case-insensitive).

    A leading \\b becomes `word_start` (see Rule).
    """
    word_start = pattern.startswith(r"\b")
    body = pattern[2:] if word_start else pattern
    return Rule(
        name,
        mechanic,
        role,
        "en",
        re.compile(body),
        word_start,
        field,
        sees_names,
    )


def _ja(
    name: str,
    mechanic: str,
    role: str,
    pattern: str,
    field: str = "text",
    sees_names: bool = False,
) -> Rule:
    """A Japanese rule (MULTILINE so keyword anchors see line starts)."""
    compiled = re.compile(pattern, re.MULTILINE)
    return Rule(name, mechanic, role, "ja", compiled, False, field, sees_names)


_DN = "(?:day|night)"
_DN_JA = "(?:昼|夜)"
# A Japanese keyword stands alone: at a line start or after 「、」, and is followed by its
# reminder text, a list separator or the line end.  This keeps 夜明 (nightbound) apart from
# 夜明け ("dawn") in names such as 夜明けの司祭 and from 日暮れ in prose.
_KW_BEFORE = r"(?<![^\s、,。・])"
_KW_AFTER = r"(?![^\s(、,。・])"
# 昼/夜 as a word of their own, not the end of a compound: 真夜中, 白昼, 今夜, 月夜, 深夜 and
# katakana compounds are preceded by a kanji or katakana; の/が-phrases (その夜, 昼が夜に)
# belong to other rules.
_DN_WORD = r"(?<![\u4e00-\u9fff\u3005\u30a0-\u30ffがの])"
# "昼が" / "昼から" before the designation a change goes to (731.1a).
_DN_FROM = rf"(?:{_DN_JA}(?:が|から))?"
# The same for the "is day/night" rule, where が may precede (それが夜であるなら).
_DN_WORD_IS = r"(?<![\u4e00-\u9fff\u3005\u30a0-\u30ffの])"

# --- day / night (702.145, 731) -------------------------------------------------------

DAY_NIGHT_EN = MechanicRules(
    "day_night",
    "en",
    ("day", "night"),
    (
        # 702.145b: the daybound keyword (front faces).
        _en("en.daybound.keyword", "day_night", "daybound", r"\bdaybound\b"),
        # 702.145e: the nightbound keyword (back faces).
        _en("en.nightbound.keyword", "day_night", "nightbound", r"\bnightbound\b"),
        # 731.1a: "Whenever day becomes night or night becomes day" (and one-sided forms).
        _en(
            "en.day_night.change_trigger",
            "day_night",
            "on_change_trigger",
            rf"\b(?:whenever|when|each time|as)\s+(?:it becomes {_DN}\b"
            rf"|{_DN} becomes {_DN}(?:\s+or\s+{_DN} becomes {_DN})?\b)",
        ),
        # 731.1: "it becomes day" / "it becomes night" (effects that set the designation).
        _en("en.day_night.becomes", "day_night", "sets_day_or_night", rf"\bit becomes {_DN}\b"),
        _en(
            "en.day_night.cant_become",
            "day_night",
            "sets_day_or_night",
            rf"\b(?:it|{_DN}) (?:can{_APOS}t|cannot|can not|won{_APOS}t) become {_DN}\b",
        ),
        _en(
            "en.day_night.stops_being",
            "day_night",
            "sets_day_or_night",
            rf"\bit (?:stops being|is no longer) {_DN}(?: or {_DN})?\b",
        ),
        # 731.1a outside a trigger: "if day became night this turn", "if night would
        # become day" (the trigger form "whenever day becomes night" matched above wins).
        _en(
            "en.day_night.changed",
            "day_night",
            "checks_day_or_night",
            rf"\b{_DN} (?:became|becomes|has become|had become|would become) {_DN}\b",
        ),
        # 731.2c, 702.145d: "if it's neither day nor night".
        _en(
            "en.day_night.neither", "day_night", "checks_day_or_night", r"\bneither day nor night\b"
        ),
        # 731.1: "if it's night", "as long as it's day", "it became night this turn".
        _en(
            "en.day_night.is",
            "day_night",
            "checks_day_or_night",
            rf"\bit(?:{_APOS}s| is| was| became| isn{_APOS}t| wasn{_APOS}t)"
            rf"(?: not)?(?: currently| still| already)? {_DN}\b",
        ),
    ),
)

DAY_NIGHT_JA = MechanicRules(
    "day_night",
    "ja",
    ("昼", "夜", "暮"),
    (
        _ja("ja.daybound.keyword", "day_night", "daybound", _KW_BEFORE + "日暮" + _KW_AFTER),
        _ja("ja.nightbound.keyword", "day_night", "nightbound", _KW_BEFORE + "夜明" + _KW_AFTER),
        # 昼が夜になるか夜が昼になるたび (731.1a).
        _ja(
            "ja.day_night.change_trigger",
            "day_night",
            "on_change_trigger",
            rf"{_DN_WORD_IS}(?:{_DN_FROM}{_DN_JA}に(?:なる)?(?:か|、|、?または))?"
            rf"{_DN_FROM}{_DN_JA}になる(?:たび|とき|に際し)",
        ),
        _ja(
            "ja.day_night.changed",
            "day_night",
            "checks_day_or_night",
            rf"{_DN_JA}が{_DN_JA}にな(?:った|っていた)",
        ),
        # 昼になる / 夜になる (731.1), 夜にはならない, 昼でも夜でもなくなる.
        _ja(
            "ja.day_night.becomes",
            "day_night",
            "sets_day_or_night",
            rf"{_DN_WORD}{_DN_JA}に(?:は|も)?な(?:る|らない|らず)",
        ),
        _ja(
            "ja.day_night.stops_being",
            "day_night",
            "sets_day_or_night",
            r"昼(?:でも|や)夜(?:でも|で)?(?:は)?なくなる",
        ),
        # 昼でも夜でもないなら (702.145d / 731.2c).
        _ja("ja.day_night.neither", "day_night", "checks_day_or_night", r"昼でも夜でもない"),
        # 夜であるなら / 昼であるかぎり / 夜でない.
        _ja(
            "ja.day_night.is",
            "day_night",
            "checks_day_or_night",
            rf"{_DN_WORD_IS}{_DN_JA}(?:である|であれ|でない|ではない|だった|でなけれ|なら"
            r"|にな(?:った|っていた))",
        ),
    ),
)

# --- the initiative (726) ---------------------------------------------------------------

INITIATIVE_EN = MechanicRules(
    "initiative",
    "en",
    ("initiative", "undercity"),
    (
        # 726.1: "take the initiative".
        _en(
            "en.initiative.take",
            "initiative",
            "takes",
            r"\b(?:take|takes|took|taken|taking) the initiative\b",
        ),
        # 726.2 / 701.49d: "venture into Undercity" (the initiative's own dungeon).
        _en(
            "en.initiative.venture_undercity",
            "initiative",
            "dungeon",
            r"\bventur(?:e|es|ed|ing) into undercity\b",
            sees_names=True,
        ),
        # 309.1: the Undercity dungeon card itself (type line "Dungeon — Undercity").
        _en(
            "en.initiative.undercity_type",
            "initiative",
            "dungeon",
            r"\bdungeon\b.*\bundercity\b",
            field="type_line",
            sees_names=True,
        ),
        # 726.1: "have the initiative", "the player who has the initiative", "and the initiative".
        _en("en.initiative.refers", "initiative", "checks", r"\bthe initiative\b"),
    ),
)

INITIATIVE_JA = MechanicRules(
    "initiative",
    "ja",
    ("イニシア", "地下街"),
    (
        _ja("ja.initiative.take", "initiative", "takes", r"イニシア(?:チ|ティ)ブを得"),
        _ja(
            "ja.initiative.venture_undercity",
            "initiative",
            "dungeon",
            r"地下街探索",
            sees_names=True,
        ),
        _ja(
            "ja.initiative.undercity_type",
            "initiative",
            "dungeon",
            r"ダンジョン.*地下街",
            field="type_line",
            sees_names=True,
        ),
        _ja("ja.initiative.refers", "initiative", "checks", r"イニシア(?:チ|ティ)ブ"),
    ),
)

# --- prepare (722) ----------------------------------------------------------------------

PREPARE_EN = MechanicRules(
    "prepare",
    "en",
    ("prepar",),
    (
        # 722.3a: "enters prepared" (old templating: "enters the battlefield prepared").
        _en(
            "en.prepare.enters_prepared",
            "prepare",
            "makes_prepared",
            r"\b(?:enters?|entered|entering|comes? into play|(?:on)?to the battlefield)"
            r"(?: the battlefield)?(?:,? (?:un)?tapped,? and)? prepared\b",
        ),
        # 722.3a: "becomes prepared".
        _en(
            "en.prepare.becomes_prepared",
            "prepare",
            "makes_prepared",
            r"\b(?:become|becomes|became|becoming) prepared\b",
        ),
        # 722.3b: "becomes unprepared", "unprepare it".
        _en(
            "en.prepare.unprepares",
            "prepare",
            "unprepares",
            r"\b(?:(?:become|becomes|became|becoming) unprepared|unprepare[sd]?"
            r"|stops? being prepared|loses? the prepared designation)\b",
        ),
        # 722.2a / 722.3a: other text about prepared permanents and prepare spells.  The
        # designation is a state ("is prepared", "prepared creatures"); the plain English
        # adjective ("be prepared", "well-prepared", "prepared to/for") is not it.
        _en(
            "en.prepare.refers",
            "prepare",
            "refers",
            r"\b(?<!be )(?<!well-)(?:(?:un)?prepared(?! (?:to|for)\b)|prepare spells?"
            r"|preparation cards?)\b",
        ),
    ),
)

PREPARE_JA = MechanicRules(
    "prepare",
    "ja",
    ("備",),
    (
        _ja(
            "ja.prepare.enters_prepared",
            "prepare",
            "makes_prepared",
            r"準備済み?状態で(?:戦場|場)に出(?:る|た)?",
        ),
        _ja(
            "ja.prepare.becomes_prepared",
            "prepare",
            "makes_prepared",
            r"準備済み?状態に(?:な(?:る|り|った)?|する|し)",
        ),
        _ja(
            "ja.prepare.unprepares",
            "prepare",
            "unprepares",
            r"未準備状態に(?:する|なる|なり|なった|し)|準備済み?状態で(?:は)?なくな(?:る|り|った)?",
        ),
        _ja(
            "ja.prepare.refers",
            "prepare",
            "refers",
            r"準備済み?状態|未準備状態|準備呪文|準備カード",
        ),
    ),
)

# --- ending the turn (724.1) --------------------------------------------------------------

END_TURN_EN = MechanicRules(
    "end_the_turn",
    "en",
    ("the turn",),
    (
        # 724.1: "End the turn." / "may end the turn" / "ends the turn".
        _en("en.end_turn", "end_the_turn", "ends_turn", r"\b(?:end|ends|ended) the turn\b"),
    ),
)

END_TURN_JA = MechanicRules(
    "end_the_turn",
    "ja",
    ("ターンを終",),  # every phrasing below contains it
    (
        _ja(
            "ja.end_turn",
            "end_the_turn",
            "ends_turn",
            r"ターンを(?:終了(?:する|し|させ)|終え(?:る|た)?|終わらせ)",
        ),
    ),
)

# All rule sets, in MECHANICS order, English first.
RULE_SETS: tuple[MechanicRules, ...] = (
    DAY_NIGHT_EN,
    DAY_NIGHT_JA,
    INITIATIVE_EN,
    INITIATIVE_JA,
    PREPARE_EN,
    PREPARE_JA,
    END_TURN_EN,
    END_TURN_JA,
)

# Layout-level rule (722.1-722.2a): on a card with layout "prepare", the inset face is the
# prepare spell.  It has no text of its own to match, so this rule is applied by tag.py.
PREPARE_CARD_RULE_NAME = "layout.prepare.inset_face"


def rule_sets_for(lang: str) -> tuple[MechanicRules, ...]:
    """The rule sets for one language, in MECHANICS order."""
    return tuple(rs for rs in RULE_SETS if rs.lang == lang)


def _top_level_alternation(pattern: str) -> bool:
    """Whether `pattern` has a "|" outside any group (escapes and classes skipped)."""
    depth, i, in_class = 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return True
        i += 1
    return False


def _check() -> None:
    """Fail at import if a rule names an unknown mechanic or role (a typo in the data)."""
    for rs in RULE_SETS:
        assert rs.mechanic in MECHANICS, rs.mechanic
        for rule in rs.rules:
            assert rule.mechanic == rs.mechanic and rule.lang == rs.lang, rule.name
            assert rule.role in ROLES[rule.mechanic], rule.name
            assert rule.field in ("text", "type_line"), rule.name
            if rule.lang == "en":
                # Written in lower case: it runs case-sensitively on lower-cased text.
                bare = re.sub(r"\\.", "", rule.pattern.pattern)
                assert bare == bare.lower(), rule.name
                # word_start applies to the whole pattern: no alternation at top level.
                assert not _top_level_alternation(rule.pattern.pattern), rule.name
            assert all(p == p.lower() for p in rs.prefilter), rs


_check()
