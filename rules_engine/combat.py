"""Combat (506-511): declaring attackers and blockers, combat damage, leaving combat."""

from __future__ import annotations

from typing import Any

from rules_engine import compiled
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player


def attackers(game: Game) -> list[GameObject]:
    return [o for o in game.battlefield if o.attacking is not None and not o.phased_out]


def blockers(game: Game) -> list[GameObject]:
    return [o for o in game.battlefield if o.blocking and not o.phased_out]


def has_first_strike_step(game: Game) -> bool:
    """510.4: a first-strike step happens if an attacker or blocker has first/double strike."""
    return any(compiled.has_keyword(o, "first strike") or compiled.has_keyword(o, "double strike")
               for o in attackers(game) + blockers(game))


def can_attack(game: Game, obj: GameObject) -> None:
    """508.1a: untapped creatures the active player controls, without summoning sickness (302.6)."""
    if obj.zone != "battlefield" or obj.phased_out:
        raise IllegalActionError("508.1a", f"{obj.name} is not a permanent on the battlefield")
    if obj.controller is not game.active:
        raise IllegalActionError("508.1a", f"{obj.name} is not controlled by the active player")
    if not obj.is_creature:
        raise IllegalActionError("508.1a", f"{obj.name} is not a creature")
    if obj.tapped:
        raise IllegalActionError("508.1a", f"{obj.name} is tapped")
    if obj.sick and not compiled.has_keyword(obj, "haste"):
        raise IllegalActionError("302.6", f"{obj.name} has summoning sickness")
    if compiled.has_keyword(obj, "defender"):
        raise IllegalActionError("702.3b", f"{obj.name} has defender")
    from rules_engine import statics

    if statics.restricted(game, "cant_attack", obj):
        raise IllegalActionError("508.1c", f"{obj.name} can't attack (an effect says so)")


def can_block(game: Game, blocker: GameObject, attacker: GameObject) -> None:
    """509.1a-b: untapped creatures of the defending player; evasion restrictions."""
    if blocker.zone != "battlefield" or blocker.phased_out or not blocker.is_creature:
        raise IllegalActionError("509.1a", f"{blocker.name} is not a creature on the battlefield")
    if blocker.tapped:
        raise IllegalActionError("509.1a", f"{blocker.name} is tapped")
    if attacker.attacking is None:
        raise IllegalActionError("509.1a", f"{attacker.name} is not attacking")
    if compiled.has_keyword(attacker, "intimidate") and not blocker.has_type("Artifact") and \
            not set(attacker.colors) & set(blocker.colors):
        raise IllegalActionError("702.13b", f"{attacker.name} has intimidate; {blocker.name} "
                                            "is neither an artifact nor shares a color with it")
    if compiled.has_keyword(attacker, "fear") and not blocker.has_type("Artifact") and \
            "B" not in blocker.colors:
        raise IllegalActionError("702.36b", f"{attacker.name} has fear; {blocker.name} is "
                                            "neither an artifact nor black")
    if compiled.has_keyword(attacker, "shadow") != compiled.has_keyword(blocker, "shadow"):
        raise IllegalActionError("702.28b", "shadow creatures block and are blocked only by "
                                            "shadow creatures")
    from rules_engine import statics

    if statics.restricted(game, "cant_block", blocker):
        raise IllegalActionError("509.1b", f"{blocker.name} can't block (an effect says so)")
    if statics.restricted(game, "cant_be_blocked", attacker):
        raise IllegalActionError("509.1b", f"{attacker.name} can't be blocked")
    if compiled.has_keyword(attacker, "flying") and not (
            compiled.has_keyword(blocker, "flying") or compiled.has_keyword(blocker, "reach")):
        raise IllegalActionError("702.9b", f"{attacker.name} has flying; {blocker.name} can't "
                                           "block it")


def declare_attackers(game: Game, attacks: dict[GameObject, Any]) -> None:
    """508.1: the attackers become attacking and tap (702.20b vigilance); triggers (508.3a)."""
    for obj, defender in attacks.items():
        obj.attacking = defender
        if not compiled.has_keyword(obj, "vigilance"):
            obj.tapped = True
    for obj, defender in attacks.items():
        game.log("attacks", obj=obj, defender=defender)
    if attacks:
        game.log("attackers_declared", player=game.active, count=len(attacks))


