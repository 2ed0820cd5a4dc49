"""State-based actions (704): checked whenever a player would receive priority (704.3).

All applicable actions are performed simultaneously, then the check repeats until none apply.
"""

from __future__ import annotations

import os
import re

from rules_engine import compiled, registry, statics, targeting
from rules_engine.cards import Face
from rules_engine.game import Game
from rules_engine.objects import LORE, GameObject
from rules_engine.registry import hooks

# the mechanics' own checks (prepared copies, dungeons, day/night), registered as imported
_MECHANIC_CHECKS = registry.STATE_BASED

# MTGKIT_VERIFY_SBA=1: never skip; a check that acts after only quiet events fails loudly
# (the test suite runs the scenarios and simulated games this way).
VERIFY_SKIPS = os.environ.get("MTGKIT_VERIFY_SBA", "") not in ("", "0")


class SkippedCheckWouldAct(AssertionError):
    """A state-based action check that check_all would have skipped performed an action."""


def check_all(game: Game) -> None:
    """Repeat the state-based action check until nothing happens (704.3).

    704.3 asks for a check whenever a player would receive priority; most of those checks find
    nothing. When the last check found nothing, no event since then could change what the
    checks look at (game.py SBA_QUIET_EVENTS) and no static ability is on the battlefield, the
    check would find nothing again, so it is skipped.
    """
    if not game.sba_dirty and not game.statics_present and game.skip_quiet_sba_checks:
        if not VERIFY_SKIPS:
            return
        before = len(game.events)
        if check_once(game) or len(game.events) != before:
            raise SkippedCheckWouldAct(
                f"turn {game.turn} {game.step}: a skipped state-based action check acted; "
                f"last events {[e.name for e in game.events[-5:]]}")
    for _ in range(100):
        if not check_once(game):
            game.sba_dirty = False
            return


_OUTSIDE_ZONES = frozenset({"hand", "graveyard", "exile", "library"})
_LEGENDARY, _CREATURE, _AURA, _PLANESWALKER, _TOUGH = 1, 2, 4, 8, 16
_PLAIN_CREATURE = _CREATURE | _TOUGH  # a non-legendary creature with printed toughness > 0


def _flags(face: Face) -> int:
    """What the battlefield checks need to know about a face's printed types (cached on it)."""
    return ((_LEGENDARY if "Legendary" in face.supertypes else 0)
            | (_CREATURE if "Creature" in face.types else 0)
            | (_AURA if "Aura" in face.subtypes else 0)
            | (_PLANESWALKER if "Planeswalker" in face.types else 0)
            | (_TOUGH if "Creature" in face.types and (face.toughness or 0) > 0 else 0))


def _attachment(game: Game, obj: GameObject, face: Face, target: object,
                auras: list[GameObject]) -> bool:
    """704.5m/n/p for one permanent; True when it was unattached (an action happened)."""
    # (its subtypes now: an Aura made a Treasure artifact is no Aura, 205.1a, and 704.5p
    # unattaches it)
    subtypes = obj.subtypes if (obj.mods or obj.static_mods) else face.subtypes
    if "Aura" in subtypes:
        # (an Aura set up by a scenario without `attached_to` is left alone)
        gone = target is not None and (getattr(target, "left", False) or (
            not hasattr(target, "left") and (target.zone != "battlefield"
                                             or target.phased_out)))
        # 702.16c: a permanent with protection from the Aura can't be enchanted by it
        if gone or targeting.protected_from(game, target, obj) or (
                isinstance(target, GameObject) and (target.mods or target.static_mods) and
                not _enchant_allows(obj, target)):
            # 704.5m; 303.4d: its enchant ability no longer allows the object (e.g. an
            # "Enchant creature" Aura on a creature that became a Treasure artifact, 205.1a)
            if hooks.bestow_falls_off(game, obj):
                return True  # 702.103f: a bestowed Aura becomes unattached instead
            auras.append(obj)
        return False
    fortification = "Fortification" in subtypes  # 301.6: attached only to a land
    if target is not None and "Equipment" not in subtypes and not fortification:
        obj.attached_to = None  # 704.5p: a non-Aura, non-Equipment permanent is unattached
        return True
    if target is not None and (getattr(target, "zone", "battlefield") != "battlefield"
                               or not (_is_land(target) if fortification else
                                       getattr(target, "is_creature", True))
                               or targeting.protected_from(game, target, obj)):  # 702.16d
        # 704.5n: an Equipment or Fortification attached illegally becomes unattached
        obj.attached_to = None
        return True
    return False


def _is_land(target: object) -> bool:
    has_type = getattr(target, "has_type", None)
    return bool(has_type("Land")) if has_type is not None else True


_ENCHANTABLE = ("creature", "artifact", "land", "planeswalker", "enchantment", "battle")


