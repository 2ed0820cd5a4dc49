"""Alternative costs with a consequence: evoke (702.74), dash (702.109), blitz (702.152),
spectacle (702.137) and surge (702.117).

Each is an alternative cost (118.9: only one may apply, 118.9a; additional costs are still
paid, 118.9d) that ``casting.py`` offers through ``registry.ALTERNATIVE_COSTS`` as the spell is
cast (a "may": unanswered, no; offered only when the caster can pay it, 601.2h). What follows
from paying it is here.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.74a: "Evoke [cost]" means "You may cast this spell by paying [cost] rather than its mana
  cost" and "When this permanent enters, if its evoke cost was paid, its controller sacrifices
  it." (The sacrifice trigger goes on the stack with its other enters triggers, 603.3b.)
- 702.109a: "Dash [cost]" means "You may cast this spell by paying [cost] rather than its mana
  cost", "If this spell's dash cost was paid, return the permanent this spell becomes to its
  owner's hand at the beginning of the next end step" and "As long as this permanent's dash
  cost was paid, it has haste."
- 702.152a: "Blitz [cost]" means "You may cast this spell by paying [cost] rather than its mana
  cost", "If this spell's blitz cost was paid, sacrifice the permanent this spell becomes at
  the beginning of the next end step" and "As long as this permanent's blitz cost was paid, it
  has haste and 'When this permanent is put into a graveyard from the battlefield, draw a
  card.'"
- 702.137a: "Spectacle [cost]" means "You may cast this spell by paying [cost] rather than its
  mana cost if an opponent lost life this turn."
- 702.117a: "Surge [cost]" means "You may cast this spell by paying [cost] rather than its mana
  cost if you or one of your teammates has cast another spell this turn."
- 118.9 printed alternative costs: "[If <condition>, ]you may <cost> rather than pay this
  spell's mana cost" (Force of Will, Snuff Out, Gush ...; compiled by
  ``rules_engine/text/alt_costs.py`` as a keyword ability "alternative cost"): offered when its
  condition holds as the spell is cast and the caster can pay it (mana and other parts, 118.3);
  its non-mana parts are paid with the spell's other costs (601.2h).
- 608.3g / 603.7: the delayed end-step abilities are created as the permanent enters; here in
  the state-based-action pass after it entered (117.5, before anyone gets priority), bound to
  that permanent (603.7c: a new object once it left, 400.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules_engine import abilities as ab
from rules_engine import casting, compiled, conditions, registry, triggers
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.mana import parse_cost
from rules_engine.objects import GameObject, Mod, Player
from rules_engine.registry import hooks
from rules_engine.text.conditions import parse_condition
from rules_engine.text.nouns import Ctx as TextCtx
from rules_engine.triggers import Delayed


def _offer(game: Game, player: Player, obj: GameObject, kw: Any, name: str, rule: str,
           x_ok: bool = True) -> str | None:
    """The alternative cost's mana (with its other parts: "Blitz—{2}{R}{R}, Discard a card",
    601.2f-h) when the caster can pay it and chooses it."""
    found = _payable(game, player, obj, kw)
    if found is None or not game.decider.may(
            player.name, f"cast {obj.name} for its {name} cost {kw.cost.text} ({rule})"):
        return None
    mana, others = found
    return (mana, others) if others else mana


def _payable(game: Game, player: Player, obj: GameObject, kw: Any
             ) -> tuple[str, tuple[Any, ...]] | None:
    """The keyword's cost as mana and other parts, when the player can pay it all now."""
    if kw is None or kw.cost is None or not kw.cost.parts:
        return None
    mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
    others = tuple(p for p in kw.cost.parts if p.kind != "mana")
    if any(p.kind not in hooks.other_cost_kinds for p in others):
        return None
    if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or (
            others and hooks.cost_refusal(game, player, obj, others)):
        return None
    return mana, others


# "You may cast ~ from your graveyard using its blitz ability": the keyword whose cost is paid
# and the mark the spell gets (as when cast from the hand for that cost)
_USING = {"blitz": "blitzed", "dash": "dashed", "evoke": "evoked"}


