"""The exceptions of "create a token that's a copy of X, except ..." (707.9b), read part by part
into the :class:`~rules_engine.abilities.TokenSpec` of the copy; the engine applies them to the
copiable values (:func:`rules_engine.effects.tokens.copy_face_of`):

- "it's an artifact in addition to its other types", "it's a Reflection in addition to its
  other creature types", "it's a 2/2 black Zombie in addition to its other colors and types"
  (added: the spec's ``except_text`` says "in addition to");
- "it's a legendary Alien named Prisoner Zero", "it's a 1/1 green Frog" (replaced: its
  colors, creature types and P/T are those, its card types stay);
- "it's legendary" (supertype added), "it isn't legendary" / "it's not legendary" (removed:
  the supertype word ``nonlegendary``);
- "it has haste and \"At the beginning of the end step, sacrifice ~.\"", "they have flying"
  (keywords and quoted abilities added), "the token is 1/1".

Anything else leaves the sentence to the older reading in :mod:`rules_engine.text.tokens`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rules_engine.abilities import Amount, TokenSpec

_CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
_COLOR_WORDS = {"white", "blue", "black", "red", "green", "colorless"}
_NOT_LEGENDARY = re.compile(r"(?:it|the token) (?:isn't|is not) legendary|it's not legendary|"
                            r"(?:they|the tokens) aren't legendary", re.I)
_IS = re.compile(r"(?:it's|it is|they're|they are|the tokens? (?:is|are)) (?:an? )?"
                 r"(?P<legendary>legendary )?(?:(?P<p>\d+)/(?P<t>\d+)\s*)?(?P<words>[\w' ]*?)"
                 r"(?P<add> in addition to (?:its|their) other (?:colors and )?(?:creature )?"
                 r"types)?"
                 r"(?: named (?P<name>[A-Z][^,]*))?", re.I)
_HAS = re.compile(r"(?:it|they|the tokens?) (?:has|have|gains?) (?P<what>.+)", re.I)
_SPLIT = re.compile(r",? and (?=(?:it|they|the token)\b)|, (?=(?:it|they|the token)\b)", re.I)


def read_exception(spec: TokenSpec, text: str,
                   abilities_of: Callable[[str], tuple | None]) -> TokenSpec | None:
    """``spec`` with the exception ``text`` filled in, or None when a part is not understood.
    ``abilities_of`` splits "haste and \"...\"" into keyword and quoted abilities (the token
    grammar's reader)."""
    t = text.strip().rstrip(".")
    changes: dict = {}
    supertypes: list[str] = []
    for part in _SPLIT.split(t):
        part = part.strip()
        if _NOT_LEGENDARY.fullmatch(part):
            supertypes.append("nonlegendary")
            continue
        m = _HAS.fullmatch(part)
        if m:
            more = abilities_of(m.group("what"))
            if more is None:
                return None
            kws, quoted = more
            changes["keywords"] = changes.get("keywords", ()) + tuple(kws)
            changes["abilities"] = changes.get("abilities", ()) + tuple(quoted)
            continue
        m = _IS.fullmatch(part)
        if m is None:
            return None
        if m.group("legendary"):
            supertypes.append("legendary")
        if m.group("p"):
            changes["power"] = Amount(int(m.group("p")))
            changes["toughness"] = Amount(int(m.group("t")))
        colors, types, subtypes = [], [], []
        for word in m.group("words").split():
            low = word.lower()
            single = low[:-1] if low.endswith("s") and low[:-1] in _CARD_TYPES else low
            if low in _COLOR_WORDS:
                colors.append(low)
            elif single in _CARD_TYPES:
                types.append(single)
            elif word[0].isupper():
                subtypes.append(word)
            else:
                return None
        if m.group("name"):
            changes["name"] = m.group("name").strip()
        if not (m.group("legendary") or m.group("p") or colors or types or subtypes or
                m.group("name")):
            return None
        changes["colors"] = changes.get("colors", ()) + tuple(colors)
        changes["card_types"] = changes.get("card_types", ()) + tuple(types)
        changes["subtypes"] = changes.get("subtypes", ()) + tuple(subtypes)
    if supertypes:
        changes["supertypes"] = tuple(supertypes)
    return dataclasses.replace(spec, **changes)
