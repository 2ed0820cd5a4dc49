"""Cost-change sentences (601.2f, 602.2b) beyond text.paragraphs' "<spells> cost {N} less".

Static abilities (read by :func:`cost_static`, asked by text.statics_phrases.static_more):

* "Activated abilities of artifacts you control cost {1} less to activate", "Equip abilities
  you activate of other Equipment cost {1} less ...", "Exhaust abilities of other permanents
  you control ...", "Abilities you activate that aren't mana abilities ...", "Loyalty
  abilities of planeswalkers your opponents control cost {1} more ...", "Activated abilities
  cost {2} more to activate unless they're mana abilities", "... that target ~ ...", with
  "This effect can't reduce the mana in that cost to less than one mana." after it
  (:class:`~rules_engine.records.AbilityCostModifier`);
* "<spells> cost ... This effect reduces only the amount of colored mana you pay." and
  "Spells you cast from anywhere other than your hand / from your graveyard or from exile
  cost ..." (:class:`~rules_engine.records.SpellCostModifier`).

Verb phrases (appended to the verb table, :func:`extend`): a resolved "Artifact spells you
cast this turn cost {1} less to cast", "the next [Giant] spell you cast this turn costs {2}
less to cast", "Spells with the chosen name cost {1} less to cast this turn" (611.2a:
:class:`~rules_engine.records.CostChangeThisTurn`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from rules_engine.abilities import (
    Amount,
    CastPermission,
    CostModifier,
    ObjectFilter,
    Ref,
    Restriction,
    StaticAbility,
)
from rules_engine.records import (
    AbilityCostModifier,
    CostChangeThisTurn,
    OptionalSpellCost,
    SpellCostModifier,
)
from rules_engine.text.conditions import parse_condition
from rules_engine.text.costs import parse_cost
from rules_engine.text.nouns import Ctx, parse_filter
from rules_engine.text.spell_grants import extend as _extend_grants
from rules_engine.text.spell_grants import ordinal_grant, quality_grant

_DELTA = r"(?P<delta>(?:\{[^}]+\})+)"
_ABILITY = re.compile(
    r"(?P<kind>activated |equip |exhaust |loyalty |power-up |boast |cycling |ninjutsu )?"
    r"abilities"
    r"(?: (?P<who1>you|your opponents) activate)?"
    r"(?: of (?P<of>.+?))?"
    r"(?: (?P<who2>you|your opponents) activate)?"
    r"(?: that target (?P<tgt>.+?))?"
    r"(?P<nonmana> that aren't mana abilities)?"
    rf" cost (?:up to )?{_DELTA} (?P<dir>less|more) to activate"
    r"(?P<unless> unless they're mana abilities)?"
    r"(?: for each (?P<each>.+?)|, where X is (?P<x>.+?))?", re.I)
_MIN_ONE = re.compile(r"\.? ?This effect can't reduce the mana in that cost to less than one "
                      r"mana\.?$", re.I)
_COLORED_ONLY = re.compile(r"\.? ?This effect reduces only the amount of colored mana you "
                           r"pay\.?$", re.I)
_FROM = re.compile(r"(?P<what>.+? you cast) from (?P<zones>anywhere other than your hand|your "
                   r"graveyard or from exile|your graveyard|exile|your hand) (?P<rest>costs? "
                   r".+)", re.I)
_ZONES = {"anywhere other than your hand": ((), ("hand",)),
          "your graveyard or from exile": (("graveyard", "exile"), ()),
          "your graveyard": (("graveyard",), ()), "exile": (("exile",), ()),
          "your hand": (("hand",), ())}
# the filter word of "that target ~" (text.statics_phrases.IS_SOURCE, registered by
# rules_engine.statics_more)
_IS_SOURCE = "is ~"


_FIRST_ABILITY = re.compile(r"the first activated ability of an? (?P<of>.+?) you activate each "
                            rf"turn costs {_DELTA} (?P<dir>less|more) to activate", re.I)
FIRST_EACH_TURN = "first_each_turn"  # (an ability_kind: the first such activation this turn)


def _ability_modifier(t: str) -> AbilityCostModifier | None:
    """602.2b: a static change to the costs of activated abilities (see the module text)."""
    min_one = bool(_MIN_ONE.search(t))
    t = _MIN_ONE.sub("", t).strip().rstrip(".")
    first = _FIRST_ABILITY.fullmatch(t)
    if first:  # "The first activated ability of an artifact you activate each turn costs ..."
        flt = parse_filter(first.group("of"))
        if flt is None:
            return None
        return AbilityCostModifier(filter=flt, delta=first.group("delta"),
                                   increase=first.group("dir").lower() == "more",
                                   ability_kind=FIRST_EACH_TURN, activator="you",
                                   min_one=min_one, text=t)
    m = _ABILITY.fullmatch(t)
    if m is None:
        return None
    kind = (m.group("kind") or "").strip().lower()
    if not kind and not (m.group("who1") or m.group("who2")):
        return None  # "Abilities cost ..." names no ability
    of = m.group("of")
    if of:
        flt = parse_filter(re.sub(r"^sources\b", "permanents", of, flags=re.I))
        if flt is None:
            return None
    else:
        flt = ObjectFilter(text="")
    who = (m.group("who1") or m.group("who2") or "").lower()
    activator = {"you": "you", "your opponents": "opponent"}.get(who)
    target = None
    if m.group("tgt"):
        what = re.sub(r"^an? ", "", m.group("tgt"), flags=re.I)
        target = ObjectFilter(qualifiers=(_IS_SOURCE,), text="~") if what == "~" else \
            parse_filter(what)
        if target is None:
            return None
    ability_kind = kind if kind in ("equip", "exhaust", "loyalty", "power-up", "boast", "cycling",
                                    "ninjutsu") else None
    if m.group("nonmana") or m.group("unless"):
        if ability_kind is not None:
            return None
        ability_kind = "nonmana"
    amt = None
    if m.group("each"):  # "... for each Dragon you control" (a count, 601.2f)
        amt = Amount(text="for each " + m.group("each"))
    elif m.group("x"):  # "{X} less ..., where X is ~'s power"
        amt = Amount(text="X is " + m.group("x"))
    return AbilityCostModifier(filter=flt, delta=m.group("delta"), amount=amt,
                               increase=m.group("dir").lower() == "more",
                               ability_kind=ability_kind, activator=activator, target=target,
                               min_one=min_one, text=t)


_DEFILER = re.compile(r"As an additional cost to cast (?P<what>[\w ,-]+? spells), you may "
                      r"(?P<cost>[^.]+)\. Those spells cost (?P<delta>(?:\{[WUBRG]\})+) less to "
                      r"cast if you paid life this way\. This effect reduces only the amount of "
                      r"(?:white|blue|black|red|green|colored) mana you pay\.?", re.I)


def _optional_extra_cost(para: str) -> StaticAbility | None:
    """601.2b, 601.2f: "As an additional cost to cast green permanent spells, you may pay 2
    life. Those spells cost {G} less to cast if you paid life this way. ..." (the Defilers)."""
    m = _DEFILER.fullmatch(para.strip())
    if m is None:
        return None
    flt = parse_filter(m.group("what"))
    cost = parse_cost(m.group("cost"))
    if flt is None or cost is None or [p.kind for p in cost.parts] != ["pay_life"]:
        return None
    mod = OptionalSpellCost(filter=dataclasses.replace(flt, controller="you"),
                            delta=m.group("delta"), extra=cost, text=para.strip())
    return StaticAbility(effects=(mod,), text=para)


