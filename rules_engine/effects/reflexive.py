"""What a reflexive "When you discard a nonland card this way" ability reflects on (603.12).

The cards the instruction before moved that fit the ability's filter: those this resolution
discarded or sacrificed (its ``discarded`` / ``sacrificed`` events since it began to resolve,
608.2), or, for exile and mill, the cards the previous instruction moved (``ctx.those``). None:
the ability doesn't trigger. Its event carries the first such card as ``obj`` ("that card",
"the discarded card", "its mana value") and their number as ``count`` ("that many", 608.2c).
"""

from __future__ import annotations

from typing import Any

from rules_engine import targeting
from rules_engine.amount_families import _this_resolution
from rules_engine.objects import GameObject


def reflected_cards(ctx: Any, trig: Any) -> list[GameObject]:
    """The cards the "this way" of ``trig`` (detail "this_way;<event>") is about."""
    event = (trig.detail or "").split(";")[-1]
    if event == "connived":  # "When it connives this way" (701.50)
        moved = [ev.data.get("obj") for ev in _this_resolution(ctx.game, ctx, event)]
    elif event in ("discarded", "sacrificed"):
        moved = [ev.data.get("obj") for ev in reversed(_this_resolution(ctx.game, ctx, event))
                 if ev.data.get("player") is ctx.controller]
    else:
        moved = list(ctx.those)
    return [o for o in moved if isinstance(o, GameObject) and targeting.matches(
        ctx.game, o, trig.filter, ctx.controller, None, zone_check=False)]
