"""Switching power and toughness (613.4d): "Switch ~'s power and toughness until end of turn",
"Switch target creature's power and toughness until end of turn".

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
