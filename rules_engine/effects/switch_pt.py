"""Switching power and toughness (613.4d): "Switch ~'s power and toughness until end of turn",
"Switch target creature's power and toughness until end of turn"; and becoming the type of
one's choice until end of turn (205.1a, 305.7), both modifications to the end of the turn.

613.4d: effects that switch a creature's power and toughness apply in layer 7d, after every
other P/T change (setting, counters, +N/+N); two switches cancel out. The switch is a
modification of the object for the duration (objects.Mod.switch_pt, read by GameObject._pt), so
a later "+1/+0" still goes to its power before the switch is applied.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.objects import Mod


def _ka_switch(ctx: Ctx, eff: Any) -> None:
    """Switch each subject's power and toughness until end of turn (514.2 ends it)."""
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            mod = Mod(until="eot", timestamp=ctx.game.next_timestamp())
            mod.switch_pt = True
            obj.mods.append(mod)
            ctx.game.log("pt_switched", obj=obj)


registry.register_keyword_actions({"switch power and toughness": _ka_switch})


def _ka_chosen_type(ctx: Ctx, eff: Any) -> None:
    """"Target land becomes the basic land type of your choice until end of turn" (305.7) /
    "Target creature becomes the creature type of your choice until end of turn" (205.1a,
    layer 4): the type is chosen as the effect resolves; it replaces the subtypes of its kind
    until the cleanup step (514.2)."""
    game = ctx.game
    kind = eff.detail or "creature type"
    if kind == "basic land type":
        pick = game.decider.choose(ctx.controller.name, "choose a basic land type",
                                   ["Plains", "Island", "Swamp", "Mountain", "Forest"])
    else:
        queue = game.decider.queues.get(ctx.controller.name)
        pick = str(queue.popleft()) if queue else None
        if pick is None:  # (a policy without a script keeps the first creature type it has)
            found = [o for o in _objects(ctx, eff.subject) if o.subtypes]
            pick = found[0].subtypes[0] if found else None
    if not pick:
        return
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(subtypes=(str(pick),), until="eot",
                                timestamp=game.next_timestamp()))
            game.log("type_chosen", obj=obj, value=str(pick))


registry.register_keyword_actions({"become the chosen type": _ka_chosen_type})
