"""Effects of small rule families many cards share (issue 12, helper "tail").

- :class:`~rules_engine.records.BecomesChosenType`: "target land becomes the basic land type
  of your choice until end of turn" (608.2d the choice as it resolves; 613.1d layer 4; 305.7
  the land's old land types go and its new basic land type gives it that type's mana ability,
  305.6). Not modelled: 305.7's loss of the land's rules-text abilities (the engine's
  "loses all abilities" would also take the new basic type's mana ability away).
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, _until
from rules_engine.objects import Mod

_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def h_becomes_chosen_type(ctx: Ctx, eff: records.BecomesChosenType) -> None:
    """Choose the type (608.2d: the controller, as it resolves), then set it (613.1d)."""
    game = ctx.game
    objs = [o for o in _objects(ctx, eff.subject) if o.zone == "battlefield"]
    if not objs:
        return
    who = ctx.controller.name
    if eff.kind == "basic land type":
        pick = str(game.decider.choose(who, "choose a basic land type", list(_BASIC_LAND_TYPES)))
    else:  # a creature type: any word the script gives (205.3m lists them)
        queue = game.decider.queues.get(who)
        if not queue:
            game.note(f"no {eff.kind} chosen for '{eff.text}'")
            return
        pick = str(queue.popleft()).strip().capitalize()
    game.log("value_chosen", player=ctx.controller, kind=eff.kind, value=pick)
    for obj in objs:
        obj.mods.append(Mod(subtypes=(pick,), until=_until(eff.duration, ctx),
                            timestamp=game.next_timestamp()))
        game.log("types_set", obj=obj, text=eff.text)


registry.register_effects({records.BecomesChosenType: h_becomes_chosen_type})
