"""Upkeep costs kept up or the permanent goes: cumulative upkeep (702.24) and echo (702.30).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.24a: "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this
  permanent is on the battlefield, put an age counter on this permanent. Then you may pay
  [cost] for each age counter on it. If you don't, sacrifice it." A mana cost is paid that
  many times over; a cost such as "Pay 2 life" or "Sacrifice a creature" as many times.
- 702.24b: a permanent with more than one instance of cumulative upkeep: each triggers
  separately, and the age counters are shared (each puts one on and counts them all).
- 702.30a: "Echo [cost]" means "At the beginning of your upkeep, if this permanent came under
  your control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
  A permanent came under its controller's control since their last upkeep when it (the same
  object, 400.7) was not among the permanents they controlled as that upkeep began (so both a
  permanent that entered and one whose control changed since); before a player's first upkeep
  every permanent they control counts.
- 118.12 / 601.2h: "unless you pay": the controller chooses whether to pay as the ability
  resolves; a cost they can't pay (118.3) is not paid, and the permanent is sacrificed
  (701.21a: by its controller, from the battlefield to its owner's graveyard).
- 603.4: "if this permanent is on the battlefield" is checked again as the trigger resolves
  (the same object, 400.7).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks


def _instances(obj: GameObject, name: str) -> list[Any]:
    return [a for a in compiled.object_abilities(obj)
            if isinstance(a, ab.KeywordAbility) and a.name.lower() == name]


def _times(part: Any, n: int) -> Any:
    """A non-mana cost part paid ``n`` times ("Pay 2 life" x3 = "Pay 6 life")."""
    each = part.amount.value if part.amount is not None and part.amount.value is not None \
        else 1
    return replace(part, amount=ab.Amount(int(each) * n), text=f"{part.text} x{n}")


def pay_or_sacrifice(game: Game, player: Player, obj: GameObject, cost: Any, times: int,
                     why: str) -> bool:
    """Offer ``cost`` (a compiled Cost) ``times`` times over; sacrifice ``obj`` unless it is
    paid (118.12). Returns whether it was paid."""
    mana = "".join((p.mana or "") for p in cost.parts if p.kind == "mana") * times \
        if cost is not None else ""
    others = tuple(_times(p, times) for p in cost.parts if p.kind != "mana") \
        if cost is not None else ()
    unknown = [p for p in others if p.kind not in hooks.other_cost_kinds]
    shown = " + ".join(filter(None, [mana, *(p.text for p in others)])) or "{0}"
    payable = not unknown and casting.can_pay(game, player, parse_cost(mana), 0) and (
        not others or hooks.cost_refusal(game, player, obj, others) is None)
    if unknown:
        game.note(f"{obj.name}: the cost {unknown[0].text!r} is not paid by this engine")
    if payable and game.decider.may(player.name, f"pay {shown} for {obj.name} ({why})"):
        if mana:
            casting.pay_mana(game, player, parse_cost(mana), 0, obj.name)
        if others:
            hooks.pay_costs(game, player, obj, others)
        game.log("upkeep_cost_paid", obj=obj, player=player, cost=shown)
        return True
    sacrifice(game, player, obj, why)
    return False


def sacrifice(game: Game, player: Player, obj: GameObject, why: str) -> None:
    """701.21a: its controller puts it into its owner's graveyard."""
    if obj.zone != "battlefield" or obj.controller is not player:
        return
    game.move(obj, "graveyard")
    game.log("sacrificed", obj=obj, player=player, rule=why)


# -- cumulative upkeep (702.24) -------------------------------------------------------------
@registry.turn_based("upkeep", "702.24a")
def _cumulative_upkeep(game: Game, active: Player) -> None:
    for obj in list(game.battlefield):
        if obj.controller is not active or obj.phased_out:
            continue
        if compiled.keyword_ability(obj, "cumulative upkeep") is None:
            continue
        for i, _kw in enumerate(_instances(obj, "cumulative upkeep")):  # 702.24b
            effect = ab.KeywordAction(name="cumulative upkeep", subject=ab.Ref("self"),
                                      detail=str(i), text="put an age counter on it, then pay "
                                      "its cumulative upkeep for each age counter or sacrifice "
                                      "it (702.24a)")
            triggers.add_inherent(game, obj.name, active, (effect,), source=obj)


def _ka_cumulative(ctx: Ctx, eff: Any) -> None:
    game, obj, player = ctx.game, ctx.source, ctx.controller
    if not isinstance(obj, GameObject) or obj.zone != "battlefield":
        return  # 603.4: "if this permanent is on the battlefield"
    found = _instances(obj, "cumulative upkeep")
    i = int(eff.detail or 0)
    if not found:
        return
    kw = found[min(i, len(found) - 1)]
    obj.counters["age"] = obj.counters.get("age", 0) + 1
    game.log("counters_put", obj=obj, counter="age", amount=1)
    pay_or_sacrifice(game, player, obj, kw.cost, obj.counters["age"], "cumulative upkeep, "
                     "702.24a")


# -- echo (702.30) ----------------------------------------------------------------------------
@registry.turn_based("upkeep", "702.30a")
def _echo(game: Game, active: Player) -> None:
    marks = game.__dict__.setdefault("controlled_at_upkeep", {})
    before = marks.get(active.name)
    now = set()
    for obj in list(game.battlefield):
        if obj.controller is not active:
            continue
        key = (obj.oid, obj.timestamp)  # the same object (400.7) ...
        now.add(key)
        if obj.phased_out or (before is not None and key in before):
            continue  # ... under this player's control since before their last upkeep
        if compiled.keyword_ability(obj, "echo") is None:
            continue
        effect = ab.KeywordAction(name="echo", subject=ab.Ref("self"),
                                  text="sacrifice it unless you pay its echo cost (702.30a)")
        triggers.add_inherent(game, obj.name, active, (effect,), source=obj)
    marks[active.name] = now  # what this player controls as this upkeep begins


def _ka_echo(ctx: Ctx, eff: Any) -> None:
    game, obj, player = ctx.game, ctx.source, ctx.controller
    if not isinstance(obj, GameObject) or obj.zone != "battlefield":
        return
    kw = compiled.keyword_ability(obj, "echo")
    if kw is None:
        return
    pay_or_sacrifice(game, player, obj, kw.cost, 1, "echo, 702.30a")


registry.register_keyword_actions({"cumulative upkeep": _ka_cumulative, "echo": _ka_echo})
