"""Casting a card from the hand during a resolution (helper amt): "you may cast a spell with
mana value X or less from your hand without paying its mana cost, where X is ...", "... an
instant or sorcery spell from your hand with mana value less than or equal to that damage ...".

608.2g: the spell is cast while the ability resolves (timing permissions are ignored, 601.2),
118.9: for no mana. The filter's comparisons with an amount ("less than or equal to that
damage", "X or less", "equal to 1 plus the highest mana value among other permanents you
control") are counted here with the resolving ability's context (the triggering damage 603.2,
the X of "where X is" 107.3), which the general filter matcher would not have.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine import records, registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.described import described_amount
from rules_engine.effects.spells import _cast_one_free
from rules_engine.objects import GameObject

_COMPARE = re.compile(r"^with (?P<what>power|toughness|mana value) (?:(?P<cmp>less than or "
                      r"equal to|greater than or equal to|less than|greater than|equal to) "
                      r"(?P<amt>.+)|X(?P<way> or (?:less|greater))?)$")
_CMP = {"less than or equal to": lambda a, b: a <= b,
        "greater than or equal to": lambda a, b: a >= b, "less than": lambda a, b: a < b,
        "greater than": lambda a, b: a > b, "equal to": lambda a, b: a == b}


def _holds(ctx: Ctx, obj: GameObject, q: str) -> bool:
    m = _COMPARE.match(q)
    if m is None:
        return True
    what = m.group("what")
    value = ctx.game.mana_value_of(obj) if what == "mana value" else int(
        getattr(obj, what, 0) or 0)
    if m.group("amt") is None:  # "with mana value X or less": the X of this resolution
        way = (m.group("way") or "").strip()
        return value <= ctx.x if way == "or less" else value >= ctx.x if way == "or greater" \
            else value == ctx.x
    n = described_amount(ctx.game, m.group("amt"), ctx.controller, _source_obj(ctx), ctx)
    return n is not None and _CMP[m.group("cmp")](value, n)


def h_cast_from_hand(ctx: Ctx, eff: records.CastFromHand) -> None:
    game = ctx.game
    player = ctx.controller
    flt = eff.filter
    quals = tuple(q for q in (flt.qualifiers if flt else ()) if _COMPARE.match(q))
    rest = replace(flt, qualifiers=tuple(q for q in flt.qualifiers if q not in quals),
                   zone=None, owner=None, controller=None) if flt is not None else None
    options = [o for o in player.hand if not o.is_land and (
        rest is None or targeting.matches(game, o, rest, player, _source_obj(ctx),
                                          zone_check=False)) and all(
        _holds(ctx, o, q) for q in quals)]
    if options:
        _cast_one_free(game, player, options, eff)


registry.register_effects({records.CastFromHand: h_cast_from_hand})
