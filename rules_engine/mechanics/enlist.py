"""Enlist (702.154): an optional cost to attack, and the trigger linked to it.

702.154a: "As this creature attacks, you may tap up to one untapped creature you control that
you didn't choose to attack with and that either has haste or has been under your control
continuously since this turn began. When you do, this creature gets +X/+0 until end of turn,
where X is the tapped creature's power." 702.154b: an optional cost to attack (508.1g), paid as
attackers are declared - ``combat.declare_attackers`` asks ``hooks.attack_costs`` once the
attackers are tapped; the linked "when you do" ability triggers then (603.12) and goes on the
stack with the attack triggers. 702.154c: a creature can't enlist itself; 702.154d: each
instance separately, once each. X is the tapped creature's power as it was tapped (its last
known power, 608.2h, if it has left by then).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry
from rules_engine.game import Game
from rules_engine.objects import GameObject
from rules_engine.triggers import Pending


def attack_costs(game: Game, attacks: dict[GameObject, Any]) -> None:
    """702.154a-d: each enlist instance of each attacker may tap one eligible creature."""
    enlisted: set[int] = set()
    for attacker in attacks:
        instances = [a for a in compiled.object_abilities(attacker)
                     if isinstance(a, ab.KeywordAbility) and a.name == "enlist"]
        if not instances or compiled.keyword_ability(attacker, "enlist") is None:
            continue
        player = attacker.controller
        for _ in instances:
            options = [o for o in game.battlefield if o.controller is player and o.is_creature
                       and not o.tapped and not o.phased_out and o not in attacks
                       and id(o) not in enlisted and o is not attacker
                       and (not o.sick or compiled.has_keyword(o, "haste"))]
            if not options or not game.decider.may(
                    player.name, f"enlist a creature for {attacker.name} (702.154a)"):
                continue
            helper = game.decider.choose(player.name, f"creature {attacker.name} enlists",
                                         options)
            helper.tapped = True
            enlisted.add(id(helper))
            power = helper.power
            game.log("enlisted", obj=attacker, tapped=helper, player=player)
            pump = ab.ModifyPT(subject=ab.Ref("self"), power=ab.Amount(power),
                               toughness=ab.Amount(0), duration=ab.Duration("end_of_turn"),
                               text=f"gets +{power}/+0 until end of turn")
            ability = ab.TriggeredAbility(
                trigger=ab.Trigger("reflexive", text="when you do"), effects=(pump,),
                text=f"When you do, this creature gets +{power}/+0 until end of turn")
            game.pending_triggers.append(Pending(attacker.name, attacker, player, (pump,),
                                                 ability=ability))


registry.provide(attack_costs=attack_costs)
