"""The exceptions of "enter as a copy" (707.9b) read into
:class:`rules_engine.records.EnterAsCopyExcept`: "except it's a Bird in addition to its other
types and it has flying", "except it's an artifact in addition to its other types", "except it
has haste". Used by :mod:`rules_engine.text.paragraphs` for "You may have ~ enter as a copy of
...". Anything else is left to the caller (kept as the unsupported ``except_text``)."""

from __future__ import annotations

import re

from rules_engine.abilities import ObjectFilter, Ref
from rules_engine.records import EnterAsCopyExcept
from rules_engine.text.keywords import parse_keyword_list

_CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
_TYPES = re.compile(r"(?:it's|it is) (?:an? )?(?P<types>(?:[A-Za-z][\w'-]* )*?[A-Za-z][\w'-]*)"
                    r"(?P<add> in addition to its other types)?")
_HAS = re.compile(r"(?:it )?(?:has|gains) (?P<kws>.+)")


def copy_exceptions(flt: ObjectFilter, text: str, whole: str) -> EnterAsCopyExcept | None:
    """707.9b: each "and"-joined part is a type change or a keyword grant; None when a part is
    not understood."""
    subtypes: list[str] = []
    card_types: list[str] = []
    keywords: list = []
    replace = False
    for part in re.split(r",? and (?=it\b|has\b)", text.strip().rstrip(".")):
        part = part.strip()
        m = _TYPES.fullmatch(part)
        if m:
            for word in m.group("types").split():
                if word.lower() in _CARD_TYPES:
                    card_types.append(word.lower())
                elif word[0].isupper():
                    subtypes.append(word)
                else:
                    return None
            replace = replace or not m.group("add")
            continue
        m = _HAS.fullmatch(part)
        if m:
            kws = parse_keyword_list(m.group("kws"))
            if kws is None:
                return None
            keywords.extend(kws)
            continue
        return None
    if replace and not card_types:
        return None  # "it's a 1/1 ..." and other whole rewrites: not read here
    return EnterAsCopyExcept(subject=Ref("self"), filter=flt, subtypes=tuple(subtypes),
                             card_types=tuple(card_types), replace_types=replace,
                             keywords=tuple(keywords), text=whole)
