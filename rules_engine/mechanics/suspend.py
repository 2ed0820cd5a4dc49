"""Suspend and its time counters (702.62).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.62a: "Suspend N--[cost]" means "If you could begin to cast this card by putting it onto
  the stack from your hand, you may pay [cost] and exile it with N time counters on it. This
  action doesn't use the stack" (a special action, 116.2f: the player keeps priority, 116.3;
  offered as a hand ability by ``casting.hand_abilities``, run by :func:`suspend_action`),
  "At the beginning of your upkeep, if this card is suspended, remove a time counter from it"
  and "When the last time counter is removed from this card, if it's exiled, you may play it
  without paying its mana cost if able. If you don't, it remains exiled. If you cast a creature
  spell this way, it gains haste until you lose control of the spell or the permanent it
  becomes."
- 702.62b: a card is "suspended" while it is in exile, has suspend and has a time counter.
- 702.62c: "Suspend X--[cost]": X is chosen as the action is taken and is the number of time
  counters (the cost may contain X).
- 603.4: the upkeep trigger's "if this card is suspended" is checked as it triggers and again
  as it resolves; the cast trigger's "if it's exiled" likewise.
- 608.2g: the card is cast while the trigger resolves, ignoring timing (307.1); "without paying
  its mana cost" is an alternative cost (118.9), so X is 0 (107.3b).

Not modelled: "until you lose control" of the haste (the haste lasts while the permanent stays
on the battlefield); a time counter removed by another effect triggers the cast only when this
module's upkeep trigger removes it.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, registry, triggers
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player

_REMOVE = ab.KeywordAction(name="suspend remove time counter", subject=ab.Ref("self"),
                           text="remove a time counter from it (702.62a)")
_CAST = ab.KeywordAction(name="suspend cast", subject=ab.Ref("self"),
                         text="you may play it without paying its mana cost (702.62a)")


def suspended(obj: GameObject) -> bool:
    """702.62b: in exile, with suspend and a time counter on it."""
    return obj.zone == "exile" and obj.counters.get("time", 0) > 0 and \
        compiled.keyword_ability(obj, "suspend") is not None


def suspend_action(game: Game, player: Player, obj: GameObject, kw: Any) -> GameObject:
    """702.62a special action: pay the suspend cost and exile the card from hand with N time
    counters; allowed whenever the player could begin to cast it (timing and prohibitions)."""
    if obj.zone != "hand" or obj.owner is not player:
        raise IllegalActionError("702.62a", f"{obj.name} is suspended from its owner's hand")
    if player.name in game.cant_cast or casting.cast_prohibited(game, player, obj):
        raise IllegalActionError("702.62a", f"{player.name} couldn't begin to cast {obj.name}")
    if not casting.timing_ok(game, player, obj):
        raise IllegalActionError("702.62a", f"{obj.name} can be suspended only when it could "
                                            "be cast (its timing, 307.1)")
    param = (kw.parameter or "").strip()
    mana_text = kw.cost.mana if kw.cost is not None and kw.cost.mana else ""
    x = 0
    if param.upper() == "X":  # 702.62c: X chosen now, the number of time counters
        least = 1 if "x can't be 0" in (getattr(kw, "rider", "") or "").lower() else 0
        x = int(game.decider.choose(player.name, f"X for suspending {obj.name}",
                                    list(range(least, 21))) or least)
        counters = x
    elif param.isdigit():
        counters = int(param)
    else:
        raise IllegalActionError("702.62a", f"{obj.name}'s suspend has no number of counters")
    cost = parse_cost(mana_text)
    if not casting.can_pay(game, player, cost, x):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana_text} to suspend "
                                           f"{obj.name}")
    casting.pay_mana(game, player, cost, x, obj.name)
    game.move(obj, "exile")
    obj.counters["time"] = counters
    game.log("suspended", player=player, obj=obj, counters=counters)
    return obj


@registry.turn_based("upkeep", "702.62a")
def _upkeep(game: Game, active: Player) -> None:
    """"At the beginning of your upkeep, if this card is suspended, remove a time counter from
    it": it triggers for each suspended card the active player owns (603.4 checked now)."""
    for obj in list(active.exile):
        if suspended(obj):
            triggers.add_inherent(game, obj.name, active, (_REMOVE,), source=obj)


def _ka_remove(ctx: Ctx, eff: Any) -> None:
    game, obj = ctx.game, ctx.source
    if not isinstance(obj, GameObject) or not suspended(obj):
        return  # 603.4: no longer suspended (a new object if it left exile, 400.7)
    obj.counters["time"] -= 1
    game.log("counters_removed", obj=obj, counter="time", amount=1)
    if obj.counters["time"] == 0:
        del obj.counters["time"]
        # "When the last time counter is removed from this card, if it's exiled ..."
        triggers.add_inherent(game, obj.name, obj.owner, (_CAST,), source=obj)


def _ka_cast(ctx: Ctx, eff: Any) -> None:
    """The last counter's trigger resolving: the owner may cast it without paying its mana
    cost now (608.2g); if they don't (or can't), it remains exiled."""
    game, obj, player = ctx.game, ctx.source, ctx.controller
    if not isinstance(obj, GameObject) or obj.zone != "exile":
        return
    if "Land" in obj.face.types or not game.decider.may(
            player.name, f"cast {obj.name} without paying its mana cost (suspend, 702.62a)"):
        return
    try:
        spell = casting.put_on_stack_as_cast(game, player, obj, None, "")
    except IllegalActionError as exc:
        game.note(f"{obj.name} can't be cast (suspend): {exc}; it remains exiled")
        return
    game.log("cast_without_paying", obj=spell, player=player)
    if "Creature" in spell.face.types:
        spell.choices_made["suspend_haste"] = True
        game.__dict__.setdefault("suspend_cast", []).append(spell)


@registry.state_based(order=6)
def _haste(game: Game) -> bool:
    """"If you cast a creature spell this way, it gains haste": the permanent it becomes has
    haste (granted once it is on the battlefield; a Mod ends when it leaves, 400.7)."""
    for obj in triggers.cast_spells_now_permanents(game, "suspend_cast"):
        if obj.choices_made.get("suspend_haste"):
            obj.mods.append(Mod(keywords=("haste",), until="permanent",
                                timestamp=game.next_timestamp()))
            obj.choices_made["suspend_haste"] = False
    return False  # an effect began to apply; no state-based action was performed


def _ka_exile_with_counters(ctx: Ctx, eff: Any) -> None:
    """"Exile ~ with three time counters on it" (a suspend card's own instruction): the
    resolving spell, or the card, goes to exile with that many counters; with suspend it is
    then suspended (702.62b)."""
    game = ctx.game
    n = int(eff.amount.value) if eff.amount is not None and eff.amount.value is not None else 1
    for obj in _objects(ctx, eff.subject):
        if not isinstance(obj, GameObject) or obj.zone in ("exile", "gone"):
            continue
        game.move(obj, "exile")
        obj.counters[eff.detail or "time"] = n
        game.log("counters_put", obj=obj, counter=eff.detail or "time", amount=n,
                 player=ctx.controller)


registry.register_keyword_actions({"exile with counters": _ka_exile_with_counters,
                                   "suspend remove time counter": _ka_remove,
                                   "suspend cast": _ka_cast})
registry.HAND_ACTIONS["suspend"] = suspend_action
