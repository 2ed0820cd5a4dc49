"""Abilities that work from a graveyard: unearth (702.84), embalm (702.128), eternalize
(702.129), and the activation path for them.

A keyword ability that functions while its card is in a graveyard (113.6, 602.1) is activated
with :func:`activate_from_graveyard` (the scenario action ``activate: <card>, from: graveyard``
and the simulator's moves), which finds the handler in ``registry.ZONE_ACTIONS``.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.84a: "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the
  battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
  leave the battlefield, exile it instead of putting it anywhere else. Activate only as a
  sorcery." An activated ability (602.2: it uses the stack; 602.5d sorcery timing); the
  return, the haste and the delayed exile (603.7) happen as it resolves, and the exile
  replacement (614.1a) applies to that permanent while it is the same object (400.7).
- 702.84c: if the card leaves the graveyard before the ability resolves, it does nothing (the
  card is a new object, 400.7).
- 702.128a: "Embalm [cost]" means "[Cost], Exile this card from your graveyard: Create a token
  that's a copy of it, except it's white, it has no mana cost, and it's a Zombie in addition to
  its other types. Activate only as a sorcery."
- 702.129a: "Eternalize [cost]" means "[Cost], Exile this card from your graveyard: Create a
  token that's a copy of it, except it's black, it's 4/4, it has no mana cost, and it's a
  Zombie in addition to its other types. Activate only as a sorcery."
- Exiling the card is part of the cost (601.2h, 602.2b), so the card is gone before the
  ability resolves; the token copies the card as it last existed (707.2, 608.2h: it is in
  exile). (The copy's mana cost is kept here: "it has no mana cost" is not modelled.)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, permanents, registry, turn
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player, StackAbility
from rules_engine.triggers import Delayed


def graveyard_abilities(obj: GameObject) -> list[Any]:
    """Keyword abilities of a card in a graveyard that this engine lets its owner activate."""
    return [a for a in compiled.keyword_abilities(obj)  # (given ones too, 613.1f)
            if ("graveyard", a.name.lower()) in registry.ZONE_ACTIONS]


def works_in_graveyard(abl: Any) -> bool:
    """113.6m: an activated ability whose cost or effect moves its card from the graveyard
    ("Exile ~ from your graveyard: ...", "{2}: Return ~ from your graveyard to your hand")
    works only while the card is there."""
    if not isinstance(abl, ab.ActivatedAbility):
        return False
    for part in abl.cost.parts:
        what = part.what
        if isinstance(what, ab.Ref) and what.kind == "self" and \
                "graveyard" in (part.text or "").lower():
            return True
    return any(isinstance(e, ab.MoveToZone) and e.from_zone == "graveyard" and
               e.subject is not None and e.subject.kind == "self" for e in abl.effects)


def graveyard_activated(obj: GameObject) -> list[tuple[int, Any]]:
    """(index among the card's activated abilities, ability) for those that work in the
    graveyard (113.6m), after the keyword ones in the scenario's numbering."""
    return [(i, a) for i, a in enumerate(compiled.activated_abilities(obj), start=1)
            if works_in_graveyard(a)]


def activate_from_graveyard(game: Game, player: Player, name: str,
                            index: int = 1, targets: list[Any] | None = None,
                            x: int = 0) -> Any:
    """602.2 for an ability of a card in its owner's graveyard (unearth ..., and activated
    abilities that move the card from there, 113.6m: numbered after the keyword ones)."""
    if game.priority is not player:
        raise IllegalActionError("117.1", f"{player.name} doesn't have priority")
    key = name.lower()
    found = [o for o in player.graveyard if o.name.lower() == key
             or (o.label and str(o.label).lower() == key)]
    if not found:
        raise IllegalActionError("602.2", f"no card named {name!r} in {player.name}'s "
                                          "graveyard")
    obj = found[0]
    abilities = graveyard_abilities(obj)
    activated = graveyard_activated(obj)
    if len(abilities) < index <= len(abilities) + len(activated):
        # 602.2 / 113.6m: activated like a permanent's ability, the card staying its source
        real = activated[index - len(abilities) - 1][0]
        return casting.activate_object(game, player, obj, real, targets, x)
    if not 1 <= index <= len(abilities):
        raise IllegalActionError("602.1", f"{obj.name} has no ability {index} that works in a "
                                          f"graveyard (it has {len(abilities) + len(activated)})")
    kw = abilities[index - 1]
    return registry.ZONE_ACTIONS[("graveyard", kw.name.lower())](game, player, obj, kw)


def _put_ability(game: Game, player: Player, obj: GameObject, kw: Any,
                 effects: tuple[Any, ...]) -> StackAbility:
    """Pay the keyword's mana cost and put its ability on the stack (602.2a-b, 601.2g-h)."""
    mana = casting.keyword_mana(obj, kw)
    cost = parse_cost(mana)
    if not casting.can_pay(game, player, cost, 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana or '{0}'} for "
                                           f"{obj.name}'s {kw.name}")
    casting.pay_mana(game, player, cost, 0, obj.name)
    item = StackAbility(game.new_id(), obj.name, obj, player, list(effects), ability=kw,
                        kind="activated")
    item.choices_made["source_stamp"] = obj.timestamp
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)
    turn.give_priority(game, player)
    return item


