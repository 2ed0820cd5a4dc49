"""Damage and life (120 damage, 119 life, 701.12 fight, 615 prevention).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry, targeting
from rules_engine.combat import Shield, add_shield, deal_damage
from rules_engine.conditions import note_life_lost
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import (
    _amount_for,
    _objects,
    _players,
    _triggering,
    amount,
    resolve_ref,
)
from rules_engine.effects.distribute import divide_among
from rules_engine.objects import GameObject, Player


def h_gain(ctx: Ctx, eff: ab.GainLife) -> None:
    for p in _players(ctx, eff.player):
        ctx.game.gain_life(p, _amount_for(ctx, eff.amount, p))


def h_lose(ctx: Ctx, eff: ab.LoseLife) -> None:
    total = 0
    for p in _players(ctx, eff.player):
        n = _amount_for(ctx, eff.amount, p)
        ctx.game.lose_life(p, n)
        total += max(0, n)
        if n > 0:
            note_life_lost(ctx.game, p)  # 702.179d
    ctx.count = total  # "the life lost this way"


def h_damage(ctx: Ctx, eff: ab.DealDamage) -> None:
    srcs = resolve_ref(ctx, eff.source)
    if srcs and eff.source is not None and eff.source.kind == "it" and ctx.it is None and \
            ctx.event is not None and ctx.item is not None and \
            srcs[0] in _own_targets(ctx, eff):
        # "When ~ enters / becomes plotted, it deals 2 damage to any target": "it" is what the
        # trigger is about (the source itself), never this sentence's own target
        trig = _triggering(ctx)
        srcs = [trig] if isinstance(trig, GameObject) else [_source_obj(ctx)]
    src = srcs[0] if srcs else _source_obj(ctx)
    n = amount(ctx, eff.amount)
    if eff.divided:
        _divided_damage(ctx, eff, src, n)
        return
    hit: list[Any] = []
    each = eff.amount is not None and eff.amount.text is not None
    it_before = ctx.it
    for ref in eff.recipients:
        for r in resolve_ref(ctx, ref):
            if each and not isinstance(ctx.it, GameObject) and isinstance(it_before, GameObject):
                # "that card's mana value" after "until you exile a nonland card": still the
                # card the earlier instruction named, not the player target (608.2c)
                ctx.it = it_before
            # "to each player equal to half that player's life total": counted for each
            deal_damage(ctx.game, src, r, _amount_for(ctx, eff.amount, r)
                        if each and isinstance(r, Player) else n)
            hit.append(r)
    ctx.those = hit  # "a creature dealt damage this way"


def _own_targets(ctx: Ctx, eff: ab.DealDamage) -> list[Any]:
    """The targets the damage's recipients name ("to any target")."""
    found: list[Any] = []
    for ref in eff.recipients:
        if ref.kind == "target":
            found += ctx.target_map.get(ref.target, []) if ref.target in ctx.target_map \
                else list(ctx.targets)
    return found


def _divided_damage(ctx: Ctx, eff: Any, src: Any, n: int) -> None:
    """601.2d: damage "divided as you choose" among the targets, each getting at least 1. The
    division is the controller's: a scripted mapping {target: n}; unanswered, 1 to each and
    the rest to the first. A target that became illegal gets nothing, and its share is not
    given to the others (608.2b)."""
    game = ctx.game
    chosen: list[Any] = []
    for ref in eff.recipients:
        if ref.kind == "target":
            chosen += ctx.target_map.get(ref.target, []) if ref.target in ctx.target_map \
                else list(ctx.targets)
    if not chosen:
        return
    shares = divide_among(game, ctx.controller.name, "damage", n, chosen)
    for t in chosen:
        if targeting.still_legal(game, ctx.item, t):
            deal_damage(game, src, t, shares.get(id(t), 0))


def h_fight(ctx: Ctx, eff: ab.Fight) -> None:
    a = _objects(ctx, eff.first)
    b = _objects(ctx, eff.second)
    if a and b and a[0].zone == b[0].zone == "battlefield":
        deal_damage(ctx.game, a[0], b[0], a[0].power)
        deal_damage(ctx.game, b[0], a[0], b[0].power)


def h_prevent(ctx: Ctx, eff: ab.PreventDamage) -> None:
    """615.1 / 615.7: "Prevent all [combat] damage that would be dealt [to X] [by Y] this turn"
    and "Prevent the next N damage that would be dealt to X this turn" become shields that the
    damage code applies; a shield for "each ..." matches its filter at the time of damage."""
    to: list[Any] | None = None
    flt = None
    if eff.to is not None:
        if eff.to.kind == "each":
            flt = eff.to.filter
        else:
            to = resolve_ref(ctx, eff.to)
            if not to:
                return  # its only target is gone (608.2b) or nothing is named
    by = resolve_ref(ctx, eff.by) if eff.by is not None else None
    if eff.by is not None and not by:
        return
    remaining = amount(ctx, eff.amount) if eff.amount is not None else None
    shield = Shield(to, flt, by, remaining, eff.combat_only, ctx.game.turn, ctx.controller)
    if eff.duration is not None and eff.duration.kind == "your_next_turn":
        shield.until_next_turn = True  # 611.2b: "Until your next turn, prevent ..."
    add_shield(ctx.game, shield)


registry.register_effects({
    ab.GainLife: h_gain,
    ab.LoseLife: h_lose,
    ab.DealDamage: h_damage,
    ab.Fight: h_fight,
    ab.PreventDamage: h_prevent,
})
