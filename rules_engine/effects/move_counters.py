"""Moving counters between objects (122.5): "move a counter from target creature you control
onto a second target creature you control", "move a +1/+1 counter from target creature onto
~". Record :class:`rules_engine.records.MoveCounters`, grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, amount
from rules_engine.records import MoveCounters


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
    n = amount(ctx, eff.amount, 1)
    for _ in range(n):
        kinds = sorted(k for k, v in src.counters.items() if v > 0 and (
            eff.counter == "any" or k.lower() == eff.counter.lower()))
        if not kinds:
            break
        key = kinds[0] if len(kinds) == 1 else game.decider.choose(
            ctx.controller.name, f"kind of counter to move from {src.name}", kinds)
        src.counters[key] -= 1
        dest.counters[key] = dest.counters.get(key, 0) + 1
        game.log("counters_removed", obj=src, counter=key, amount=1)
        game.log("counters_put", obj=dest, counter=key, amount=1, player=ctx.controller)
        ctx.did = True


registry.register_effects({MoveCounters: h_move_counters})
