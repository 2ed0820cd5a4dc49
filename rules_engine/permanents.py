"""A permanent entering the battlefield (110.2, 305, 608.3, 614.1c-d, 614.12).

Replacement effects that modify how a permanent enters apply first: "enters tapped",
"enters prepared" (722.3a), "as ... enters" effects such as making it day (731), a daybound
permanent entering transformed at night (702.145b). Then the permanent is on the battlefield
and its "enters" event is logged (603.6a).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, phyrexian, registry, statics_more, targeting
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.objects import ABILITY_CHANGES, LORE, GameObject, Player
from rules_engine.registry import hooks


def enter_battlefield(game: Game, obj: GameObject, controller: Player, *, new: bool = False,
                      from_stack: bool = False, tapped: bool = False,
                      counters: tuple[tuple[str, int], ...] = (),
                      transformed: bool = False) -> GameObject:
    """Put ``obj`` onto the battlefield; ``transformed``: back face up (712.14a)."""
    enters_prepared = False
    # 702.145b: daybound - "If it is night and this permanent is represented by a DFC,
    # it enters transformed"
    # (a face-down permanent has no daybound, 708.2: it enters face down, not transformed)
    transformed = obj.card is not None and obj.card.back is not None and \
        obj.copy_values is None and obj.face_down is None and (
            transformed or (game.day_night == "night" and
                            "daybound" in obj.card.front.keywords))
    # 702.146b / 712.11a: a double-faced spell cast transformed (disturb) was on the stack
    # with its back face up and enters the battlefield that way
    transformed = transformed or (from_stack and obj.transformed and obj.card is not None
                                  and obj.card.back is not None)
    if transformed:
        obj.transformed = True
    # (a face-down Room card is a plain 2/2 creature, 708.2: no doors)
    room = hooks.rooms_is_room(obj.card) and obj.copy_values is None and obj.face_down is None
    cast_half = hooks.rooms_half_index(obj.card, obj.face) if room and from_stack else None
    face_abilities = compiled.object_abilities_of_face(obj)
    as_enters: list[Any] = []
    for abl in face_abilities:
        if isinstance(abl, ab.EntersReplacement):
            if abl.kind == "tapped":
                # 614.1c: "enters tapped unless you control a Mountain or a Forest", "... if
                # it's not your turn": only when its condition holds as it would enter
                if abl.condition is None or conditions.holds(game, abl.condition, controller,
                                                             obj):
                    tapped = True
            elif abl.kind == "prepared":
                enters_prepared = True
            elif abl.kind == "under_opponent":
                # 614.1d / 616.1b: "~ enters under the control of an opponent of your choice"
                others = [p for p in game.living if p is not controller]
                if others:
                    controller = game.decider.choose(
                        controller.name, f"opponent {obj.name} enters under the control of",
                        others)
            else:
                as_enters.append(abl)
    if new:
        obj.zone = "battlefield"
        obj.controller = controller
        obj.tapped = tapped or obj.tapped
        game.battlefield.append(obj)
    else:
        game.move(obj, "battlefield", controller=controller, tapped=tapped)
    if transformed:
        obj.transformed = True
    if not obj.tapped and statics_more.enters_tapped(game, obj):
        obj.tapped = True  # 614.1c: "Creatures your opponents control enter tapped"
    if room:  # 709.5d: it enters with the cast half unlocked (its door face from now on)
        obj.doors = 0 if cast_half is None else 1 << cast_half
        obj.face = hooks.rooms_door_face(obj.card, obj.doors)
        ABILITY_CHANGES[0] += 1  # (the trigger index may have seen its card's face)
    counters = tuple(counters) + _extra_counters(game, obj)
    lore = hooks.saga_entry_lore(game, obj, controller)  # 714.3a-b
    if lore:
        counters += ((LORE, lore),)
    # 122.6, 614.1a: counters it enters with are put on it (replacements apply)
    counters = tuple((kind, game.counters_to_put(obj, kind, n, by=obj.controller))
                     for kind, n in counters)
    for kind, n in counters:
        obj.counters[kind] = obj.counters.get(kind, 0) + n
    if obj.has_type("Planeswalker"):
        loyalty = obj.face.loyalty
        if loyalty is None and obj.card is not None:
            loyalty = obj.card.front.loyalty  # a back face without its own number (data gap)
        if loyalty is not None:
            if from_stack:  # 702.150a compleated: two fewer for each symbol paid with life
                loyalty = phyrexian.compleated_loyalty(obj, loyalty)
            loyalty = game.counters_to_put(obj, "loyalty", loyalty, by=obj.controller)
            obj.counters["loyalty"] = obj.counters.get("loyalty", 0) + loyalty  # 306.5b
            counters += (("loyalty", loyalty),)
    if from_stack and obj.choices_made.get("prototyped"):
        hooks.prototype_entering(game, obj)  # 718.3b: the permanent is prototyped too
    if from_stack and obj.choices_made.get("bestowed"):
        hooks.bestow_entering(game, obj)  # 702.103b: it enters as a bestowed Aura
    if from_stack and "Aura" in obj.subtypes and obj.targets:
        obj.attached_to = obj.targets[0]  # 303.4f: it enters attached to its target
        game.log("attached", obj=obj, to=obj.attached_to)
    # 614.12: the replacements of its entering apply together, one context for all of them
    # ("As ~ enters, you may reveal ... ~ enters with a counter for each card revealed this way")
    enter_ctx: Ctx | None = None
    for abl in as_enters:
        if abl.kind in ("as_transforms", "as_turned_face_up"):
            continue  # (applied as it transforms, 712; as it is turned face up, 708.11)
        if abl.condition is None or _cond(game, abl, controller, obj):
            if enter_ctx is None:
                enter_ctx = Ctx(game, obj, controller)
                # 107.3m: "enters with X counters": the X paid for the spell it was (0 else)
                enter_ctx.x = int(getattr(obj, "x", 0) or 0) if from_stack else 0
            hooks.run(game, enter_ctx, abl.effects)
    if enters_prepared:
        hooks.prepare_become_prepared(game, obj)
    hooks.day_night_bound_checks(game)
    game.log("entered", obj=obj, player=controller)
    if room and cast_half is not None:  # 709.5h: "When you unlock this door" as it enters
        hooks.rooms_set_doors(game, obj, obj.doors, controller, (cast_half,))
    # 122.6 / 122.6a: counters it entered with were put on it, by its controller ("Whenever one
    # or more +1/+1 counters are put on ~", Saga chapter abilities 714.3a)
    # ("enters with" effects of its own abilities log theirs as they run, above)
    for kind, n in counters:
        if n > 0 and obj.zone == "battlefield":
            game.log("counters_put", obj=obj, counter=kind, amount=n, player=controller)
    return obj


def _extra_counters(game: Game, obj: GameObject) -> tuple[tuple[str, int], ...]:
    """614.1c: "enters with an additional counter" effects, from resolved abilities (with a
    duration) and from static abilities of permanents already on the battlefield."""
    found: list[tuple[str, int]] = []
    sources: list[tuple[Player, Any, tuple[Any, ...], Any, Any]] = [
        (ctrl, subject, effects, None, None)
        for ctrl, subject, effects, _until in game.enter_effects]
    for src in game.battlefield:
        if src is obj or src.phased_out:
            continue
        for abl in compiled.object_abilities(src):
            if isinstance(abl, ab.StaticAbility) and (abl.condition is None or _cond(
                    game, abl, src.controller, src)):
                for eff in abl.effects:
                    # "... enters with an additional +1/+1 counter on it for each Angel you
                    # already control": a Repeat around the replacement (its count, 614.1c)
                    count = None
                    if isinstance(eff, ab.Repeat) and len(eff.effects) == 1:
                        count, eff = eff.count, eff.effects[0]
                    if isinstance(eff, ab.ReplacementEffect) and eff.event in ("enters", "enter"):
                        sources.append((src.controller, eff.subject, tuple(eff.instead), count,
                                        src))
    for ctrl, subject, effects, count, src in sources:
        flt = getattr(subject, "filter", None)
        if flt is None or not targeting.matches(game, obj, flt, ctrl, None, zone_check=False):
            continue
        times = 1 if count is None else _entering_count(game, obj, count, ctrl, src)
        for eff in effects:
            if isinstance(eff, ab.PutCounters):
                value = eff.amount.value if eff.amount is not None else 1
                found.append((eff.counter, times * int(value or 0)))
    return tuple(found)


def _entering_count(game: Game, obj: GameObject, count: Any, controller: Player,
                    src: Any) -> int:
    """The count of a "for each" as ``obj`` enters; "you already control" leaves the entering
    permanent out (it is not there yet as the replacement applies, 614.12)."""
    text = count.text or ""
    removed = " already " in f" {text} " and obj in game.battlefield
    if removed:
        game.battlefield.remove(obj)
    try:
        value = hooks.described_amount(game, text, controller, src)
    finally:
        if removed:
            game.battlefield.append(obj)
    return max(value or 0, 0)


def _cond(game: Game, abl: Any, controller: Player, obj: GameObject) -> bool:
    return conditions.holds(game, abl.condition, controller, obj)


registry.provide(enter_battlefield=enter_battlefield)  # Game.create_token asks (111.2)
