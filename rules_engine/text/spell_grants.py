"""Keywords given to spells by ordinal or "next" descriptions (613.1f, 611.2a).

* Static: "The first spell you cast each turn has cascade", "The first instant or sorcery
  spell you cast each turn has casualty 2" (a GrantAbility to spells whose filter carries the
  qualifier "first you cast each turn", targeting.FIRST_EACH_TURN; given by
  rules_engine.statics_spells as the spell is cast).
* Verb phrase: "the next [noncreature] spell you cast this turn has cascade / convoke /
  affinity for artifacts" (:class:`~rules_engine.records.NextSpellGrant`, resolved).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.abilities import GrantAbility, Ref, StaticAbility
from rules_engine.records import NextSpellGrant
from rules_engine.text.keywords import parse_keyword_line
from rules_engine.text.nouns import Ctx, parse_filter

_FIRST = re.compile(r"the (?P<ord>first|second) (?P<kind>(?:[\w' -]+? )?spell) you cast each "
                    r"turn has (?P<kw>[^.\"]+)\.?", re.I)
_QUALIFIER = {"first": "first you cast each turn", "second": "second you cast each turn"}


def _spells(kind: str) -> Any:
    flt = parse_filter(kind)
    if flt is None or "spell" not in flt.qualifiers:
        return None
    return dataclasses.replace(flt, controller="you")


def ordinal_grant(para: str) -> StaticAbility | None:
    """"The first [kind] spell you cast each turn has <keywords>" (613.1f)."""
    m = _FIRST.fullmatch(para.strip())
    if m is None:
        return None
    if m.group("ord").lower() == "second" and m.group("kind").lower() != "spell":
        return None  # (the second-spell count is of every spell)
    flt = _spells(m.group("kind"))
    kws = parse_keyword_line(m.group("kw"))
    if flt is None or not kws:
        return None
    flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + (
        _QUALIFIER[m.group("ord").lower()],))
    subject = Ref("each", filter=flt, text=m.group("kind"))
    return StaticAbility(effects=(GrantAbility(subject=subject, keywords=kws, duration=None,
                                               text=f"has {m.group('kw')}"),), text=para)


_COLOR_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# filter words for the zone a spell is cast from (601.2a), read by rules_engine.statics_spells
CAST_FROM = {"your hand": "cast from your hand", "exile": "cast from exile",
             "your graveyard": "cast from your graveyard",
             "anywhere other than your hand": "cast from anywhere other than your hand"}
_ZONE_HAS = re.compile(r"(?P<what>(?:[\w' -]+? )?spells?) you cast from (?P<zone>your hand|"
                       r"exile|your graveyard|anywhere other than your hand) (?:have|has) "
                       r"(?P<kw>[^.\"]+)\.?", re.I)
_EACH_THATS = re.compile(r"each (?P<what>(?:[\w' -]+? )?spell) you cast that's exactly "
                         r"(?P<n>one|two|three|four|five) colors? has (?P<kw>[^.\"]+)\.?", re.I)


def quality_grant(para: str) -> StaticAbility | None:
    """613.1f: "Instant and sorcery spells you cast from your hand have cascade", "Spells you
    cast from exile have convoke", "Each spell you cast that's exactly three colors has
    replicate {3}" (105.2: its number of colors)."""
    m = _ZONE_HAS.fullmatch(para.strip())
    if m:
        word = CAST_FROM[m.group("zone").lower()]
    else:
        m = _EACH_THATS.fullmatch(para.strip())
        if m is None:
            return None
        word = f"exactly {m.group('n').lower()} colors"
    flt = _spells(m.group("what"))
    kws = parse_keyword_line(m.group("kw"))
    if flt is None or not kws:
        return None
    flt = dataclasses.replace(flt, qualifiers=flt.qualifiers + (word,))
    subject = Ref("each", filter=flt, text=m.group("what"))
    return StaticAbility(effects=(GrantAbility(subject=subject, keywords=kws, duration=None,
                                               text=f"has {m.group('kw')}"),), text=para)


def _next_has(s: Ref, m: re.Match[str], ctx: Ctx) -> NextSpellGrant | None:
    """611.2a: "the next [kind] spell you cast this turn has <keywords>"."""
    if s.kind != "you":
        return None
    flt = _spells(m.group("kind"))
    kws = parse_keyword_line(m.group("kw"))
    if flt is None or not kws:
        return None
    grant = GrantAbility(subject=Ref("each", filter=flt, text=m.group("kind")), keywords=kws,
                         duration=None,
                         text=f"has {m.group('kw')}")
    return NextSpellGrant(grant=grant, text=m.group(0))


VP_SPECS: list[tuple[str, Callable[[Ref, re.Match[str], Ctx], Any]]] = [
    (r"the next (?P<kind>(?:[\w' -]+? )?spell) you cast this turn has (?P<kw>[\w ,{}-]+)",
     _next_has),
]


def extend(table: list) -> None:
    """Append these phrases to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
