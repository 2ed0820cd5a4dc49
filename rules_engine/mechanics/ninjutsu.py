"""Ninjutsu (702.49).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.49a: "Ninjutsu [cost]" means "[Cost], Reveal this card from your hand, Return an
  unblocked attacking creature you control to its owner's hand: Put this card onto the
  battlefield from your hand tapped and attacking." An activated ability of a card in a hand
  (113.6a, 602.2: it uses the stack), offered by ``casting.hand_abilities`` and run by
  :func:`ninjutsu_action`; returning the creature is part of the cost (601.2h), so it is gone
  before the ability resolves.
- 509.1h / 506.4: a creature is "unblocked" once blockers have been declared and none blocks
  it, so the ability can be activated from the declare blockers step to the end of combat.
- 702.49c: the creature put onto the battlefield attacks the same player or permanent the
  returned creature was attacking (508.4: it was never declared as an attacker, so "whenever
  ~ attacks" abilities don't trigger).
- 702.49b / 400.7: if the card has left its owner's hand by the time the ability resolves,
  it isn't put onto the battlefield.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, permanents, registry, turn
from rules_engine.context import Ctx
from rules_engine.cost_modifiers import activation_cost
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player, StackAbility

_AFTER_BLOCKERS = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")

_PUT = ab.KeywordAction(name="ninjutsu put", subject=ab.Ref("self"),
                        text="put this card onto the battlefield from your hand tapped and "
                             "attacking (702.49a)")


def unblocked_attackers(game: Game, player: Player) -> list[GameObject]:
    """Attacking creatures ``player`` controls that no creature blocked (509.1h)."""
    if game.step not in _AFTER_BLOCKERS:
        return []
    return [o for o in game.battlefield if o.controller is player and
            o.attacking is not None and not o.blocked]


def ninjutsu_action(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    """Pay the cost (mana, reveal, return an unblocked attacker) and put the ability on the
    stack (602.2)."""
    if compiled.keyword_ability(obj, "ninjutsu") is None or obj.zone != "hand":
        raise IllegalActionError("702.49a", f"{obj.name} has no ninjutsu ability in a hand")
    candidates = unblocked_attackers(game, player)
    if not candidates:
        raise IllegalActionError("702.49a", f"{player.name} controls no unblocked attacking "
                                            "creature (509.1h: after blockers are declared)")
    mana = kw.cost.mana if kw.cost is not None and kw.cost.mana else ""
    cost = activation_cost(game, player, obj, kw, parse_cost(mana))  # 602.2b cost changes
    if not casting.can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana} for ninjutsu")
    returned = candidates[0] if len(candidates) == 1 else game.decider.choose(
        player.name, f"unblocked attacker to return for {obj.name}'s ninjutsu", candidates)
    casting.pay_mana(game, player, cost, 0, obj.name)
    game.log("revealed", obj=obj, player=player)
    defender = returned.attacking
    game.move(returned, "hand")  # 601.2h: part of the cost
    game.log("returned_to_hand", obj=returned, rule="702.49a")
    item = StackAbility(game.new_id(), obj.name, obj, player, [_PUT], ability=kw,
                        kind="activated")
    item.choices_made["defender"] = defender
    item.choices_made["source_stamp"] = obj.timestamp
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)
    turn.give_priority(game, player)
    return item


def _ka_put(ctx: Ctx, eff: Any) -> None:
    game, obj, player = ctx.game, ctx.source, ctx.controller
    item = ctx.item
    if not isinstance(obj, GameObject) or obj.zone != "hand" or item is None or \
            obj.timestamp != item.choices_made.get("source_stamp", obj.timestamp):
        return  # 400.7: it left the hand
    permanents.enter_battlefield(game, obj, player, tapped=True)
    if obj.zone != "battlefield":
        return
    if game.step in _AFTER_BLOCKERS[:-1] or game.step == "end_of_combat":
        obj.attacking = item.choices_made.get("defender")  # 702.49c, 508.4
        obj.blocked = False
        game.log("put_onto_battlefield_attacking", obj=obj, defender=obj.attacking)


registry.HAND_ACTIONS["ninjutsu"] = ninjutsu_action
registry.register_keyword_actions({"ninjutsu put": _ka_put})