def _graveyard_using(game: Game, player: Player, obj: GameObject) -> tuple[Any, ...] | None:
    """601.3 with 118.9: a permission to cast the card from its owner's graveyard only for
    the alternative cost its own keyword gives ("using its blitz ability", 702.152a); the
    spell is marked as cast for that cost, so its consequences follow."""
    if obj.owner is not player or obj.zone != "graveyard":
        return None
    for perm in compiled.object_abilities(obj):
        if not isinstance(perm, ab.KeywordAbility) or perm.name != "cast from graveyard" or \
                (perm.parameter or "").lower() not in _USING:
            continue
        key = perm.parameter.lower()
        found = _payable(game, player, obj, compiled.keyword_ability(obj, key))
        if found is None:
            return None
        mana, others = found
        return mana, others, False, _marker(_USING[key])
    return None


def _offer_evoke(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    return _offer(game, player, obj, compiled.keyword_ability(obj, "evoke"), "evoke",
                  "702.74a")


def _offer_dash(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    return _offer(game, player, obj, compiled.keyword_ability(obj, "dash"), "dash", "702.109a")


def _offer_blitz(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    return _offer(game, player, obj, compiled.keyword_ability(obj, "blitz"), "blitz",
                  "702.152a")


def _offer_spectacle(game: Game, player: Player, obj: GameObject,
                     from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "spectacle")
    if kw is None or not any(p.life_lost_turn > 0 for p in game.opponents(player)):
        return None  # 702.137a: only if an opponent lost life this turn
    return _offer(game, player, obj, kw, "spectacle", "702.137a")


def _offer_surge(game: Game, player: Player, obj: GameObject, from_zone: str) -> str | None:
    kw = compiled.keyword_ability(obj, "surge")
    if kw is None or player.spells_cast_this_turn < 1:
        return None  # 702.117a: only if you've cast another spell this turn
    return _offer(game, player, obj, kw, "surge", "702.117a")


_CONDITIONS: dict[str, Any] = {}


def _offer_printed(game: Game, player: Player, obj: GameObject,
                   from_zone: str) -> tuple[str, tuple[Any, ...]] | None:
    """A printed "rather than pay this spell's mana cost" alternative (118.9)."""
    if compiled.keyword_ability(obj, "alternative cost") is None:
        return None
    for kw in compiled.object_abilities(obj):
        if not isinstance(kw, ab.KeywordAbility) or kw.name != "alternative cost" or \
                kw.cost is None:
            continue
        if kw.parameter:
            cond = _CONDITIONS.get(kw.parameter)
            if cond is None:
                cond = _CONDITIONS[kw.parameter] = parse_condition(kw.parameter, TextCtx())
            if cond is None or not conditions.holds(game, cond, player, obj):
                continue
        mana = "".join(p.mana or "" for p in kw.cost.parts if p.kind == "mana")
        others = tuple(p for p in kw.cost.parts if p.kind != "mana")
        if any(p.kind not in hooks.other_cost_kinds for p in others):
            continue
        if not casting.can_pay(game, player, parse_cost(mana), 0, obj) or (
                others and hooks.cost_refusal(game, player, obj, others)):
            continue
        if game.decider.may(player.name, f"cast {obj.name} by paying {kw.cost.text} rather "
                                         "than its mana cost (118.9)"):
            return mana, others
    return None


def _marker(name: str) -> Callable[[Game, Player, GameObject], None]:
    """After the spell is cast with ``name``'s cost: remember it (a permanent spell is watched
    until it enters, where the consequences begin)."""

    def cast(game: Game, player: Player, spell: GameObject) -> None:
        spell.choices_made[name] = True  # "if its evoke cost was paid" (702.74a) ...
        game.log(f"{name}_paid", obj=spell, player=player)
        if spell.face.is_permanent_type:
            game.__dict__.setdefault("alt_cost_cast", []).append((spell, name))

    return cast


_SACRIFICE_EVOKED = ab.KeywordAction(name="evoke sacrifice", subject=ab.Ref("self"),
                                     text="its controller sacrifices it (702.74a)")
_DASH_RETURN = ab.TriggeredAbility(
    trigger=ab.Trigger(event="phase", step="end", text="at the beginning of the next end step"),
    effects=(ab.KeywordAction(name="dash return", subject=ab.Ref("it"),
                              text="return it to its owner's hand"),),
    text="At the beginning of the next end step, return it to its owner's hand (702.109a).")
_BLITZ_SACRIFICE = ab.TriggeredAbility(
    trigger=ab.Trigger(event="phase", step="end", text="at the beginning of the next end step"),
    effects=(ab.KeywordAction(name="blitz sacrifice", subject=ab.Ref("it"),
                              text="sacrifice it"),),
    text="At the beginning of the next end step, sacrifice it (702.152a).")
_BLITZ_DRAW = ab.TriggeredAbility(
    trigger=ab.Trigger(event="dies", subject=ab.Ref("self"),
                       text="when this permanent is put into a graveyard from the battlefield"),
    effects=(ab.Draw(text="draw a card"),),
    text="When this creature dies, draw a card (702.152a).")


def _delayed(game: Game, obj: GameObject, ability: Any) -> None:
    own = replace(ability)  # its own record, so the bound object is its own (603.7c)
    game.__dict__.setdefault("delayed_refs", []).append((own, [(obj, obj.timestamp)], []))
    game.delayed.append(Delayed(own, obj.controller, obj.name, obj, game.turn))


@registry.state_based(order=5)
def _entered(game: Game) -> bool:
    """The permanents cast with one of these costs, as they enter (608.3g, 702.74a ...)."""
    cast = game.__dict__.get("alt_cost_cast")
    if not cast:
        return False
    keep = []
    for obj, name in cast:
        if obj.zone == "stack":
            keep.append((obj, name))
            continue
        if obj.zone != "battlefield" or not obj.choices_made.get(name):
            continue
        if name == "evoked":  # 702.74a: "When this permanent enters, if its evoke cost ..."
            triggers.add_inherent(game, obj.name, obj.controller, (_SACRIFICE_EVOKED,),
                                  source=obj)
        elif name == "dashed":
            obj.mods.append(Mod(keywords=("haste",), until="permanent",
                                timestamp=game.next_timestamp()))
            _delayed(game, obj, _DASH_RETURN)
        elif name == "blitzed":
            obj.mods.append(Mod(keywords=("haste",), abilities=(_BLITZ_DRAW,),
                                until="permanent", timestamp=game.next_timestamp()))
            _delayed(game, obj, _BLITZ_SACRIFICE)
    game.__dict__["alt_cost_cast"] = keep
    return False  # abilities and effects began; no state-based action was performed


def _ka_evoke_sacrifice(ctx: Ctx, eff: Any) -> None:
    obj = ctx.source
    if isinstance(obj, GameObject) and obj.zone == "battlefield":
        player = obj.controller
        ctx.game.move(obj, "graveyard")
        ctx.game.log("sacrificed", obj=obj, player=player, rule="702.74a")


def _ka_dash_return(ctx: Ctx, eff: Any) -> None:
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            ctx.game.move(obj, "hand")
            ctx.game.log("returned_to_hand", obj=obj, rule="702.109a")


def _ka_blitz_sacrifice(ctx: Ctx, eff: Any) -> None:
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield":
            player = obj.controller
            ctx.game.move(obj, "graveyard")
            ctx.game.log("sacrificed", obj=obj, player=player, rule="702.152a")


registry.register_alternative_cost(_offer_evoke, _marker("evoked"))
registry.register_alternative_cost(_offer_printed, _marker("alternative_cost"))
registry.register_alternative_cost(_offer_dash, _marker("dashed"))
registry.register_alternative_cost(_offer_blitz, _marker("blitzed"))
registry.register_alternative_cost(_offer_spectacle, _marker("spectacle"))
registry.register_alternative_cost(_offer_surge, _marker("surged"))
registry.GRAVEYARD_CASTS.append(_graveyard_using)
registry.register_keyword_actions({"evoke sacrifice": _ka_evoke_sacrifice,
                                   "dash return": _ka_dash_return,
                                   "blitz sacrifice": _ka_blitz_sacrifice})
