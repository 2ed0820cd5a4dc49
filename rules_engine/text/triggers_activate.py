"""Activation triggers (603.2 with 602.2): "Whenever you activate a ninjutsu ability",
"Whenever you activate a boast ability", "Whenever you activate an exhaust ability", "Whenever
you activate an eternalize or embalm ability", "Whenever you activate ~'s outlast ability",
"Whenever you activate a loyalty ability of a Chandra planeswalker".

An ability is activated when it is put on the stack and its costs are paid (602.2); the kind
``activates_keyword`` (``rules_engine/mechanics/trigger_activate.py``) is matched on the
``ability_activated`` event: ``detail`` the keyword or ability word names separated by "|" (a
keyword ability's name, 702; an ability word label such as boast or exhaust, 702.142,
702.177); ``subject`` Ref("self") for "~'s"; ``filter`` the source of a loyalty ability.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_engine.abilities import Ref, Trigger
from rules_engine.text.keywords import parse_keyword
from rules_engine.text.nouns import Ctx, parse_filter

_Builder = Callable[[re.Match[str], Ctx], Trigger | None]
_WHO = {"you": "you", "an opponent": "opponent", "a player": "any"}
# labelled activated abilities with rules meaning (text/paragraphs._labelled keeps the label)
_LABELS = frozenset({"boast", "exhaust"})


def _known(word: str) -> bool:
    """A keyword of an activated ability or one of the labels above (not a flavor word)."""
    if word in _LABELS:
        return True
    kw = parse_keyword(word + " {1}") or parse_keyword(word)
    return kw is not None and kw.name.lower() == word


def _activate(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    who = _WHO.get(m.group("who").lower())
    words = [w.strip().lower() for w in re.split(r" or |, ", m.group("kw"))]
    if who is None or not all(_known(w) for w in words):
        return None
    subject = Ref("self") if m.group("self") else None
    return Trigger("activates_keyword", player=who, subject=subject, detail="|".join(words),
                   text=m.group(0))


def _loyalty(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """606.3: a loyalty ability of a permanent the filter fits."""
    who = _WHO.get(m.group("who").lower())
    flt = parse_filter(m.group("what"))
    if who is None or flt is None:
        return None
    return Trigger("activates_keyword", player=who, filter=flt, detail="loyalty",
                   text=m.group(0))


def _ability_of(m: re.Match[str], ctx: Ctx) -> Trigger | None:
    """The kind ``activates_ability``: ``filter`` the source (None: any), ``detail``
    "nonmana" when mana abilities don't count."""
    who = _WHO.get(m.group("who").lower())
    what = m.group("what")
    flt = None
    if what:
        what = re.sub(r"^an? ", "", what)
        what = re.sub(r"\bthey control$", "an opponent controls" if who == "opponent" else
                      "you control", what)
        flt = parse_filter(what)
        if flt is None:
            return None
    if who is None:
        return None
    return Trigger("activates_ability", player=who, filter=flt,
                   detail="nonmana" if m.group("nonmana") else None, text=m.group(0))


ACTIVATE_TRIGGERS: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p, re.I), b) for p, b in [
        (r"(?P<who>you|an opponent|a player) activates? (?:an? |(?P<self>~'s) )"
         r"(?P<kw>[a-z]+(?: [a-z]+)?(?:(?:, | or )[a-z]+)*) ability", _activate),
        (r"(?P<who>you|an opponent|a player) activates? a loyalty ability of an? (?P<what>.+)",
         _loyalty),
        # 602.2: "Whenever an opponent activates an ability of an artifact they control", "...
        # an ability of an artifact, creature, or land that isn't a mana ability", "... an
        # ability that isn't a mana ability" (605: mana abilities don't use the stack)
        (r"(?P<who>you|an opponent|a player) activates? an ability(?: of (?P<what>an? .+?))?"
         r"(?: on the battlefield)?(?P<nonmana>,? (?:if it|that) isn't a mana ability)?",
         _ability_of),
    ]
]
