"""Soulbond (702.95).

- 702.95a: the keyword stands for two triggered abilities: "When this creature enters, if you
  control both this creature and another creature and both are unpaired, you may pair this
  creature with another unpaired creature you control ..." and "Whenever another creature you
  control enters, if ... both are unpaired, you may pair that creature with this creature ...".
  Built here as two triggered abilities whose effect is the keyword action ``soulbond``
  (``detail`` "self" or "other"); the intervening "if" is checked again as they resolve
  (603.4), with 702.95c (neither is paired if either is no longer a creature on the
  battlefield under that player's control).
- 702.95b/d: a pair is kept in ``game.__dict__["soulbond_pairs"]`` (the two objects with their
  timestamps and the controller); ``Game.paired_with`` answers "the creature it's paired with"
  and drops a pair that 702.95e ended (control change, no longer a creature, left the
  battlefield). The condition "~ is paired with another creature" and the subject "both
  creatures" / "each of those creatures" read it (``effects/descend.py``, ``statics``).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.objects import ABILITY_CHANGES, GameObject


@cache
def _trigger_of(text: str) -> Any:
    from rules_engine.text.compiler import compile_face_text

    found = compile_face_text(text, "this creature", "this creature", "Creature").abilities
    return next(a for a in found if isinstance(a, ab.TriggeredAbility))


def _soulbond(kw: Any) -> tuple[Any, ...]:
    """702.95a: the two triggered abilities."""
    own = _trigger_of("When this creature enters, draw a card.")
    other = _trigger_of("Whenever another creature you control enters, draw a card.")
    return (
        dataclasses.replace(own, effects=(ab.KeywordAction(name="soulbond", detail="self",
                                                           text="pair"),),
                            text="Soulbond (when this creature enters)"),
        dataclasses.replace(other, effects=(ab.KeywordAction(name="soulbond", detail="other",
                                                             text="pair"),),
                            text="Soulbond (whenever another creature you control enters)"),
    )


def _unpaired_creature(ctx: Ctx, obj: Any) -> bool:
    return isinstance(obj, GameObject) and obj.zone == "battlefield" and obj.is_creature and \
        obj.controller is ctx.controller and ctx.game.paired_with(obj) is None


def _ka_soulbond(ctx: Ctx, eff: Any) -> None:
    """702.95a/c: pair this creature with another unpaired creature you control (chosen), or
    the creature that entered with this one, if the player wants to."""
    game = ctx.game
    me = _source_obj(ctx)
    if not _unpaired_creature(ctx, me):
        return
    if eff.detail == "other":
        event = getattr(ctx, "event", None)
        other = event.data.get("obj") if event is not None else None
        if other is me or not _unpaired_creature(ctx, other):
            return
        if not game.decider.may(ctx.controller.name, f"pair {other.name} with {me.name} "
                                                     "(soulbond)"):
            return
    else:
        options = [o for o in game.permanents(ctx.controller) if o is not me and
                   _unpaired_creature(ctx, o)]
        if not options or not game.decider.may(ctx.controller.name,
                                               f"pair {me.name} with another creature "
                                               "(soulbond)"):
            return
        other = game.decider.choose(ctx.controller.name, f"creature to pair with {me.name}",
                                    options)
        if other is None:
            return
    game.__dict__.setdefault("soulbond_pairs", []).append(
        (me, me.timestamp, other, other.timestamp, ctx.controller))
    ABILITY_CHANGES[0] += 1  # (static abilities of the pair apply from now on)
    game.log("paired", obj=me, other=other, player=ctx.controller)


registry.register_keyword_builders({"soulbond": _soulbond})
registry.register_keyword_actions({"soulbond": _ka_soulbond})
