"""Excess damage dealt elsewhere (120.4a): "~ deals 4 damage to target creature. Excess damage
is dealt to that creature's controller instead."

The damage event is modified before it is dealt: a creature gets the lethal damage (its
toughness less the damage already marked; 1 with deathtouch, 702.2c), a planeswalker as much as
its loyalty, and the rest goes to the player the text names (the permanent's controller, or
you). Damage to a player, or to a permanent that already has lethal damage, is all excess.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, records, registry
from rules_engine.combat import deal_damage
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import amount, resolve_ref, run
from rules_engine.objects import GameObject


def _lethal(src: Any, obj: GameObject) -> int:
    """120.4a: the part of the damage that is not excess."""
    if obj.has_type("Planeswalker") and not obj.is_creature:
        return max(0, obj.loyalty)
    left = max(0, obj.toughness - obj.damage)
    if left > 0 and isinstance(src, GameObject) and compiled.has_keyword(src, "deathtouch"):
        return 1
    return left


def h_excess_damage(ctx: Ctx, eff: records.ExcessDamage) -> None:
    """Deal the inner damage with its excess redirected (120.4a)."""
    for inner in eff.effects:
        if not isinstance(inner, ab.DealDamage) or inner.divided:
            run(ctx.game, ctx, (inner,))
            continue
        srcs = resolve_ref(ctx, inner.source)
        src = srcs[0] if srcs else _source_obj(ctx)
        n = amount(ctx, inner.amount)
        hit: list[Any] = []
        for ref in inner.recipients:
            for r in resolve_ref(ctx, ref):
                hit.append(r)
                if not isinstance(r, GameObject) or r.zone != "battlefield":
                    deal_damage(ctx.game, src, r, n)
                    continue
                lethal = min(n, _lethal(src, r))
                excess = n - lethal
                to = ctx.controller if eff.excess_to.kind == "you" else r.controller
                deal_damage(ctx.game, src, r, lethal)
                if excess > 0:
                    ctx.game.log("excess_damage", obj=r, amount=excess, player=to)
                    deal_damage(ctx.game, src, to, excess)
        ctx.those = hit
        if hit:
            ctx.it = hit[-1]


registry.register_effects({records.ExcessDamage: h_excess_damage})