_FLASH_IF = re.compile(r"(?:if (?P<cond>[^,]+), )?you may cast (?:~|this spell) as though it had "
                       r"flash(?: if (?P<cond2>[^.]+))?\.?", re.I)


def _flash_if(para: str) -> StaticAbility | None:
    """601.3: "If there are three or more Lesson cards in your graveyard, you may cast this
    spell as though it had flash" (the card's own permission, while the condition holds as
    it is cast; casting._flash_for_more)."""
    m = _FLASH_IF.fullmatch(para.strip())
    words = m and (m.group("cond") or m.group("cond2"))
    if not words or re.search(r"\bX\b|\bpay\b|\bbehold\b|additional cost", words):
        return None
    cond = parse_condition(words, Ctx())
    if cond is None:
        return None
    perm = CastPermission(kind="flash", filter=ObjectFilter(text="this spell"), text=para.strip())
    return StaticAbility(effects=(perm,), condition=cond, text=para)


_HASTE_ACTIVATE = re.compile(r"you may activate abilities of (?P<what>.+?) as though (?:those "
                             r"creatures|they|it) had haste\.?", re.I)


def _haste_activation(para: str) -> StaticAbility | None:
    """302.6, 609.4: "You may activate abilities of creatures you control as though those
    creatures had haste": their {T} / {Q} abilities despite summoning sickness (asked by
    casting.activate_object through statics_more.activates_as_though_haste)."""
    m = _HASTE_ACTIVATE.fullmatch(para.strip())
    flt = parse_filter(m.group("what")) if m else None
    if flt is None:
        return None
    return StaticAbility(effects=(Restriction(kind="activate_as_though_haste", subject=Ref(
        "each", filter=flt, text=m.group("what")), text=para.strip()),), text=para)


