"""Printed alternative costs: "[If <condition>, ]you may <cost> rather than pay ~'s mana cost."

118.9: some spells have alternative costs printed on them (Force of Will: "You may pay 1 life
and exile a blue card from your hand rather than pay this spell's mana cost"; Snuff Out: "If
you control a Swamp, you may pay 4 life rather than pay this spell's mana cost"). Such a
paragraph compiles to one :class:`~rules_engine.abilities.KeywordAbility` named
``alternative cost``: its ``cost`` is the cost to pay instead (mana and other parts, 601.2f-h)
and its ``parameter`` the condition's text ("you control a Swamp"), or None. The engine offers it
as the spell is cast (``rules_engine/mechanics/alt_costs.py``). A paragraph whose cost or
condition the grammar doesn't read stays Unsupported.

The same entry reads "You may cast ~ from your graveyard." (a permission to cast the card
from its owner's graveyard paying its costs, 601.3; Skaab Ruinator), the keyword ability
``cast from graveyard`` (``rules_engine/mechanics/graveyard_casts.py``).
"""

from __future__ import annotations

import re

from rules_engine.abilities import KeywordAbility
from rules_engine.text.conditions import parse_condition
from rules_engine.text.costs import parse_cost
from rules_engine.text.nouns import Ctx

_ALT_RE = re.compile(r"(?:if (?P<cond>.+?), )?you may (?P<cost>.+?) rather than pay "
                     r"(?:~'s|this spell's) mana cost(?: if (?P<cond2>.+?))?\.?", re.I)


_FREE_RE = re.compile(r"if (?P<cond>.+?), you may cast (?:~|it) without paying its mana "
                      r"cost\.?", re.I)


_FROM_GRAVEYARD_RE = re.compile(r"you may cast ~ from your graveyard(?: using its "
                                r"(?P<kw>blitz|dash|evoke|mutate) ability)?\.?", re.I)


_FROM_GRAVEYARD_IF_RE = re.compile(r"you may cast ~ from your graveyard (?:as long as|if) "
                                   r"(?P<cond>[^.]+)\.?", re.I)


def parse_alternative_cost(text: str) -> KeywordAbility | None:
    """The alternative cost (or the graveyard permission) a whole paragraph states, or None."""
    cm = _FROM_GRAVEYARD_IF_RE.fullmatch(text.strip())
    if cm and parse_condition(cm.group("cond"), Ctx()) is not None:
        # "You may cast ~ from your graveyard as long as you control three or more tapped
        # Pirates and/or Vehicles": the permission holds while the condition does (601.3)
        return KeywordAbility(name="cast from graveyard", parameter="if " + cm.group("cond"),
                              text=text.strip())
    gm = _FROM_GRAVEYARD_RE.fullmatch(text.strip())
    if gm:  # "... using its blitz ability": only for that keyword's cost (parameter)
        return KeywordAbility(name="cast from graveyard", parameter=gm.group("kw"),
                              text=text.strip())
    free = _FREE_RE.fullmatch(text.strip())
    if free:
        # "If an opponent controls a Swamp and you control a Plains, you may cast ~ without
        # paying its mana cost" (118.9: an alternative cost of {0}, 118.9a)
        cond = free.group("cond")
        cost = parse_cost("pay {0}")
        if cost is None or parse_condition(cond, Ctx()) is None:
            return None
        return KeywordAbility(name="alternative cost", parameter=cond, cost=cost,
                              text=text.strip())
    m = _ALT_RE.fullmatch(text.strip())
    if not m:
        return None
    words = m.group("cost")
    if re.search(r"\bX\b", words):
        return None  # "exile a card with mana value X" defines the spell's X (the Shoals)
    cost = parse_cost(words) or parse_cost(re.sub(r"\s+and\s+", ", ", words))
    if cost is None or not cost.parts:
        return None
    cond = m.group("cond") or m.group("cond2")  # ("... rather than pay ~'s mana cost if ...")
    if m.group("cond") and m.group("cond2"):
        return None
    if cond is not None and parse_condition(cond, Ctx()) is None:
        return None
    return KeywordAbility(name="alternative cost", parameter=cond, cost=cost, text=text.strip())
