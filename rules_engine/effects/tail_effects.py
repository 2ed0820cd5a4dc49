"""Effects of small rule families many cards share (issue 12, helper "tail").

- :class:`~rules_engine.records.BecomesChosenType`: "target land becomes the basic land type
  of your choice until end of turn" (608.2d the choice as it resolves; 613.1d layer 4; 305.7
  the land's old land types go and its new basic land type gives it that type's mana ability,
  305.6). Not modelled: 305.7's loss of the land's rules-text abilities (the engine's
  "loses all abilities" would also take the new basic type's mana ability away).
- :class:`~rules_engine.records.SwitchPT`: "switch ~'s power and toughness until end of turn"
  (613.4d, layer 7d);
- :class:`~rules_engine.abilities.Seek` (digital-only Alchemy action, no Comprehensive Rules
  number; its reminder text: "Put a card that matches at random from your library into your
  hand"): that many cards fitting the description, chosen at random by the game from the
  library, go to the hand (or onto the battlefield, "seek ... and put it onto the
  battlefield"); fewer when fewer fit. The library is not shuffled (nothing is searched,
  701.23 does not apply).
"""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import permanents, records, registry, targeting
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, _until, _without_zone, amount
from rules_engine.objects import Mod

_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def h_becomes_chosen_type(ctx: Ctx, eff: records.BecomesChosenType) -> None:
    """Choose the type (608.2d: the controller, as it resolves), then set it (613.1d)."""
    game = ctx.game
    objs = [o for o in _objects(ctx, eff.subject) if o.zone == "battlefield"]
    if not objs:
        return
    who = ctx.controller.name
    if eff.value == "that type":  # "Choose a creature type. ... becomes that type" (608.2c)
        named = [c for c in ctx.chosen if isinstance(c, str)]
        if not named:
            game.note(f"no type was chosen for '{eff.text}'")
            return
        pick = named[-1].strip().capitalize()
    elif eff.value:
        pick = eff.value  # named by the text: nothing to choose
    elif eff.kind == "basic land type":
        pick = str(game.decider.choose(who, "choose a basic land type", list(_BASIC_LAND_TYPES)))
    else:  # a creature type: any word the script gives (205.3m lists them)
        queue = game.decider.queues.get(who)
        if not queue:
            game.note(f"no {eff.kind} chosen for '{eff.text}'")
            return
        pick = str(queue.popleft()).strip().capitalize()
    if not eff.value:
        game.log("value_chosen", player=ctx.controller, kind=eff.kind, value=pick)
    for obj in objs:
        obj.mods.append(Mod(subtypes=(pick,), until=_until(eff.duration, ctx),
                            timestamp=game.next_timestamp()))
        game.log("types_set", obj=obj, text=eff.text)


def h_seek(ctx: Ctx, eff: ab.Seek) -> None:
    """Seek N <cards>: at random among the library's cards that fit (see the module doc)."""
    game = ctx.game
    p = ctx.controller
    flt = _without_zone(eff.filter)
    pool = [c for c in p.library if targeting.matches(game, c, flt, p, None, zone_check=False)]
    n = min(amount(ctx, eff.amount, 1), len(pool))
    chosen = game.rng.sample(pool, n) if n else []
    for card in chosen:
        if eff.destination == "battlefield":
            permanents.enter_battlefield(game, card, p)
        else:
            game.move(card, "hand")
        game.log("sought", player=p, obj=card)
    ctx.those = list(chosen)
    ctx.count = len(chosen)
    ctx.did = bool(chosen)
    if chosen:
        ctx.it = chosen[-1]  # "seek a creature card, then put it onto the battlefield"


def h_switch_pt(ctx: Ctx, eff: records.SwitchPT) -> None:
    """613.4d: switch power and toughness for the duration (layer 7d, objects.GameObject._pt)."""
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            obj.mods.append(Mod(switch_pt=True, until=_until(eff.duration, ctx),
                                timestamp=ctx.game.next_timestamp()))
            ctx.game.log("pt_switched", obj=obj)


registry.register_effects({records.BecomesChosenType: h_becomes_chosen_type, ab.Seek: h_seek,
                           records.SwitchPT: h_switch_pt})