def declare_blockers(game: Game, blocks: dict[GameObject, GameObject]) -> None:
    """509.1: blockers block; an attacker with menace needs two or more (702.111b)."""
    for blocker, attacker in blocks.items():
        blocker.blocking = [attacker]
        attacker.blockers.append(blocker)
        attacker.blocked = True
    for blocker, attacker in blocks.items():
        game.log("blocks", obj=blocker, attacker=attacker)


def _deals_damage_this_step(obj: GameObject, first_strike: bool, had_fs_step: bool) -> bool:
    fs = compiled.has_keyword(obj, "first strike")
    ds = compiled.has_keyword(obj, "double strike")
    if first_strike:
        return fs or ds
    if not had_fs_step:
        return True
    return ds or not fs  # 510.4


def combat_damage(game: Game, first_strike: bool) -> None:
    """510.1-510.2: all combat damage is dealt simultaneously; 510.4 first strike."""
    had_fs = first_strike or game.step_fs_happened
    if first_strike:
        game.step_fs_happened = True
    assignments: list[tuple[GameObject, Any, int]] = []
    for att in attackers(game):
        if not _deals_damage_this_step(att, first_strike, had_fs):
            continue
        power = att.power
        if power <= 0:
            continue
        if att.blocked:
            remaining = power
            live = [b for b in att.blockers if b.zone == "battlefield"]
            deathtouch = compiled.has_keyword(att, "deathtouch")
            for i, b in enumerate(live):
                lethal = max(0, b.toughness - b.damage)
                if deathtouch and lethal > 0:
                    lethal = 1  # 702.2c: any damage from a deathtouch source is lethal
                amount = remaining if i == len(live) - 1 and not compiled.has_keyword(
                    att, "trample") else min(remaining, lethal)
                if amount > 0:
                    assignments.append((att, b, amount))
                remaining -= amount
            if remaining > 0 and compiled.has_keyword(att, "trample"):
                assignments.append((att, att.attacking, remaining))  # 702.19b
        else:
            assignments.append((att, att.attacking, power))
    for blk in blockers(game):
        if not _deals_damage_this_step(blk, first_strike, had_fs):
            continue
        if blk.power > 0 and blk.blocking and blk.blocking[0].zone == "battlefield":
            assignments.append((blk, blk.blocking[0], blk.power))
    by_player: dict[int, list[GameObject]] = {}
    for source, recipient, amount in assignments:
        deal_damage(game, source, recipient, amount, combat=True)
        if isinstance(recipient, Player):
            by_player.setdefault(recipient.index, []).append(source)
    for idx, sources in by_player.items():
        game.log("combat_damage_to_player", player=game.players[idx], sources=sources)


def deal_damage(game: Game, source: Any, recipient: Any, amount: int, combat: bool = False) -> None:
    """120.3: damage to a player is life loss, to a creature marks damage, to a planeswalker
    removes loyalty counters; lifelink (702.15b) and deathtouch (702.2b) apply."""
    if amount <= 0:
        return
    src_obj = source if isinstance(source, GameObject) else None
    if isinstance(recipient, Player):
        if recipient.left:
            return
        game.lose_life(recipient, amount)
    elif isinstance(recipient, GameObject):
        if recipient.zone != "battlefield":
            return
        if recipient.has_type("Planeswalker") and not recipient.is_creature:
            recipient.counters["loyalty"] = max(0, recipient.loyalty - amount)
        else:
            recipient.damage += amount
            if src_obj is not None and compiled.has_keyword(src_obj, "deathtouch"):
                recipient.deathtouch_damage = True
    if src_obj is not None and compiled.has_keyword(src_obj, "lifelink"):
        game.gain_life(src_obj.controller, amount)
    game.log("damage_dealt", source=source, recipient=recipient, amount=amount, combat=combat)


def remove_all_from_combat(game: Game) -> None:
    """506.4 / 511.3: at end of combat every creature is removed from combat."""
    for obj in game.battlefield:
        obj.attacking = None
        obj.blocking = []
        obj.blockers = []
        obj.blocked = False
    game.step_fs_happened = False