def cost_static(para: str, static: Callable[[str], Any]) -> StaticAbility | None:
    """The static forms of the module text; None when none matches (``static`` is
    text.paragraphs' static-ability reader, for the sentence a trailing one amends)."""
    text = para.strip()
    if " as though it had flash" in text:
        return _flash_if(text)
    if " had haste" in text:
        return _haste_activation(text)
    if text.lower().startswith("as an additional cost to cast ") and "you paid life" in text:
        return _optional_extra_cost(text)
    if " spell you cast each turn has " in text:
        return ordinal_grant(text)  # 613.1f (text.spell_grants)
    if re.search(r" you cast (?:from |that's exactly )", text):
        found = quality_grant(text)
        if found is not None:
            return found
    if " to activate" in text:
        mod = _ability_modifier(text)
        if mod is not None:
            return StaticAbility(effects=(mod,), text=para)
        return None
    colored = bool(_COLORED_ONLY.search(text))
    body = _COLORED_ONLY.sub("", text).strip().rstrip(".") + "."
    zones: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    m = _FROM.fullmatch(body.rstrip("."))
    if m:
        zones = _ZONES[m.group("zones").lower()]
        body = f"{m.group('what')} {m.group('rest')}."
    if not colored and not m:
        return None
    found = static(body)
    if not isinstance(found, StaticAbility) or len(found.effects) != 1 or \
            type(found.effects[0]) is not CostModifier:
        return None
    mod = found.effects[0]
    fields = {f.name: getattr(mod, f.name) for f in dataclasses.fields(mod)}
    new = SpellCostModifier(**fields, colored_only=colored, from_zones=zones[0],
                            not_from=zones[1])
    return dataclasses.replace(found, effects=(new,), text=para)


def _this_turn(s: Ref, m: re.Match[str], ctx: Ctx) -> CostChangeThisTurn | None:
    """611.2a: "[the next] <spells> you cast this turn cost(s) {N} less/more to cast" and
    "<spells> cost {N} less to cast this turn": a resolved effect for the rest of the turn; a
    "next" one is used up by the next such spell (601.2i)."""
    if s.kind != "you":
        return None
    what = m.group("what")
    nxt = re.match(r"the next ", what, re.I)
    if nxt:
        what = what[nxt.end():]
    flt = parse_filter(what)
    if flt is None or "spell" not in flt.qualifiers:
        return None
    if m.group("cast"):
        flt = dataclasses.replace(flt, controller="you")
    text = m.group(0)
    mod = CostModifier(filter=flt, delta=m.group("delta"),
                       increase=m.group("dir").lower() == "more", text=text)
    return CostChangeThisTurn(modifier=mod, next_only=bool(nxt), text=text)


VP_SPECS: list[tuple[str, Callable[[Ref, re.Match[str], Ctx], Any]]] = [
    (rf"(?P<what>(?:the next )?[\w' -]*?spells?)(?P<cast> you cast) this turn costs? {_DELTA} "
     r"(?P<dir>less|more) to cast", _this_turn),
    (rf"(?P<what>(?:the next )?[\w' -]*?spells?(?: with the chosen name)?)(?P<cast>) costs? "
     rf"{_DELTA} (?P<dir>less|more) to cast this turn", _this_turn),
]


def extend(table: list) -> None:
    """Append these phrases (and text.spell_grants') to the verb-phrase table (once)."""
    if not any(getattr(b, "__module__", "") == __name__ for _rx, b in table):
        table.extend((re.compile(p, re.I), b) for p, b in VP_SPECS)
    _extend_grants(table)
