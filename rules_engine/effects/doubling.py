"""Doubling counters (701.10e): "double the number of +1/+1 counters on each creature you
control" gives each of those permanents as many of those counters as it already has.
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects


def h_double_counters(ctx: Ctx, eff: records.DoubleCounters) -> None:
    """701.10e: each permanent of the subject gets as many counters of the kind as it has
    (each one counted for itself, so a creature with none gets none)."""
    done = 0
    for obj in _objects(ctx, eff.subject):
        have = obj.counters.get(eff.counter, 0) if obj.zone == "battlefield" else 0
        if have <= 0:
            continue
        obj.counters[eff.counter] = have + have
        done += 1
        ctx.game.log("counters_put", obj=obj, counter=eff.counter, amount=have,
                     player=ctx.controller)
    ctx.count = done


registry.register_effects({records.DoubleCounters: h_double_counters})
