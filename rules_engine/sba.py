"""State-based actions (704): checked whenever a player would receive priority (704.3).

All applicable actions are performed simultaneously, then the check repeats until none apply.
"""

from __future__ import annotations

from rules_engine import compiled, statics
from rules_engine.game import Game
from rules_engine.mechanics import day_night, initiative, leave_game, prepare
from rules_engine.objects import GameObject


def check_all(game: Game) -> None:
    """Repeat the state-based action check until nothing happens (704.3)."""
    for _ in range(100):
        if not check_once(game):
            return


def check_once(game: Game) -> bool:
    statics.apply(game)  # 613: continuous effects of static abilities, before the checks
    acted = False
    losers = []
    for p in game.living:
        if p.life <= 0:  # 704.5a
            losers.append((p, "704.5a: life total 0 or less"))
        elif p.drew_from_empty:  # 704.5b
            losers.append((p, "704.5b: drew a card from an empty library"))
        p.drew_from_empty = False
    for p, why in losers:
        leave_game.lose(game, p, why)
        acted = True
    dying: list[GameObject] = []
    seen: dict[tuple[int, str], list[GameObject]] = {}
    for obj in game.battlefield:  # one pass over the battlefield for 704.5f-j and 704.5q
        if obj.phased_out:
            continue
        face = obj.face
        if "Legendary" in face.supertypes:
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
        if "Creature" in face.types or (obj.mods and obj.is_creature):
            t = obj.toughness
            if t <= 0:  # 704.5f
                dying.append(obj)
                continue
            if (obj.damage >= t or obj.deathtouch_damage) and obj.damage > 0 and not \
                    compiled.has_keyword(obj, "indestructible"):  # 704.5g, 704.5h
                dying.append(obj)
                continue
        if "Planeswalker" in face.types and obj.loyalty <= 0:  # 704.5i
            dying.append(obj)
    for obj in game.battlefield:
        target = obj.attached_to
        if obj.phased_out:
            continue
        if "Aura" in obj.face.subtypes:
            # (an Aura set up by a scenario without `attached_to` is left alone)
            gone = target is not None and (getattr(target, "left", False) or (
                not hasattr(target, "left") and (target.zone != "battlefield"
                                                 or target.phased_out)))
            if gone and obj not in dying:  # 704.5m: an Aura attached to nothing legal
                dying.append(obj)
        elif target is not None and "Equipment" not in obj.face.subtypes:
            obj.attached_to = None  # 704.5p: a non-Aura, non-Equipment permanent is unattached
            acted = True
        elif target is not None and (getattr(target, "zone", "battlefield") != "battlefield"
                                     or not getattr(target, "is_creature", True)):
            obj.attached_to = None  # 704.5n: Equipment attached illegally becomes unattached
            acted = True
    for obj in dying:
        game.move(obj, "graveyard")
        acted = True
    # 704.5j legend rule
    for (idx, name), objs in seen.items():
        if len(objs) > 1:
            controller = game.players[idx]
            keep = game.decider.choose(controller.name, f"which {name} to keep (704.5j)", objs)
            for obj in objs:
                if obj is not keep:
                    game.move(obj, "graveyard")
            acted = True
    # 704.5d tokens outside the battlefield, 704.5e copies outside the stack/battlefield
    for p in game.players if game.copies_exist else ():
        for zone in ("hand", "graveyard", "exile", "library"):
            lst = getattr(p, zone)
            for obj in list(lst):
                if obj.token or obj.spell_copy or (obj.card_copy and not
                                                   prepare.is_kept_copy(obj)):
                    lst.remove(obj)
                    obj.zone = "gone"
                    acted = True
    if prepare.check(game):
        acted = True
    if initiative.dungeon_sba(game):  # 704.5t / 309.6
        acted = True
    if day_night.bound_checks(game):  # 702.145c/d/f/g (not SBAs, but "any time")
        acted = True
    return acted and not game.game_over
