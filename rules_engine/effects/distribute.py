"""Counters distributed among targets ("distribute three +1/+1 counters among one, two, or
three target creatures", "Distribute X +1/+1 counters among any number of target creatures you
control, where X is ..."), and the one 601.2d division that divided damage (effects/life)
uses too.

601.2d: the controller divides the counters among the targets, at least one to each. The
division is the controller's scripted mapping {target: n}; unanswered, one to each and the rest
to the first target. A target that became illegal gets none, and its share is not given to
the others (608.2b). The counters are put the way every instruction puts them (122.1, 122.6:
the ``counters_put`` event).
"""

from __future__ import annotations

from typing import Any

from rules_engine import records, registry, targeting
from rules_engine.context import Ctx
from rules_engine.decisions import match_option
from rules_engine.effects.core import amount, resolve_ref
from rules_engine.errors import IllegalActionError
from rules_engine.objects import GameObject


def divide_among(game: Any, chooser: str, what: str, n: int, chosen: list[Any]) -> dict[int, int]:
    """601.2d: ``n`` damage or counters "divided as you choose" among ``chosen`` (by ``id``),
    at least 1 each. The division is the chooser's scripted mapping {target: n}; unanswered,
    1 to each and the rest to the first. A division that doesn't add up, leaves a target out or
    gives one 0 is refused, naming the rule."""
    queue = game.decider.queues.get(chooser)
    shares: dict[int, int] = {}
    if queue and isinstance(queue[0], dict):
        for key, value in queue.popleft().items():
            who = match_option(chooser, f"division of {what}", key, chosen)
            shares[id(who)] = int(value)
        if sum(shares.values()) != n or any(v < 1 for v in shares.values()) or \
                len(shares) != len(chosen):
            raise IllegalActionError("601.2d", f"{n} {what} must be divided among all its "
                                               "targets, at least 1 each")
        return shares
    shares = {id(t): 1 for t in chosen}
    shares[id(chosen[0])] += max(0, n - len(chosen))
    return shares


def h_distribute(ctx: Ctx, eff: records.DistributeCounters) -> None:
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    ref = eff.subject
    chosen: list[Any] = (ctx.target_map.get(ref.target, []) if ref.target in ctx.target_map
                         else resolve_ref(ctx, ref))
    chosen = [t for t in chosen if isinstance(t, GameObject)]
    if not chosen or n <= 0:
        return
    shares = divide_among(game, ctx.controller.name, "counters", n, chosen)
    ctx.those = list(chosen)  # ("They gain trample until end of turn", 608.2c)
    for obj in chosen:
        k = shares.get(id(obj), 0)
        if k <= 0 or obj.zone != "battlefield" or not targeting.still_legal(game, ctx.item, obj):
            continue
        obj.counters[eff.counter] = obj.counters.get(eff.counter, 0) + k
        game.log("counters_put", obj=obj, counter=eff.counter, amount=k, player=ctx.controller)


registry.register_effects({records.DistributeCounters: h_distribute})
