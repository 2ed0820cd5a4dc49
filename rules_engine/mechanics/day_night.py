"""Day and night.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 731.1: the game starts neither day nor night; once it is day or night it is always exactly
  one of them (never neither again).
- 731.1a: "day becomes night" / "night becomes day" means losing one and gaining the other.
- 731.2 / 502.2: the untap step's check: day -> night if the previous turn's active player cast
  no spells during that turn; night -> day if that player cast two or more; neither: no check.
- 702.145b-g: daybound and nightbound: a daybound permanent enters transformed at night; as it
  becomes night a front-face-up daybound permanent transforms; as it becomes day a back-face-up
  nightbound permanent transforms; they can't transform otherwise; with a daybound permanent
  on the battlefield and neither, it becomes day (702.145d); with only nightbound, night (702.145g).
- 712: transforming a double-faced permanent (the "transformed" event).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, effects, registry, statics
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.objects import GameObject


def _bound(obj: GameObject, which: str) -> bool:
    """Daybound/nightbound (compiled keywords are folded into the face's keyword names)."""
    face = obj.face
    if face.abilities is None:
        compiled.object_abilities(obj)
    if which in face.keywords:
        return True
    return bool(obj.mods or obj.static_mods) and obj.has_keyword(which)


def _maybe_bound(obj: GameObject) -> bool:
    """A cheap pre-filter for _bound: False when the object surely has neither keyword."""
    face = obj.face
    if face.abilities is None:
        compiled.object_abilities(obj)
    if obj.mods or obj.static_mods:
        return True
    kws = face.keywords
    return "daybound" in kws or "nightbound" in kws


def become(game: Game, to: str) -> None:
    """Make it ``to`` ("day"/"night"); logs became_* from neither, *_became_* on a change."""
    before = game.day_night
    if before == to:
        return

    if statics.restricted(game, f"cant_become_{to}"):
        game.note(f"it can't become {to} (an effect says so); it stays {before}")
        return
    game.day_night = to
    if before == "neither":
        game.log("became_day" if to == "day" else "became_night")
    else:
        # the "whenever day becomes night or night becomes day" triggers see this event (731.1a)
        name = "night_became_day" if to == "day" else "day_became_night"
        game.log(name)
        _transform_bound(game, to)  # 702.145b/e: "as it becomes ..." (immediately, no stack)
        return
    _transform_bound(game, to)


def _transform_bound(game: Game, to: str) -> None:
    for obj in list(game.battlefield):
        if obj.phased_out:
            continue
        if to == "night" and not obj.transformed and _bound(obj, "daybound"):
            transform(game, obj, cause="daybound")
        elif to == "day" and obj.transformed and _bound(obj, "nightbound"):
            transform(game, obj, cause="nightbound")


def transform(game: Game, obj: GameObject, cause: str = "effect") -> bool:
    """701.27 / 712: turn a transforming double-faced permanent over.

    702.145b/e: a permanent with daybound or nightbound can't transform except by those
    abilities.
    """
    card = obj.card
    if obj.zone != "battlefield" or card is None or card.back is None:
        return False
    if obj.copy_values is not None and obj.copy_values.name != card.front.name:
        return False  # 712.9-ish: a non-DFC copy can't transform
    if cause not in ("daybound", "nightbound") and (
            _bound(obj, "daybound") or _bound(obj, "nightbound")):
        game.note(f"{obj.name} can't transform except by daybound/nightbound (702.145b)")
        return False
    if statics.restricted(game, "cant_transform", obj):
        # 101.2: "can't transform" beats the daybound/nightbound "transforms" of 702.145b-f
        # as well as any other effect's "transform"
        game.note(f"{obj.name} can't transform (101.2)")
        return False
    obj.transformed = not obj.transformed
    game.log("transformed", obj=obj, to=obj.name)
    _as_transforms(game, obj)
    return True


def _as_transforms(game: Game, obj: GameObject) -> None:
    """"As this transforms into X, ..." (614.1c-style: applied as the new face comes up)."""
    for abl in compiled.object_abilities(obj):
        if isinstance(abl, ab.EntersReplacement) and abl.kind == "as_transforms":
            effects.run(game, effects.Ctx(game, obj, obj.controller), abl.effects)


def untap_step_check(game: Game) -> None:
    """502.2 / 731.2: the check counts only spells cast by the previous turn's active player."""
    if game.prev_active is None or game.day_night == "neither":
        return
    spells = game.prev_active_spells
    if game.day_night == "day" and spells == 0:
        become(game, "night")
    elif game.day_night == "night" and spells >= 2:
        become(game, "day")


def bound_checks(game: Game) -> bool:
    """702.145c/d/f/g: "any time" checks for daybound/nightbound permanents.

    Skipped when nothing that matters changed since a check that found nothing to do: no
    object entered or moved (the game's timestamp), the designation is the same, and no
    permanent has continuous modifications (which could grant daybound).
    """
    key = (game.timestamp, game.day_night, len(game.battlefield))
    if key == game.bound_key:
        return False
    # one cheap pass: is any permanent possibly daybound/nightbound, is any modified?
    maybe = modified = False
    for o in game.battlefield:
        if o.mods or o.static_mods:
            modified = maybe = True  # modifications could grant daybound/nightbound
            break
        face = o.face
        bound = face.bound_keywords  # cached per face once its keywords are compiled
        if bound < 0:
            if face.abilities is None:
                compiled.object_abilities(o)
                face = o.face
            kws = face.keywords
            bound = face.bound_keywords = int("daybound" in kws or "nightbound" in kws)
        if bound and not o.phased_out:
            maybe = True
    if not maybe:  # nothing on the battlefield can make these checks act
        game.bound_key = key
        return False
    acted = False
    if game.day_night == "neither":
        perms = [o for o in game.permanents() if _maybe_bound(o)]
        if any(_bound(o, "daybound") for o in perms):
            become(game, "day")  # 702.145d
            acted = True
        elif any(_bound(o, "nightbound") for o in perms):
            become(game, "night")  # 702.145g
            acted = True
    else:
        for obj in game.permanents():
            if not _maybe_bound(obj):
                continue
            if game.day_night == "night" and not obj.transformed and _bound(obj, "daybound") \
                    and obj.card is not None and obj.card.back is not None:
                acted = transform(game, obj, cause="daybound") or acted  # 702.145c
            elif game.day_night == "day" and obj.transformed and _bound(obj, "nightbound"):
                acted = transform(game, obj, cause="nightbound") or acted  # 702.145f
    if not acted:
        for o in game.battlefield:
            if o.mods or o.static_mods:
                modified = True
                break
    if not acted and not modified:
        game.bound_key = (game.timestamp, game.day_night, len(game.battlefield))
    return acted


# -- effect handlers this mechanic owns (registered in rules_engine.registry) ----------
def h_stop_day_night(ctx: Ctx, eff: Any) -> None:
    """An effect that says it stops being day or night (outside 731.1's usual course)."""
    before = ctx.game.day_night
    ctx.game.day_night = "neither"
    ctx.game.log("day_night_stopped", was=before)


def h_transform(ctx: Ctx, eff: ab.Transform) -> None:
    for obj in _objects(ctx, eff.subject):
        transform(ctx.game, obj, cause="effect")


def h_day_night(ctx: Ctx, eff: ab.SetDayNight) -> None:
    become(ctx.game, eff.to)


def h_toggle(ctx: Ctx, eff: Any) -> None:
    become(ctx.game, "day" if ctx.game.day_night == "night" else "night")


registry.register_effects({
    ab.Transform: h_transform,
    ab.SetDayNight: h_day_night,
    ab.ToggleDayNight: h_toggle,
    ab.StopDayNight: h_stop_day_night,
})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
@registry.turn_based("untap", "502.2")
def _untap_step(game: Game, active: Any) -> None:
    untap_step_check(game)


@registry.state_based(order=3)
def _bound_sba(game: Game) -> bool:
    return bound_checks(game)  # 702.145c/d/f/g (not SBAs, but checked "any time")


registry.provide(day_night_bound_checks=bound_checks)
