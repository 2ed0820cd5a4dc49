"""Tap and untap (701.21), goad (701.15), gaining control (613.1b), attaching (701.3), the
monarch (724 designations).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry, statics, targeting
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, _players, _until, resolve_ref
from rules_engine.effects.durations import note_control
from rules_engine.game import Game
from rules_engine.objects import GameObject


def h_tap(ctx: Ctx, eff: Any) -> None:
    tapped = []
    for obj in _objects(ctx, eff.subject):
        if not obj.tapped:
            tapped.append(obj)  # "for each creature tapped this way" (608.2c)
            if obj.zone == "battlefield":
                obj.tapped = True
                ctx.game.log("tapped", obj=obj)  # 603.2e: "Whenever ~ becomes tapped"
        obj.tapped = True
    if tapped:
        ctx.those = tapped
        ctx.count = len(tapped)


def h_untap(ctx: Ctx, eff: Any) -> None:
    for obj in _objects(ctx, eff.subject):
        if obj.tapped and statics.restricted(ctx.game, "cant_become_untapped", obj):
            ctx.game.note(f"{obj.name} can't become untapped")  # (a static "can't", 101.2)
            continue
        if obj.tapped:
            obj.tapped = False
            ctx.game.log("untapped", obj=obj)  # 603.2e: "whenever ~ becomes untapped"


def h_tap_or_untap(ctx: Ctx, eff: ab.TapOrUntap) -> None:
    game = ctx.game
    for obj in _objects(ctx, eff.subject):
        choice = game.decider.choose(ctx.controller.name, f"tap or untap {obj.name}",
                                     ["untap", "tap"] if obj.tapped else ["tap", "untap"])
        was = obj.tapped
        obj.tapped = choice == "tap"
        if obj.tapped and not was:
            game.log("tapped", obj=obj)
        elif was and not obj.tapped:
            game.log("untapped", obj=obj)


def h_goad(ctx: Ctx, eff: ab.Goad) -> None:
    goaded = []
    for obj in _objects(ctx, eff.subject):
        obj.goaded.add(ctx.controller.name)
        ctx.game.log("goaded", obj=obj, player=ctx.controller)
        goaded.append(obj)
    if goaded:
        ctx.those = goaded  # "for each creature goaded this way" (608.2c)
        ctx.count = len(goaded)


def h_attach(ctx: Ctx, eff: ab.Attach) -> None:
    """701.3: attach an Aura/Equipment to an object, or a Curse to a player."""
    game = ctx.game
    to_ref = eff.to
    if to_ref is not None and to_ref.kind in ("chosen", "chosen_one"):
        wants_player = to_ref.filter is not None and "player" in (to_ref.filter.text or "")
        options: list[Any] = list(game.apnap()) if wants_player else [
            o for o in game.permanents()
            if targeting.matches(game, o, to_ref.filter, ctx.controller, None)]
        pick = game.decider.choose(ctx.controller.name, f"what to attach to ({to_ref.text})",
                                   options)
        targets = [pick] if pick is not None else []
    else:
        targets = resolve_ref(ctx, to_ref)
    if not targets:
        return
    to = targets[0]
    for obj in _objects(ctx, eff.subject):
        if obj.zone == "battlefield" and can_attach(game, obj, to):
            obj.attached_to = to
            game.log("attached", obj=obj, to=to)


def can_attach(game: Game, obj: GameObject, to: Any) -> bool:
    """701.3b: an Aura, Equipment or Fortification doesn't move to an object it can't be
    attached to: an Equipment only to a creature (301.5c), never to itself (301.5c, 303.4d),
    nor to a permanent with protection from it (702.16c-d); an Aura only to what its enchant
    ability allows (303.4a, checked as a target filter)."""
    if to is obj:
        return False
    if isinstance(to, GameObject):
        if to.zone != "battlefield" or to.phased_out:
            return False
        if obj.has_type("Creature") and "Equipment" in obj.face.subtypes and \
                not compiled.has_keyword(obj, "reconfigure"):
            return False  # 301.5c: an Equipment that's also a creature can't equip (no reconfigure)
        if "Equipment" in obj.face.subtypes and not to.is_creature:
            return False
        if "Fortification" in obj.face.subtypes and not to.has_type("Land"):
            return False  # 301.6: a Fortification only to a land
        if targeting.protected_from(game, to, obj):
            return False
    return True


def h_monarch(ctx: Ctx, eff: Any) -> None:
    """725.1: the monarch designation (kept apart from the initiative, 726)."""
    for p in _players(ctx, eff.player):
        ctx.game.monarch = p
        ctx.game.log("became_monarch", player=p)


def h_gain_control(ctx: Ctx, eff: Any) -> None:
    """613.2 (layer 2): change of control; "until end of turn" reverts in the cleanup step."""
    new = (_players(ctx, eff.player) or [ctx.controller])[0]
    for obj in _objects(ctx, eff.subject):
        if obj.zone != "battlefield":
            continue
        until = _until(eff.duration, ctx) if eff.duration is not None else "permanent"
        if until == "eot":
            ctx.game.control_reverts.append((obj, obj.controller))
        elif until.startswith("while:"):  # "for as long as you control ~" (611.2b)
            note_control(ctx.game, until, obj, obj.controller)
        obj.controller = new
        obj.sick = True
        ctx.game.log("control_changed", obj=obj, player=new)


registry.register_effects({
    ab.Tap: h_tap,
    ab.Untap: h_untap,
    ab.TapOrUntap: h_tap_or_untap,
    ab.Goad: h_goad,
    ab.Attach: h_attach,
    ab.BecomeMonarch: h_monarch,
    ab.GainControl: h_gain_control,
})