_RETURN = ab.KeywordAction(name="unearth return", subject=ab.Ref("self"),
                           text="return this card from your graveyard to the battlefield "
                                "(702.84a)")
_EXILE = ab.TriggeredAbility(
    trigger=ab.Trigger(event="phase", step="end", text="at the beginning of the next end step"),
    effects=(ab.KeywordAction(name="unearth exile", subject=ab.Ref("it"), text="exile it"),),
    text="Exile it at the beginning of the next end step (702.84a).")


def _unearth(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    if compiled.keyword_ability(obj, "unearth") is None or obj.owner is not player or \
            obj.zone != "graveyard":
        raise IllegalActionError("702.84a", f"{obj.name} is unearthed from its owner's "
                                            "graveyard")
    if not casting.sorcery_timing_ok(game, player):
        raise IllegalActionError("602.5d", f"unearth ({obj.name}): activate only as a sorcery")
    return _put_ability(game, player, obj, kw, (_RETURN,))


def _ka_return(ctx: Ctx, eff: Any) -> None:
    game, obj, player = ctx.game, ctx.source, ctx.controller
    stamp = ctx.item.choices_made.get("source_stamp") if ctx.item is not None else None
    if not isinstance(obj, GameObject) or obj.zone != "graveyard" or (
            stamp is not None and obj.timestamp != stamp):
        return  # 702.84c / 400.7: the card left the graveyard; nothing happens
    permanents.enter_battlefield(game, obj, player)
    if obj.zone != "battlefield":
        return
    obj.mods.append(Mod(keywords=("haste",), until="permanent",
                        timestamp=game.next_timestamp()))
    # "If it would leave the battlefield, exile it instead of putting it anywhere else"
    game.__dict__.setdefault("zone_replacements", []).append(
        (obj, obj.timestamp, "leaves_battlefield", "exile", None))
    own = replace(_EXILE)
    game.__dict__.setdefault("delayed_refs", []).append((own, [(obj, obj.timestamp)], []))
    game.delayed.append(Delayed(own, player, obj.name, obj, game.turn))
    game.log("unearthed", obj=obj, player=player)


def _ka_exile(ctx: Ctx, eff: Any) -> None:
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            ctx.game.move(obj, "exile")


def _token_maker(game: Game, player: Player, obj: GameObject, kw: Any, name: str,
                 rule: str) -> StackAbility:
    """Embalm / eternalize: sorcery timing, pay the mana and exile the card (the cost), then
    the ability that creates the token copy goes on the stack."""
    if obj.owner is not player or obj.zone != "graveyard":
        raise IllegalActionError(rule, f"{obj.name}'s {name} works from its owner's graveyard")
    if not casting.sorcery_timing_ok(game, player):
        raise IllegalActionError("602.5d", f"{name} ({obj.name}): activate only as a sorcery")
    mana = casting.keyword_mana(obj, kw)
    if not casting.can_pay(game, player, parse_cost(mana), 0):
        raise IllegalActionError("602.2b", f"{player.name} can't pay {mana} for {name}")
    subtypes = tuple(obj.face.subtypes) + ("Zombie",)  # "in addition to its other types"
    if name == "eternalize":
        spec = ab.TokenSpec(power=ab.Amount(4), toughness=ab.Amount(4), colors=("black",),
                            subtypes=subtypes, copy_of=ab.Ref("self"),
                            text="a token that's a copy of it, except it's a 4/4 black Zombie")
    else:
        spec = ab.TokenSpec(colors=("white",), subtypes=subtypes, copy_of=ab.Ref("self"),
                            text="a token that's a copy of it, except it's a white Zombie")
    effect = ab.CreateToken(token=spec, amount=ab.Amount(1), text=f"create {spec.text}")
    casting.pay_mana(game, player, parse_cost(mana), 0, obj.name)
    game.move(obj, "exile")  # 602.2b: exiling it is part of the cost
    item = StackAbility(game.new_id(), obj.name, obj, player, [effect], ability=kw,
                        kind="activated")
    game.stack.append(item)
    game.log("ability_activated", obj=item, player=player)
    turn.give_priority(game, player)
    return item


def _embalm(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    if compiled.keyword_ability(obj, "embalm") is None:
        raise IllegalActionError("702.128a", f"{obj.name} has no embalm ability")
    return _token_maker(game, player, obj, kw, "embalm", "702.128a")


def _eternalize(game: Game, player: Player, obj: GameObject, kw: Any) -> StackAbility:
    if compiled.keyword_ability(obj, "eternalize") is None:
        raise IllegalActionError("702.129a", f"{obj.name} has no eternalize ability")
    return _token_maker(game, player, obj, kw, "eternalize", "702.129a")


registry.ZONE_ACTIONS[("graveyard", "unearth")] = _unearth
registry.ZONE_ACTIONS[("graveyard", "embalm")] = _embalm
registry.ZONE_ACTIONS[("graveyard", "eternalize")] = _eternalize
registry.register_keyword_actions({"unearth return": _ka_return, "unearth exile": _ka_exile})
