"""Replacement effects (614): the ones an effect creates, and the zone-change replacements
:meth:`rules_engine.game.Game.move` asks about (614.6, 614.12).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, registry, statics, targeting
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, _until
from rules_engine.game import Game
from rules_engine.objects import ABILITY_CHANGES, GameObject


def h_replacement(ctx: Ctx, eff: ab.ReplacementEffect) -> None:
    """614.1c / 614.12: "each creature you control enters with an additional +1/+1 counter"
    for a duration; other replacement effects from resolving abilities are reported."""
    if eff.event in ("enters", "enter") and eff.duration is not None:
        ctx.game.enter_effects.append((ctx.controller, eff.subject, tuple(eff.instead),
                                       _until(eff.duration, ctx)))
        ctx.game.log("enter_replacement_created", player=ctx.controller)
        return
    if eff.event in _ZONE_EVENTS and _instead_zone(eff) is not None and \
            eff.subject is not None and eff.subject.kind in ("chosen", "each") and \
            eff.subject.filter is not None:
        # 614.1a: "If a permanent dealt damage by ~ would die this turn, exile it instead" -
        # about whatever fits the description when it would move (not fixed now)
        turn = ctx.game.turn if eff.duration is not None else None
        ctx.game.__dict__.setdefault("zone_replacement_filters", []).append(
            (eff.subject.filter, _source_obj(ctx), ctx.controller, eff.event,
             _instead_zone(eff), turn))
        ctx.game.log("replacement_created", player=ctx.controller, event=eff.event)
        return
    if eff.event in _ZONE_EVENTS and _instead_zone(eff) is not None:
        # 614.1a: "If that creature would die this turn, exile it instead" - a shield on the
        # objects named now, applied by zone_change_replacement when they would move
        shields = ctx.game.__dict__.setdefault("zone_replacements", [])
        turn = ctx.game.turn if eff.duration is not None else None
        for obj in _objects(ctx, eff.subject):
            shields.append((obj, obj.timestamp, eff.event, _instead_zone(eff), turn))
            ctx.game.log("replacement_created", obj=obj, event=eff.event)
        return
    ctx.game.note(f"replacement effect '{eff.text}' ({eff.event}) is not run by this engine")


_ZONE_EVENTS = frozenset({"dies", "put_into_graveyard", "leaves_battlefield"})


def _instead_zone(eff: Any) -> str | None:
    """The zone a zone-change replacement sends the object to instead (exile, for now)."""
    for e in eff.instead:
        if isinstance(e, ab.Exile):
            return "exile"
        if isinstance(e, ab.MoveToZone) and e.to_zone in ("hand", "library", "exile",
                                                          "library_shuffled"):
            return e.to_zone
    return None


def _own_replacements(obj: GameObject) -> tuple[Any, ...]:
    """The object's own "If ~ would be put into a graveyard from anywhere, exile it instead"
    (static abilities that work in every zone, 614.1a, 113.6b), cached on the face."""
    face = obj.face
    hit = face.zone_replacements
    if hit is not None and not obj.mods:
        return hit
    if face.abilities is None and "would" not in (face.oracle_text or "") and not obj.mods:
        # (no "If ~ would ..." in its text: don't compile a card just to learn that)
        face.zone_replacements = ()
        return ()
    found = tuple(e for a in compiled.object_abilities(obj) if isinstance(a, ab.StaticAbility)
                  for e in a.effects if isinstance(e, ab.ReplacementEffect)
                  and e.event in _ZONE_EVENTS and e.subject is not None
                  and e.subject.kind in ("self", "it") and _instead_zone(e) is not None)
    if not obj.mods:
        face.zone_replacements = found
    return found


def zone_change_replacement(game: Game, obj: GameObject, from_zone: str, to_zone: str) -> str:
    """614.1a, 614.6: where ``obj`` goes instead of ``to_zone``: its own static "If ~ would be
    put into a graveyard from anywhere, exile it instead" (disturb's back faces, 702.146) and
    shields from resolved effects ("If that creature would die this turn, exile it instead").
    Cheap when neither exists. Game.move is asked to call this before moving anything."""
    face = obj.face
    if from_zone == "battlefield" and to_zone == "graveyard" and obj.counters.get("finality"):
        return "exile"  # 122.1h: a finality counter's replacement effect
    if (from_zone == "battlefield" or to_zone == "graveyard") and game.battlefield:
        for src, eff in _other_replacers(game):
            if src is obj or not _event_matches(eff.event, obj, from_zone, to_zone):
                continue
            if eff.subject is not None and not targeting.matches(
                    game, obj, eff.subject.filter, src.controller, src, zone_check=False):
                continue
            instead = _instead_zone(eff)
            # 614.1a/614.6: the modified event; its other parts ("and put a hit counter on
            # it") happen to the object in its new zone (Game.move calls after_zone_change)
            extra = tuple(e for e in eff.instead if isinstance(e, ab.PutCounters))
            if extra:
                game.__dict__.setdefault("after_move", []).append((obj, extra, src))
            game.log("zone_change_replaced", obj=obj, to=instead, by=src)
            if instead == "exile":  # 607.2a: exiled by this permanent's ability ("exiled with")
                game.__dict__["exile_replaced_by"] = (obj, src)
            return _shuffled(game, obj, instead or to_zone)
    if face is not None and face.zone_replacements == () and not obj.mods:
        d = game.__dict__
        if not d.get("zone_replacements") and not d.get("entered_as_copy") and \
                not d.get("zone_replacement_filters"):
            return to_zone  # the usual case: nothing can replace this move
    copies = game.__dict__.get("entered_as_copy")
    if copies and from_zone == "battlefield":
        for i, (o, stamp) in enumerate(copies):
            if o is obj and stamp == obj.timestamp:
                del copies[i]
                obj.copy_values = None  # 400.7: it becomes a new object, no longer a copy
                break
    for flt, src, ctl, event, instead, turn in game.__dict__.get("zone_replacement_filters", ()):
        if (turn is None or turn == game.turn) and _event_matches(event, obj, from_zone, to_zone) \
                and targeting.matches(game, obj, flt, ctl, src, zone_check=False):
            game.log("zone_change_replaced", obj=obj, to=instead, by=src)
            return _shuffled(game, obj, instead)
    own = _own_replacements(obj) if obj.card is not None or obj.copy_values is not None else ()
    shields = game.__dict__.get("zone_replacements")
    if not own and not shields:
        return to_zone
    for eff in own:
        if _event_matches(eff.event, obj, from_zone, to_zone):
            game.log("zone_change_replaced", obj=obj, to=_instead_zone(eff))
            return _shuffled(game, obj, _instead_zone(eff) or to_zone)
    for i, (o, stamp, event, instead, turn) in enumerate(shields or ()):
        if o is obj and stamp == obj.timestamp and (turn is None or turn == game.turn) and \
                _event_matches(event, obj, from_zone, to_zone):
            del shields[i]
            game.log("zone_change_replaced", obj=obj, to=instead)
            return _shuffled(game, obj, instead)
    return to_zone


def _shuffled(game: Game, obj: GameObject, zone: str) -> str:
    """"shuffle it into its owner's library instead": the library, shuffled once the card is
    in it (after_zone_change)."""
    if zone != "library_shuffled":
        return zone
    game.__dict__.setdefault("after_move", []).append((obj, ("shuffle",), None))
    return "library"


def _other_replacers(game: Game) -> list[tuple[GameObject, Any]]:
    """Static zone-change replacements of permanents about other objects ("If a creature an
    opponent controls would die, instead exile it ..."), cached until abilities change
    (objects.ABILITY_CHANGES moves on every battlefield entry/exit and new Mod)."""
    cached = game.__dict__.get("_other_replacers")
    stamp = (ABILITY_CHANGES[0], len(game.battlefield))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    found = []
    for src in game.battlefield:
        if src.phased_out:
            continue
        for abl in statics._statics(src):
            for eff in abl.effects:
                if other_zone_replacement(eff):
                    found.append((src, eff))
    game.__dict__["_other_replacers"] = (stamp, found)
    return found


def other_zone_replacement(eff: Any) -> bool:
    """A static replacement of a permanent's zone change about objects it describes."""
    return isinstance(eff, ab.ReplacementEffect) and eff.event in _ZONE_EVENTS and \
        eff.duration is None and eff.subject is not None and \
        eff.subject.kind in ("chosen", "each") and eff.subject.filter is not None and \
        _instead_zone(eff) is not None


def after_zone_change(game: Game, obj: GameObject) -> None:
    """The rest of a replaced zone change (614.1a "instead exile it and put a hit counter on
    it"): counters put on the object in its new zone, logged. Game.move calls this after the
    object has moved; nothing waits in the usual case."""
    waiting = game.__dict__.get("after_move")
    if not waiting:
        return
    for i, (o, extra, _src) in enumerate(waiting):
        if o is obj:
            del waiting[i]
            for e in extra:
                if e == "shuffle":
                    game.shuffle(obj.owner)  # 701.24: the library it went into
                    continue
                n = int(e.amount.value) if e.amount is not None and \
                    e.amount.value is not None else 1
                obj.counters[e.counter] = obj.counters.get(e.counter, 0) + n
                game.log("counters_put", obj=obj, counter=e.counter, amount=n)
            return


def _event_matches(event: str, obj: GameObject, from_zone: str, to_zone: str) -> bool:
    if event == "dies":  # 700.4: put into a graveyard from the battlefield, as a creature
        return from_zone == "battlefield" and to_zone == "graveyard" and obj.is_creature
    if event == "put_into_graveyard":
        return to_zone == "graveyard"
    if event == "leaves_battlefield":
        return from_zone == "battlefield" and to_zone != "battlefield"
    return False


registry.register_effects({
    ab.ReplacementEffect: h_replacement,
})


registry.provide(zone_change_replacement=zone_change_replacement,
                 after_zone_change=after_zone_change)
