"""The exceptions of "enter as a copy" (707.9b) read into
:class:`rules_engine.records.EnterAsCopyExcept`: "except it's a Bird in addition to its other
types and it has flying", "except it's an artifact in addition to its other types", "except it
has haste", "its name is ~, it's legendary in addition to its other types, and it has
\"...\"" (a quoted ability, 113.10), "it's a 4/4 black Zombie in addition to its other types",
"it's a Vehicle artifact with crew 3 and it loses all other card types", "it isn't legendary",
"it doesn't copy that creature's color", "it enters with X additional +1/+1 counters on it
[if it's a creature]". Used by :mod:`rules_engine.text.paragraphs` for "You may have ~ enter as
a copy of ...". Anything else is left to the caller (kept as the unsupported ``except_text``)."""

from __future__ import annotations

import re
from typing import Any

from rules_engine import abilities as ab
from rules_engine.abilities import Amount, ObjectFilter, Ref
from rules_engine.records import EnterAsCopyExcept
from rules_engine.text import hooks
from rules_engine.text.keywords import parse_keyword_list
from rules_engine.text.nouns import amount

_CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPES = re.compile(r"(?:it's|it is) (?:an? )?(?:(?P<p>\d+)/(?P<t>\d+) )?"
                    r"(?P<types>(?:[A-Za-z][\w'-]* )*?[A-Za-z][\w'-]*)"
                    r"(?P<add> in addition to its other (?:creature )?types)?"
                    r"(?: with (?P<kws>[^\"]+))?")
_HAS = re.compile(r"(?:it )?(?:has|gains) (?P<kws>[^\"]+)")
_QUOTED = re.compile(r"(?:it )?has \"(?P<q>[^\"]+)\"")
_COUNTERS = re.compile(r"it enters with (?P<n>an|a|one|two|three|X|\d+) additional "
                       r"(?P<kind>\+1/\+1|loyalty|[a-z]+) counters? on it"
                       r"(?: if it's an? (?P<type>creature|planeswalker|artifact))?")
# parts joined by ", ", ", and " or " and " before "it"/"has"/"its" (never inside a quote)
_SPLIT = re.compile(r",? and (?=it\b|has\b|its\b)|, (?=it\b|its\b|has\b)")


def _parts(text: str) -> list[str] | None:
    """Split the exception into its parts, keeping quoted abilities whole."""
    pieces = re.split(r"(\"[^\"]*\")", text)
    if len(pieces) % 2 == 0:
        return None  # an unclosed quote
    parts = [""]
    for i, piece in enumerate(pieces):
        if i % 2:
            parts[-1] += piece
            continue
        split = _SPLIT.split(piece)
        parts[-1] += split[0]
        parts.extend(split[1:])
    return [p.strip() for p in parts if p.strip()]


def _quoted(text: str) -> tuple[Any, ...] | None:
    """A quoted ability compiled as a permanent's paragraph; None when it doesn't compile."""
    if hooks.COMPILE_QUOTED is None:
        return None
    found = tuple(hooks.COMPILE_QUOTED(text))
    if not found or any(isinstance(a, ab.Unsupported) for a in found) or any(
            isinstance(e, ab.UnsupportedEffect) for e in ab.iter_effects(found)):
        return None
    return found


def copy_exceptions(flt: ObjectFilter, text: str, whole: str) -> EnterAsCopyExcept | None:
    """707.9b: each part is a type, name, colour or P/T change, an ability it has, or the
    counters it enters with; None when a part is not understood."""
    subtypes: list[str] = []
    card_types: list[str] = []
    supertypes: list[str] = []
    keywords: list = []
    abilities: list = []
    counters: list[tuple[str, Amount, str]] = []
    colors: list[str] = []
    flags = {"replace": False, "own_name": False, "not_legendary": False, "colorless": False}
    pt: tuple[int, int] | None = None
    parts = _parts(re.sub(r"\s*\([^()]*\)$", "", text.strip()).rstrip("."))
    if not parts:
        return None
    for part in parts:
        part = part.strip().rstrip(".")
        if part in ("its name is ~", "it's named ~"):
            flags["own_name"] = True
            continue
        if part in ("it isn't legendary", "it isn't legendary if that permanent is legendary",
                    "it isn't legendary if that creature is legendary"):
            flags["not_legendary"] = True  # (a copy of a nonlegendary one: nothing to remove)
            continue
        if part in ("it doesn't copy that creature's color", "it doesn't copy its color"):
            flags["colorless"] = True
            continue
        if part in ("it loses all other card types", "it loses its other card types"):
            flags["replace"] = True
            continue
        m = _QUOTED.fullmatch(part)
        if m:
            found = _quoted(m.group("q"))
            if found is None:
                return None
            abilities.extend(found)
            continue
        m = _COUNTERS.fullmatch(part)
        if m:
            n = amount("a" if m.group("n") == "an" else m.group("n"))
            if n is None:
                return None
            counters.append((m.group("kind"), n, m.group("type") or ""))
            continue
        m = _TYPES.fullmatch(part)
        if m:
            for word in m.group("types").split():
                low = word.lower()
                if low in _CARD_TYPES:
                    card_types.append(low)
                elif low in ("legendary", "snow"):
                    supertypes.append(low)
                elif low in _COLORS:
                    colors.append(_COLORS[low])
                elif word[0].isupper():
                    subtypes.append(word)
                else:
                    return None
            if m.group("p"):
                pt = (int(m.group("p")), int(m.group("t")))
            if m.group("kws"):
                kws = parse_keyword_list(m.group("kws"))
                if kws is None:
                    return None
                keywords.extend(kws)
            flags["replace"] = flags["replace"] or not m.group("add")
            continue
        m = _HAS.fullmatch(part)
        if m:
            kws = parse_keyword_list(m.group("kws"))
            if kws is None:
                return None
            keywords.extend(kws)
            continue
        return None
    if flags["replace"] and not card_types:
        return None  # "it's a 1/1 ..." and other whole rewrites: not read here
    if (pt is not None or colors) and flags["replace"]:
        return None  # "it's a 4/4 black Zombie" without "in addition to ...": not read here
    return EnterAsCopyExcept(subject=Ref("self"), filter=flt, subtypes=tuple(subtypes),
                             card_types=tuple(card_types), replace_types=flags["replace"],
                             keywords=tuple(keywords), text=whole,
                             own_name=flags["own_name"], supertypes=tuple(supertypes),
                             not_legendary=flags["not_legendary"],
                             power=pt[0] if pt else None, toughness=pt[1] if pt else None,
                             colors=tuple(colors), colorless=flags["colorless"],
                             abilities=tuple(abilities), counters=tuple(counters))
