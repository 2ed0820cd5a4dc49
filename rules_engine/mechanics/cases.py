"""Case cards (719): "To solve — [condition]" and "Solved — [ability]".

719.3a: "To solve — [Condition]" means "At the beginning of your end step, if [condition] and
this Case is not solved, this Case becomes solved" (the compiler writes that triggered ability,
``text/paragraphs._case``, whose effect is the keyword action "become solved" registered here).
719.3b: solved is a designation, kept until the permanent leaves the battlefield (a new object,
400.7) - stored here as (object, timestamp) pairs. 719.3c / 702.169: a "Solved —" ability works
only while the Case is solved (the condition "solved", asked by ``conditions.holds``).
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.game import Game

_KEY = "solved_cases"


def is_solved(game: Game, obj: Any) -> bool:
    """719.3b: ``obj`` has the solved designation (as this object on the battlefield)."""
    return obj is not None and (id(obj), getattr(obj, "timestamp", None)) in game.__dict__.get(
        _KEY, ())


def _become_solved(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    obj = _source_obj(ctx)
    if obj is None or getattr(obj, "zone", None) != "battlefield" or is_solved(game, obj):
        return
    game.__dict__.setdefault(_KEY, set()).add((id(obj), obj.timestamp))
    game.log("case_solved", obj=obj)


registry.register_keyword_actions({"become solved": _become_solved})
registry.provide(case_is_solved=is_solved)
