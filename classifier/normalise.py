"""Card text -> the canonical spelling the rules read, with a map back to the original.

The same rules text reaches us spelled in several ways: full-width or half-width forms
(１ / 1, （ / (, ｶ / カ), ideographic or no-break spaces, doubled spaces, line breaks as
"\\r\\n" or as a literal backslash-n (Forge's Oracle lines), Japanese ruby printed as
kana in parentheses after each kanji (確（かく）実（じつ）, as the Duskmourn room names
are printed), spaces between Japanese words.  The rules in mechanics.py are written once,
against the canonical form; this module produces that form and, for every canonical
character, the span of original text it came from, so evidence is still cut verbatim
from the card's own text (an evidence span may then include the ruby it skipped).

Three entry points:
  screen(keys, lang) -> (text -> bool)  a test on the original text, true whenever some
                     key occurs in quick(text, lang), built so that most texts are turned
                     away with a few substring tests and no new string at all.
  quick(text, lang)  the canonical string only, with C-speed string operations, for the
                     prefilter that rejects most cards (a superset test: every keyword
                     that survives `normalise` survives `quick` too).
  normalise(text, lang) -> Normalised  the canonical string and its offset map; built
                     only for the few texts whose prefilter hits.

English is also lower-cased here (the English rules are written in lower case), and
Japanese is NFKC-normalised (full-width ASCII to ASCII, half-width katakana to full
width; 、 and 。 are not changed by NFKC).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# A kanji (or 々) followed by 1-6 kana in parentheses: furigana printed inline.
_RUBY = re.compile(r"(?<=[\u4e00-\u9fff\u3005])\([\u3041-\u309f\u30fc]{1,6}\)")
_ANY_RUBY = re.compile(r"[(（][\u3041-\u309f\u30fc]{1,6}[)）]")
_HALF_KANA = re.compile(r"[\uff61-\uff9f]")
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_VOICED = {"\u3099", "\u309a"}  # combining (han)dakuten, from half-width ﾞ ﾟ under NFKC


def quick(text: str, lang: str) -> str:
    """A cheap canonical-ish form for prefilters (lower-cased English, NFKC Japanese)."""
    if lang == "en":
        return " ".join(text.lower().replace("\\n", " ").split())
    # Japanese: no NFKC (the costly part) unless half-width katakana is present; the
    # prefilter keys are kanji and full-width katakana, which NFKC leaves alone.  Any
    # parenthesised kana run and every space go, so ruby and spacing cannot split a key.
    if _HALF_KANA.search(text):
        text = unicodedata.normalize("NFKC", text)
    if "(" in text or "（" in text:
        text = _ANY_RUBY.sub("", text)
    if " " in text or "\u3000" in text:
        text = text.replace(" ", "").replace("\u3000", "")
    return text


# What quick() deletes between two characters it keeps: English, a run of whitespace or
# literal "\\n" (squeezed to one space, so a key's space stands for the whole run);
# Japanese (no half-width kana), spaces and parenthesised kana runs (_ANY_RUBY).
_GAP = {
    "en": r"(?:\s|\\n)+",
    "ja": rf"(?:[ \u3000]|{_ANY_RUBY.pattern})*",
}


def _key_test(key: str, lang: str) -> tuple[tuple[str, ...], re.Pattern[str] | None]:
    """(pieces, pattern) for one key: every piece must be a substring of the original
    text (lower-cased for English) before `pattern`, if any, is searched to confirm."""
    if lang == "en":
        pieces = key.split(" ")
        if len(pieces) == 1:
            return (key,), None
        return tuple(p for p in pieces if p), re.compile(_GAP["en"].join(map(re.escape, pieces)))
    if len(key) == 1:
        return (key,), None
    return tuple(dict.fromkeys(key)), re.compile(_GAP["ja"].join(map(re.escape, key)))


# Python's ``\s`` in a str pattern (every character str.isspace() accepts), written for RE2,
# whose own ``\s`` is ASCII only. tests/classifier/test_classifier_normalise.py checks it
# against every code point.
RE2_SPACE = ("[\\t-\\r\\x{1c}-\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}"
             "\\x{2029}\\x{202f}\\x{205f}\\x{3000}]")
_RE2_SPECIAL = re.compile(r"([\\.^$|?*+()\[\]{}])")


def screen_regex(keys: Iterable[str]) -> str:
    """The English :func:`screen` of ``keys`` as one RE2 pattern, to be searched for
    case-insensitively in the original text: it matches wherever that screen is true.

    Why: the loader screens every English record of a batch at once with it, in C++
    (pyarrow's RE2), instead of one Python call per record. Same keys, same gap between a
    key's words (whitespace or a literal ``\\n``, as :data:`_GAP`); RE2's case folding
    accepts at least what ``str.lower()`` followed by a substring test does for these
    ASCII keys, so it may be true a little more often, never less.
    """
    gap = f"(?:{RE2_SPACE}|\\\\n)+"
    parts = []
    for key in dict.fromkeys(keys):
        pieces = [_RE2_SPECIAL.sub(r"\\\1", p) for p in key.split(" ") if p]
        parts.append(gap.join(pieces))
    return "|".join(parts)


def screen(keys: Iterable[str], lang: str) -> Callable[[str], bool]:
    """A test on the original text: true whenever some key occurs in quick(text, lang).

    Why: quick() builds a new string for every text, and nearly every text mentions no
    mechanic.  This test reads the original instead, and is exact, not a guess, because
    it inverts quick(): a key survives quick() only if its characters are in the
    original in order with nothing but what quick() deletes between them (_GAP).  So the
    test is a few substring checks (each piece of the key present), and the gap-tolerant
    pattern runs only when they all pass.  Japanese text with half-width kana, which
    quick() NFKC-normalises (so a key's characters may not be in the original as such),
    is tested on quick() itself.  May be true when no key is in quick() (a superset).
    """
    tests = [_key_test(k, lang) for k in dict.fromkeys(keys)]
    singles = tuple(pieces[0] for pieces, pattern in tests if pattern is None)
    # Longest piece first: the rarest, so the piece checks fail soonest.
    multi = tuple(
        (tuple(sorted(pieces, key=len, reverse=True)), pattern)
        for pieces, pattern in tests
        if pattern is not None
    )
    all_keys = tuple(dict.fromkeys(keys))

    def hit(seen: str) -> bool:
        for k in singles:
            if k in seen:
                return True
        for pieces, pattern in multi:
            for p in pieces:
                if p not in seen:
                    break
            else:
                if pattern.search(seen):
                    return True
        return False

    if lang == "en":
        return lambda text: hit(text.lower())

    half = _HALF_KANA.search

    def test_ja(text: str) -> bool:
        if half(text):
            canon = quick(text, lang)
            return any(k in canon for k in all_keys)
        return hit(text)

    return test_ja


@dataclass(frozen=True)
class Normalised:
    """Canonical text and, per canonical character, the original span [start, end).

    starts/ends are None when the canonical text maps 1:1 onto the original (the common
    case, built without the per-character pass).
    """

    text: str
    starts: tuple[int, ...] | None = None
    ends: tuple[int, ...] | None = None

    def span(self, s: int, e: int) -> tuple[int, int]:
        """The original span of canonical [s, e) (e > s)."""
        if self.starts is None or self.ends is None:
            return s, e
        return self.starts[s], self.ends[e - 1]

    def canonical_index(self, original: int) -> int:
        """The first canonical position whose original span starts at or after `original`."""
        if self.starts is None:
            return min(original, len(self.text))
        return bisect_left(self.starts, original)


def _chars(text: str, lang: str) -> list[tuple[str, int, int]]:
    """Canonical characters with original spans, before whitespace and ruby handling."""
    out: list[tuple[str, int, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] == "n":
            out.append(("\n", i, i + 2))
            i += 2
            continue
        if c == "\r":
            j = i + 2 if i + 1 < n and text[i + 1] == "\n" else i + 1
            out.append(("\n", i, j))
            i = j
            continue
        if lang == "en":
            if c.isspace() and c != "\n":
                out.append((" ", i, i + 1))
            else:
                for d in c.lower():
                    out.append((d, i, i + 1))
            i += 1
            continue
        # Japanese: NFKC per character; a half-width voiced mark joins the kana before it.
        d = unicodedata.normalize("NFKC", c) if not c.isascii() else c
        if d in _VOICED and out:
            joined = unicodedata.normalize("NFC", out[-1][0] + d)
            if len(joined) == 1:  # a kana that takes the mark: one canonical character
                s = out.pop()[1]
                out.append((joined, s, i + 1))
                i += 1
                continue
        if c.isspace() and c != "\n":
            d = " "
        for x in d:
            out.append((x, i, i + 1))
        i += 1
    return out


def _squeeze(chars: list[tuple[str, int, int]], lang: str) -> list[tuple[str, int, int]]:
    """Collapse whitespace runs (a run with a line break becomes one line break).

    Japanese has no spaces between words: a space next to hiragana (a particle or
    okurigana: "ターンを 終了", "昼 が") is dropped; one between two kanji/katakana words
    ("飛行 日暮") stays, since keyword lists may be separated that way.
    """
    out: list[tuple[str, int, int]] = []
    i, n = 0, len(chars)
    while i < n:
        c = chars[i]
        if c[0] not in (" ", "\n"):
            out.append(c)
            i += 1
            continue
        j = i
        newline = False
        while j < n and chars[j][0] in (" ", "\n"):
            newline = newline or chars[j][0] == "\n"
            j += 1
        if newline:
            out.append(("\n", chars[i][1], chars[j - 1][2]))
        elif out and j < n:
            before, after = out[-1][0], chars[j][0]
            if not (lang == "ja" and (_HIRAGANA.match(before) or _HIRAGANA.match(after))):
                out.append((" ", chars[i][1], chars[j - 1][2]))
        i = j
    return out


# Ruby as _RUBY finds it, written without the lookbehind so that a search of it is a
# plain scan (used only to decide whether the per-character pass is needed).
_RUBY_AT = re.compile(r"[\u4e00-\u9fff\u3005]\([\u3041-\u309f\u30fc]{1,6}\)")
# Whitespace other than " " and a line break (always rewritten by the per-character pass).
_ODD_SPACE = re.compile(r"[^\S \n]")


def _one_to_one(text: str, lang: str) -> str | None:
    """The canonical text when it maps 1:1 onto `text`, else None.

    It does when there is nothing for the per-character pass to do: no literal "\\n" or
    "\\r" to rewrite, no whitespace run to squeeze (English: every whitespace run is one
    " " or one "\\n", none at either end; Japanese: likewise, and no space next to
    hiragana), no ruby to drop.  Checked with string operations, since
    this runs for every text that passes the prefilter.
    """
    if lang == "en":
        low = text.lower()
        if len(low) != len(text) or "\\n" in low:
            return None
        # Every whitespace run a single " " or "\\n", none at either end.
        if low.replace("\n", " ") != " ".join(low.split()):
            return None
        return low
    nfkc = unicodedata.normalize("NFKC", text)
    if len(nfkc) != len(text) or "\uff9e" in text or "\uff9f" in text or "\\n" in nfkc:
        return None
    if "\n\n" in nfkc or nfkc[:1] == "\n" or nfkc[-1:] == "\n" or _ODD_SPACE.search(nfkc):
        return None
    # A space stays as it is only between two characters that are neither whitespace nor
    # hiragana (_squeeze): "{1}, {T}" and "飛行 日暮" keep theirs, "ターンを 終了" does not.
    i = nfkc.find(" ")
    last = len(nfkc) - 1
    while i != -1:
        if i == 0 or i == last:
            return None
        a, b = nfkc[i - 1], nfkc[i + 1]
        if a in " \n" or b in " \n" or "\u3041" <= a <= "\u309f" or "\u3041" <= b <= "\u309f":
            return None
        i = nfkc.find(" ", i + 1)
    if "(" in nfkc and _RUBY_AT.search(nfkc):
        return None
    return nfkc


def normalise(text: str, lang: str) -> Normalised:
    """The canonical text of `text` (module doc) with its map back to `text`."""
    direct = _one_to_one(text, lang)
    if direct is not None:
        return Normalised(direct)
    chars = _squeeze(_chars(text, lang), lang)
    if lang == "ja" and "(" in "".join(c[0] for c in chars):
        joined = "".join(c[0] for c in chars)
        drop: set[int] = set()
        for m in _RUBY.finditer(joined):
            drop.update(range(m.start(), m.end()))
        if drop:
            chars = [c for k, c in enumerate(chars) if k not in drop]
    return Normalised(
        "".join(c[0] for c in chars),
        tuple(c[1] for c in chars),
        tuple(c[2] for c in chars),
    )