def _enchant_allows(aura: GameObject, target: object) -> bool:
    """303.4a/d: whether the Aura's "Enchant <types>" ability allows ``target``, for the card-type
    lists ("creature", "artifact or creature", "creature, land, or planeswalker") and "nonland
    permanent"; other parameters (a player, "creature you control") count as allowed here."""
    if not isinstance(target, GameObject):
        return True
    enchant = compiled.keyword_ability(aura, "enchant")
    words = (enchant.parameter or "").lower() if enchant is not None else ""
    if words == "nonland permanent":
        return not target.is_land
    kinds = [w for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", words) if w]
    if not kinds or any(k not in _ENCHANTABLE for k in kinds):
        return True
    return any(target.has_type(k.capitalize()) for k in kinds)


def check_once(game: Game) -> bool:
    statics.apply(game)  # 613: continuous effects of static abilities, before the checks
    acted = False
    losers = []
    poison = game.__dict__.get("poison_counters")
    for p in game.living:
        if p.life <= 0 and not statics.player_restrictions(  # 704.5a
                game, "no_loss_at_zero_life", p):  # ("don't lose the game for having 0 ...")
            losers.append((p, "704.5a: life total 0 or less"))
        elif p.drew_from_empty:  # 704.5b
            losers.append((p, "704.5b: drew a card from an empty library"))
        elif poison and poison.get(p.name, 0) >= 10:  # 704.5c (122.1f)
            losers.append((p, "704.5c: ten or more poison counters"))
        p.drew_from_empty = False
    for p, why in losers:
        hooks.leave_game(game, p, why)
        acted = True
    dying: list[GameObject] = []
    auras: list[GameObject] = []
    seen: dict[tuple[int, str], list[GameObject]] | None = None
    finished: list[GameObject] = []  # Sagas past their final chapter (714.4, 704.5s)
    # One pass over the battlefield for 704.5f-j, 704.5m-n/p and 704.5q. Auras going to the
    # graveyard (704.5m) are put after the creatures that die, as separate passes used to.
    for obj in game.battlefield:
        face = obj.face
        flags = face.sba_flags
        if flags < 0:
            flags = face.sba_flags = _flags(face)
        if not obj.counters and obj.attached_to is None and not obj.mods:
            if not flags:
                continue  # e.g. a land: none of the checks below can apply to it
            if flags == _PLAIN_CREATURE and not obj.damage and not obj.static_mods:
                continue  # an undamaged, unmodified creature with its printed toughness > 0
        if obj.phased_out:
            continue
        if flags & _LEGENDARY:
            if seen is None:
                seen = {}
            seen.setdefault((obj.controller.index, face.name), []).append(obj)
        counters = obj.counters
        if counters:
            plus = counters.get("+1/+1", 0)
            minus = counters.get("-1/-1", 0)
            if plus and minus:  # 704.5q: +1/+1 and -1/-1 counters annihilate
                n = min(plus, minus)
                counters["+1/+1"] = plus - n
                counters["-1/-1"] = minus - n
                acted = True
            if counters.get(LORE) and hooks.saga_must_sacrifice(game, obj):
                finished.append(obj)
        target = obj.attached_to
        if target is not None or flags & _AURA:
            acted = _attachment(game, obj, face, target, auras) or acted
        if (flags & _CREATURE or obj.mods or obj.static_mods) and (
                not (obj.mods or obj.static_mods) or obj.is_creature):
            # (a permanent that stopped being a creature, 205.1a, has no toughness to check)
            if counters or obj.mods or obj.static_mods:
                t = obj.toughness
            else:
                t = face.toughness or 0  # no counters or modifications: the printed value
            if t <= 0:  # 704.5f
                dying.append(obj)
                continue
            damage = obj.damage
            # 704.5h: dealt damage by a deathtouch source, also as -1/-1 counters (wither,
            # infect: 702.80a, 702.90c), so the marked damage may be 0
            if ((damage > 0 and damage >= t) or obj.deathtouch_damage) and not \
                    compiled.has_keyword(obj, "indestructible"):  # 704.5g, 704.5h
                if hooks.regenerate(game, obj):  # 701.19a: destroyed -> regenerated instead
                    acted = True
                    continue
                dying.append(obj)
                continue
        if flags & _PLANESWALKER and obj.loyalty <= 0 and (
                not (obj.mods or obj.static_mods) or obj.has_type("Planeswalker")):  # 704.5i
            dying.append(obj)
    for obj in auras:
        if obj not in dying:
            dying.append(obj)
    for obj in dying:
        game.move(obj, "graveyard")
        acted = True
    if finished:
        hooks.saga_sacrifice(game, finished)  # 714.4 (after the others: all are simultaneous)
        acted = True
    # 704.5j legend rule
    for (idx, name), objs in (seen.items() if seen is not None else ()):
        if len(objs) > 1:
            # 'The "legend rule" doesn't apply to permanents you control' (a static ability)
            objs = [o for o in objs if not statics.restrictions_of(game, "legend_rule_exempt", o)]
        if len(objs) > 1:
            controller = game.players[idx]
            keep = game.decider.choose(controller.name, f"which {name} to keep (704.5j)", objs)
            for obj in objs:
                if obj is not keep:
                    game.move(obj, "graveyard")
            acted = True
    # 704.5d tokens outside the battlefield, 704.5e copies outside the stack/battlefield
    # (only tokens and copies can be affected: each player's registry of them is looked at)
    # (an object is listed in the zone its `zone` names: Game.move and Game.new_object keep
    # the two together, so only that list is looked at, and none for the battlefield, the
    # stack or an object that ceased to exist)
    for p in game.players if game.copies_exist else ():
        for obj in p.copies:
            zone = obj._zone
            if zone not in _OUTSIDE_ZONES:
                continue
            lst = getattr(p, zone)
            if obj in lst:
                if obj._token or obj._spell_copy or (obj._card_copy and not
                                                     hooks.prepare_is_kept_copy(obj)):
                    lst.remove(obj)
                    obj.zone = "gone"
                    acted = True
    # the mechanics' checks: 722.3c prepared copies (mechanics/prepare.py), 704.5t / 309.6
    # dungeons (mechanics/initiative.py), 702.145c/d/f/g day/night (mechanics/day_night.py)
    for mechanic_check in _MECHANIC_CHECKS:
        if mechanic_check(game):
            acted = True
    return acted and not game.game_over
