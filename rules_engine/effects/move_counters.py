"""Moving counters between objects (122.5): "move a counter from target creature you control
onto a second target creature you control", "move a +1/+1 counter from target creature onto
~" (record :class:`rules_engine.records.MoveCounters`), and removing counters from among a
group of permanents (122.1: "remove up to three stun counters from among all permanents",
:class:`rules_engine.records.RemoveCountersAmong`). Grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from rules_engine import registry, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _lki_of, _objects, _triggering, amount, resolve_ref
from rules_engine.objects import GameObject
from rules_engine.records import MoveCounters, PutCountersOfKind, RemoveCountersAmong


def h_move_counters(ctx: Ctx, eff: MoveCounters) -> None:
    """122.5: remove the counter from the first object and put it onto the second; if either
    can't be done (the same object, no such counter, an object gone from the battlefield)
    nothing moves. The kind, for "a counter", is the controller's choice."""
    game = ctx.game
    sources = [o for o in _objects(ctx, eff.source) if o.zone == "battlefield"]
    dests = [o for o in _objects(ctx, eff.to) if o.zone == "battlefield"]
    if not sources or not dests:
        return
    src, dest = sources[0], dests[0]
    if src is dest:
        return  # 122.5: the same object
    # ("Move all counters from target creature onto another": every counter, of every kind
    # or of the one named; amount None)
    every = eff.amount is None
    n = sum(src.counters.values()) if every else amount(ctx, eff.amount, 1)
    wanted = None if eff.counter in (None, "any") else eff.counter.lower()
    for _ in range(max(n, 0)):
        kinds = sorted(k for k, v in src.counters.items() if v > 0 and (
            wanted is None or k.lower() == wanted))
        if not kinds:
            break
        key = kinds[0] if len(kinds) == 1 or every else game.decider.choose(
            ctx.controller.name, f"kind of counter to move from {src.name}", kinds)
        src.counters[key] -= 1
        dest.counters[key] = dest.counters.get(key, 0) + 1
        game.log("counters_removed", obj=src, counter=key, amount=1)
        game.log("counters_put", obj=dest, counter=key, amount=1, player=ctx.controller)
        ctx.did = True


def h_remove_counters_among(ctx: Ctx, eff: RemoveCountersAmong) -> None:
    """122.1, 608.2d: one counter at a time, from a permanent the controller picks among those
    holding one of the kind; "up to" lets them stop. "that many" is the number removed."""
    game = ctx.game
    limit = amount(ctx, eff.amount, 1)
    removed = 0
    while removed < limit:
        holders = [o for o in game.permanents() if targeting.matches(
            game, o, eff.filter, ctx.controller, _source_obj(ctx), zone_check=False) and any(
                v > 0 and (eff.counter is None or k == eff.counter)
                for k, v in o.counters.items())]
        if not holders:
            break
        pick = game.decider.choose(ctx.controller.name, f"permanent to remove a counter from "
                                   f"({eff.text})", holders, optional=eff.up_to)
        if pick is None:
            break
        kinds = sorted(k for k, v in pick.counters.items()
                       if v > 0 and (eff.counter is None or k == eff.counter))
        key = kinds[0] if len(kinds) == 1 else game.decider.choose(
            ctx.controller.name, f"kind of counter to remove from {pick.name}", kinds)
        pick.counters[key] -= 1
        removed += 1
        game.log("counters_removed", obj=pick, counter=key, amount=1)
    ctx.count = removed
    ctx.did = removed > 0


def h_put_counters_of_kind(ctx: Ctx, eff: PutCountersOfKind) -> None:
    """122.1, 608.2h: "its" before the target it would otherwise name is the triggering
    object (or the source); its counters of the kind as it last existed go on the subject."""
    sources = resolve_ref(ctx, eff.source)
    if eff.source.kind == "it" and ctx.it is None:
        trig = _triggering(ctx)
        sources = [trig] if trig is not None else [_source_obj(ctx)]
    n = 0
    for src in sources:
        if isinstance(src, GameObject) and src.zone == "battlefield":
            n = src.counters.get(eff.counter, 0)
            break
        lki = _lki_of(ctx, src)
        if lki is not None:
            n = (getattr(lki, "counters", None) or {}).get(eff.counter, 0)
            break
    if n <= 0:
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.counters[eff.counter] = obj.counters.get(eff.counter, 0) + n
            ctx.game.log("counters_put", obj=obj, counter=eff.counter, amount=n,
                         player=ctx.controller)


registry.register_effects({MoveCounters: h_move_counters,
                           PutCountersOfKind: h_put_counters_of_kind,
                           RemoveCountersAmong: h_remove_counters_among})
