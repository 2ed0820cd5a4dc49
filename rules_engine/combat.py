"""Combat (506-511): declaring attackers and blockers, combat damage, leaving combat."""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, statics, statics_more, targeting
from rules_engine.conditions import note_life_lost
from rules_engine.decisions import match_option
from rules_engine.errors import IllegalActionError
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.registry import hooks


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
    if compiled.has_keyword(obj, "defender") and not statics.restricted(
            game, "attack_despite_defender", obj):
        # (702.3b; "can attack this turn as though it didn't have defender" lets it)
        raise IllegalActionError("702.3b", f"{obj.name} has defender")

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

    if statics.restricted(game, "cant_block", blocker):
        raise IllegalActionError("509.1b", f"{blocker.name} can't block (an effect says so)")
    if any(b is blocker and a is attacker for b, a in _duties(game, "cant")):
        raise IllegalActionError("509.1b", f"{blocker.name} can't block {attacker.name} this "
                                           "turn (an effect says so)")
    _block_only(game, blocker, attacker)
    if statics.restricted(game, "cant_be_blocked", attacker):
        raise IllegalActionError("509.1b", f"{attacker.name} can't be blocked")
    # 509.1b: "~ can't be blocked except by creatures with flying" (only those may block it)
    for src, eff in statics.restrictions_of(game, "blocked_only_by", attacker):
        if not targeting.matches(game, blocker, eff.filter, src.controller, src):
            raise IllegalActionError("509.1b", f"{attacker.name} can't be blocked except by "
                                               f"{eff.filter.text if eff.filter else 'some'}")
    # 509.1b: "Creatures with power less than ~'s power can't block it"
    if blocker.power < attacker.power and statics.restricted(
            game, "cant_be_blocked_by_lesser_power", attacker):
        raise IllegalActionError("509.1b", f"{blocker.name} has less power than "
                                           f"{attacker.name}: it can't block it")
    # 509.1b: "~ [enchanted creature, equipped creature] can't be blocked by black creatures"
    # (the filter is judged from the restriction's source's controller)
    for src, eff in statics.restrictions_of(game, "cant_be_blocked_by", attacker):
        if targeting.matches(game, blocker, eff.filter, src.controller, src):
            raise IllegalActionError("509.1b", f"{attacker.name} can't be blocked by "
                                               f"{blocker.name} ({eff.text})")
    if compiled.has_keyword(attacker, "flying") and not (
            compiled.has_keyword(blocker, "flying") or compiled.has_keyword(blocker, "reach")):
        raise IllegalActionError("702.9b", f"{attacker.name} has flying; {blocker.name} can't "
                                           "block it")
    face = attacker.face
    if attacker.mods or attacker.static_mods or face.statics or (
            face.keywords and not _EVASION.isdisjoint(face.keywords)):
        _evasion(game, blocker, attacker)


def _block_only(game: Game, blocker: GameObject, attacker: GameObject) -> None:
    """509.1b: "[This creature] can block only creatures with flying" restricts the blocker."""
    for src, restriction in statics.restrictions_of(game, "can_block_only", blocker):
        if restriction.filter is not None and not targeting.matches(
                game, attacker, restriction.filter, src.controller, src):
            raise IllegalActionError("509.1b", f"{blocker.name} {restriction.text}; "
                                               f"{attacker.name} isn't one")


def block_limit(game: Game, blocker: GameObject) -> int:
    """How many attacking creatures ``blocker`` may block (509.1a: one; each "can block an
    additional creature each combat" that applies to it adds one)."""
    return 1 + len(statics.restrictions_of(game, "block_additional", blocker))


def blocked_by(value: Any) -> list[GameObject]:
    """The attackers of one entry of a block declaration (an attacker, or a list of them for
    a creature that can block more than one, 509.1a)."""
    return list(value) if isinstance(value, list | tuple) else [value]


# keywords that _evasion looks at (a printed keyword outside this set can't matter there)
_EVASION = frozenset({"horsemanship", "skulk", "landwalk", "protection"})


def _evasion(game: Game, blocker: GameObject, attacker: GameObject) -> None:
    """Less common evasion keywords, looked at only for an attacker with some keyword."""
    if compiled.has_keyword(attacker, "horsemanship") and not compiled.has_keyword(
            blocker, "horsemanship"):
        raise IllegalActionError("702.31b", f"{attacker.name} has horsemanship; {blocker.name} "
                                            "can't block it")
    if compiled.has_keyword(attacker, "skulk") and blocker.power > attacker.power:
        raise IllegalActionError("702.118b", f"{attacker.name} has skulk; {blocker.name} has "
                                             "greater power")
    if compiled.has_keyword(attacker, "landwalk"):
        for land_type in landwalk_types(attacker):
            if any(_land_matches(o, land_type) for o in game.permanents(blocker.controller)):
                raise IllegalActionError("702.14c", f"{attacker.name} has {land_type}walk and "
                                                    "the defending player controls such a land")
    if targeting.protected_from(game, attacker, blocker):
        raise IllegalActionError("702.16f", f"{attacker.name} has protection from a quality "
                                            f"{blocker.name} has; it can't block it")


def landwalk_types(obj: GameObject) -> list[str]:
    """702.14a: the land types of an object's landwalk abilities ("swamp", "nonbasic land")."""
    found = [(a.parameter or "land").lower() for a in compiled.object_abilities(obj)
             if isinstance(a, ab.KeywordAbility) and a.name == "landwalk"]
    for m in obj.static_mods:
        found += [(a.parameter or "land").lower() for a in m.abilities
                  if isinstance(a, ab.KeywordAbility) and a.name == "landwalk"]
    return found


def _land_matches(obj: GameObject, land_type: str) -> bool:
    if not obj.is_land:
        return False
    words = land_type.replace("land", "").split()
    if not words:
        return True
    for word in words:
        if word == "nonbasic":
            if "Basic" in obj.face.supertypes:
                return False
        elif word in ("legendary", "snow", "basic"):
            if word.capitalize() not in obj.face.supertypes:
                return False
        elif word.capitalize() not in obj.face.subtypes:
            return False
    return True


def attack_requirements(game: Game, attacks: dict[GameObject, Any]) -> None:
    """508.1d: the attack declared must obey as many requirements as possible without
    breaking a restriction. A creature that "attacks each combat if able" (a static
    restriction of kind attacks_each_combat) or is goaded (701.15b) and could attack but was
    not declared makes the declaration illegal. Raises IllegalActionError (508.1d); and
    (508.1c) a lone attacker that "can't attack alone" (statics_more)."""
    alone = statics_more.attack_alone_violation(game, attacks)
    if alone:
        raise IllegalActionError("508.1c", alone)
    refused = statics_more.attack_target_violation(game, attacks)
    if refused:
        raise IllegalActionError("508.1c", refused)
    for obj in game.battlefield:
        if obj in attacks or obj.controller is not game.active or not obj.is_creature:
            continue
        # (a static "is goaded" of an Aura: 701.15b while it applies)
        must = bool(obj.goaded) or statics.restricted(game, "attacks_each_combat", obj) or \
            statics.restricted(game, "goaded", obj)
        if not must:
            continue
        try:
            can_attack(game, obj)
        except IllegalActionError:
            continue  # "if able": it can't, so the requirement asks nothing
        raise IllegalActionError("508.1d", f"{obj.name} attacks each combat if able; the "
                                           "declaration must include it")


_ATTACKING_STEPS = frozenset({"declare_attackers", "declare_blockers", "first_strike_damage",
                              "combat_damage", "end_of_combat"})


def enter_attacking(game: Game, obj: GameObject, controller: Player) -> None:
    """508.4: a creature put onto the battlefield attacking: its controller chooses which
    defending player (or a planeswalker or battle of one) it attacks; it was never declared
    as an attacker (no "whenever ~ attacks"), and is unblocked from the declare blockers step
    on (506.3d). It isn't attacking at all if it's not a creature (506.3a), if its controller
    isn't the attacking player (506.3b), or outside combat after attackers were declared."""
    if obj.zone != "battlefield" or not obj.is_creature or controller is not game.active \
            or game.step not in _ATTACKING_STEPS:
        return
    attacked = [a.attacking for a in attackers(game) if a is not obj]
    players = [p for p in game.opponents(controller)]
    players.sort(key=lambda p: p not in attacked)  # a player already attacked first
    options: list[Any] = list(players)
    options += [o for o in game.battlefield if o.controller in players and not o.phased_out
                and (o.has_type("Planeswalker") or o.has_type("Battle"))]
    if not options:
        return
    choice = options[0] if len(options) == 1 else game.decider.choose(
        controller.name, f"what {obj.name} attacks", options)
    obj.attacking = choice
    game.log("put_onto_battlefield_attacking", obj=obj, defender=choice)


def declare_attackers(game: Game, attacks: dict[GameObject, Any]) -> None:
    """508.1: the attackers become attacking and tap (702.20b vigilance); triggers (508.3a)."""
    hooks.declare_bands(game, attacks)  # 702.22c: attacking bands, declared with the attackers
    tapped = set()
    for obj, defender in attacks.items():
        obj.attacking = defender
        if not compiled.has_keyword(obj, "vigilance"):
            obj.tapped = True
            tapped.add(id(obj))
    if attacks:
        hooks.attack_costs(game, attacks)  # 508.1g: optional costs to attack (702.154 enlist)
    for obj, defender in attacks.items():
        game.log("attacks", obj=obj, defender=defender, tapped=id(obj) in tapped)
    if attacks:
        # the players/planeswalkers/battles attacked, for "whenever you attack <a player>" (508.3)
        game.log("attackers_declared", player=game.active, count=len(attacks),
                 defenders=tuple(dict.fromkeys(attacks.values())), attackers=tuple(attacks))
        for defender in dict.fromkeys(attacks.values()):
            if isinstance(defender, Player):  # 508.3b, 508.3e: "Whenever you attack a player"
                game.log("player_attacked", player=defender, by=game.active, attackers=tuple(
                    o for o, d in attacks.items() if d is defender))


_DUTIES = "block_duties"  # game.__dict__: [(kind, blocker, its stamp, attacker, its stamp, turn)]


def add_block_duty(game: Game, kind: str, blocker: GameObject, attacker: GameObject) -> None:
    """"Target creature blocks ~ this turn if able" (509.1c, kind "must") / "Target creature
    can't block ~ this turn" (509.1b, kind "cant"): a requirement or restriction about one pair
    of creatures, for this turn (both as the objects they are now, 400.7)."""
    game.__dict__.setdefault(_DUTIES, []).append(
        (kind, blocker, blocker.timestamp, attacker, attacker.timestamp, game.turn))


def _duties(game: Game, kind: str) -> list[tuple[GameObject, GameObject]]:
    """This turn's (blocker, attacker) pairs of ``kind`` whose objects are still the same."""
    entries = game.__dict__.get(_DUTIES)
    if not entries:
        return []
    live = [e for e in entries if e[5] == game.turn]
    game.__dict__[_DUTIES] = live
    return [(b, a) for k, b, bs, a, as_, _t in live
            if k == kind and b.timestamp == bs and a.timestamp == as_ and b.zone == "battlefield"
            and a.zone == "battlefield"]


def _paired(game: Game) -> list[tuple[GameObject, GameObject]]:
    """509.1c "blocks ~ this turn if able": the pairs whose attacker is attacking now."""
    return [(b, a) for b, a in _duties(game, "must") if a.attacking is not None]


def _requirements(game: Game) -> tuple[list[GameObject], list[GameObject], list[GameObject]]:
    """509.1c requirements on this declaration: attackers that "must be blocked if able",
    attackers that "all creatures able to block ... do so", and creatures of the defending
    players that "block this turn if able"."""
    if game.statics_none_at == statics.ABILITY_CHANGES[0]:
        return [], [], []  # no static ability (and so no granted requirement) anywhere
    atts = attackers(game)
    needy = [a for a in atts if statics.restrictions_of(game, "must_be_blocked", a)]
    lured = [a for a in atts if statics.restrictions_of(game, "must_be_blocked_by_all_able", a)]
    eager = [o for o in game.battlefield if o.controller is not game.active and o.is_creature
             and not o.phased_out and not o.tapped
             and statics.restrictions_of(game, "blocks_if_able", o)]
    return needy, lured, eager


def _could_block(game: Game, blocker: GameObject, attacker: GameObject) -> bool:
    if blocker.controller is game.active:
        return False
    defender = attacker.attacking
    player = defender if isinstance(defender, Player) else getattr(defender, "controller", None)
    if blocker.controller is not player:
        return False
    try:
        can_block(game, blocker, attacker)
    except IllegalActionError:
        return False
    return True


def _free_blockers(game: Game, attacker: GameObject, used: set[int]) -> list[GameObject]:
    """Creatures that could block ``attacker`` and are not in ``used``."""
    return [o for o in game.battlefield if id(o) not in used and o.is_creature
            and _could_block(game, o, attacker)]


def _blocked_by_too_many(game: Game, blocks: dict[GameObject, Any]) -> str | None:
    """509.1b: "can't be blocked by more than one creature" restricts the declaration, and so
    does "can't be blocked except by three or more creatures" (at least N, or none)."""
    counts: dict[int, int] = {}
    for value in blocks.values():
        for att in blocked_by(value):
            counts[id(att)] = counts.get(id(att), 0) + 1
            if counts[id(att)] > 1 and statics.restricted(
                    game, "cant_be_blocked_by_more_than_one", att):
                return f"509.1b: {att.name} can't be blocked by more than one creature"
    for value in blocks.values():
        for att in blocked_by(value):
            for _src, eff in statics.restrictions_of(game, "cant_be_blocked_except_by_n", att):
                need = next((int(q[6:]) for q in (eff.filter.qualifiers if eff.filter else ())
                             if q.startswith("count:") and q[6:].isdigit()), 2)
                if counts[id(att)] < need:
                    return (f"509.1b: {att.name} can't be blocked except by {need} or more "
                            "creatures")
    return None


def block_requirement_violation(game: Game, blocks: dict[GameObject, Any]) -> str | None:
    """509.1c: the declaration must obey as many requirements as possible without breaking a
    restriction. A requirement left unobeyed breaks the rule when some creature could obey it
    instead: one blocking nothing, or blocking without obeying any requirement (moving it
    obeys one more). The requirements: "[this creature] must be blocked if able", "all
    creatures able to block [it] do so", "[it] blocks this turn if able"."""
    crowded = _blocked_by_too_many(game, blocks) or statics_more.block_alone_violation(
        game, blocks)
    if crowded:
        return crowded
    for b, a in _paired(game):
        # "Target creature blocks ~ this turn if able": it blocks that attacker if it can
        if a not in blocked_by(blocks.get(b, [])) and _could_block(game, b, a):
            return f"{b.name} blocks {a.name} this turn if able"
    needy, lured, eager = _requirements(game)
    if not (needy or lured or eager):
        return None
    wanted = {id(a) for a in needy + lured}
    eager_ids = {id(o) for o in eager}
    obeying = {id(b) for b, v in blocks.items()
               if id(b) in eager_ids or any(id(a) in wanted for a in blocked_by(v))}
    blocked = {id(a) for v in blocks.values() for a in blocked_by(v)}
    for att in needy:
        if id(att) not in blocked and _free_blockers(game, att, obeying):
            return f"{att.name} must be blocked if able"
    for att in lured:
        for o in _free_blockers(game, att, obeying):
            if att not in blocked_by(blocks.get(o, [])):
                return f"{o.name} is able to block {att.name} and must do so"
    for o in eager:
        if o not in blocks and any(_could_block(game, o, a) for a in attackers(game)):
            return f"{o.name} blocks this turn if able"
    return None


def _obey_requirements(game: Game) -> dict[GameObject, Any]:
    """The first declaration obeying the 509.1c requirements, for a defending player who gave
    none: each creature that must block blocks (an attacker that wants blockers first), every
    creature able to block a "lure" attacker blocks it, and a "must be blocked" attacker gets
    one free creature."""
    needy, lured, eager = _requirements(game)
    blocks: dict[GameObject, Any] = {}
    for b, a in _paired(game):
        if b not in blocks and _could_block(game, b, a):
            blocks[b] = a
    for att in lured:
        for o in _free_blockers(game, att, {id(b) for b in blocks}):
            blocks[o] = att
    for att in needy:
        if att not in blocks.values():
            free = _free_blockers(game, att, {id(b) for b in blocks})
            if free:
                blocks[free[0]] = att
    for o in eager:
        if o not in blocks:
            options = [a for a in needy + lured + attackers(game) if _could_block(game, o, a)]
            if options:
                blocks[o] = options[0]
    for blocker, att in blocks.items():
        game.note(f"{blocker.name} blocks {att.name} as a requirement says (509.1c)")
    return blocks


def declare_blockers(game: Game, blocks: dict[GameObject, Any]) -> None:
    """509.1: blockers block; an attacker with menace needs two or more (702.111b). A blocker
    maps to its attacker, or to a list of attackers when it can block more (509.1a)."""
    if not blocks and (game.statics_present or _paired(game)):
        # nothing declared (no decision given): the first legal declaration obeys 509.1c
        blocks = _obey_requirements(game)
    for blocker, value in blocks.items():
        blocker.blocking = blocked_by(value)
        for attacker in blocker.blocking:
            attacker.blockers.append(blocker)
            attacker.blocked = True
    hooks.band_blocks(game)  # 702.22h: blocking one member of a band blocks the whole band
    for blocker in blocks:
        # one event per blocker (509.3a: "whenever ~ blocks" triggers once); ``attackers``
        # lists every creature it blocks, for "becomes blocked" (509.3c)
        game.log("blocks", obj=blocker, attacker=blocker.blocking[0],
                 attackers=tuple(blocker.blocking))
    for attacker in attackers(game):
        if attacker.blocked:  # 509.3c: "Whenever a creature you control becomes blocked"
            game.log("became_blocked", obj=attacker, blockers=tuple(attacker.blockers))
        else:  # 509.3g: "attacks and isn't blocked" (one put onto the battlefield attacking too)
            game.log("attacker_unblocked", obj=attacker, defender=attacker.attacking)


def _deals_damage_this_step(obj: GameObject, first_strike: bool, had_fs_step: bool) -> bool:
    fs = compiled.has_keyword(obj, "first strike")
    ds = compiled.has_keyword(obj, "double strike")
    if first_strike:
        return fs or ds
    if not had_fs_step:
        return True
    return ds or not fs  # 510.4


def assigned_power(game: Game, obj: GameObject) -> int:
    """510.1a: a creature assigns combat damage equal to its power; "Each creature you control
    assigns combat damage equal to its toughness rather than its power" (a static ability,
    510.1c-d apply to that amount) makes it its toughness."""
    if statics.restrictions_of(game, "assigns_damage_by_toughness", obj):
        return obj.toughness
    return obj.power


def _as_though_unblocked(game: Game, att: GameObject) -> bool:
    """510.1c: "You may have ~ assign its combat damage as though it weren't blocked": its
    controller decides as damage is assigned (all of it then goes to the player or planeswalker
    it attacks)."""
    if not statics.restrictions_of(game, "may_assign_as_unblocked", att):
        return False
    return game.decider.may(att.controller.name, f"{att.name}: assign its combat damage as "
                                                 "though it weren't blocked")


def _tramples(att: GameObject) -> bool:
    """702.19a-c: trample, or its variant trample over planeswalkers."""
    return compiled.has_keyword(att, "trample") or \
        compiled.has_keyword(att, "trample over planeswalkers")


def _over_planeswalker(att: GameObject, n: int) -> list[tuple[GameObject, Any, int]]:
    """Damage ``n`` to what ``att`` attacks; 702.19c: with trample over planeswalkers, a
    planeswalker it attacks gets damage equal to its loyalty and the rest may go to that
    planeswalker's controller (the rest is assigned there here)."""
    target = att.attacking
    if isinstance(target, GameObject) and target.has_type("Planeswalker") and \
            compiled.has_keyword(att, "trample over planeswalkers"):
        first = min(n, max(0, target.loyalty))
        out = [(att, target, first)] if first > 0 else []
        if n > first:
            out.append((att, target.controller, n - first))
        return out
    return [(att, target, n)]


def combat_damage(game: Game, first_strike: bool) -> None:
    """510.1-510.2: all combat damage is dealt simultaneously; 510.4 first strike."""
    had_fs = first_strike or game.step_fs_happened
    if first_strike:
        game.step_fs_happened = True
    assignments: list[tuple[GameObject, Any, int]] = []
    for att in attackers(game):
        if not _deals_damage_this_step(att, first_strike, had_fs):
            continue
        power = assigned_power(game, att)
        if power <= 0:
            continue
        if att.blocked and not _as_though_unblocked(game, att):
            remaining = power
            live = [b for b in att.blockers if b.zone == "battlefield"]
            deathtouch = compiled.has_keyword(att, "deathtouch")
            banded = hooks.banding_division(game, att, live, power)  # 702.22j
            if banded is not None:
                assignments.extend((att, r, n) for r, n in banded if n > 0)
                continue
            if len(live) > 1:
                division = _chosen_division(game, att, live, power, deathtouch)
                if division is not None:
                    assignments.extend((att, r, n) for r, n in division if n > 0)
                    continue
                live = _chosen_order(game, att, live)
            trample = _tramples(att)
            for i, b in enumerate(live):
                lethal = _lethal(b, deathtouch)
                amount = remaining if i == len(live) - 1 and not trample else \
                    min(remaining, lethal)
                if amount > 0:
                    assignments.append((att, b, amount))
                remaining -= amount
            if remaining > 0 and trample:
                assignments.extend(_over_planeswalker(att, remaining))  # 702.19b-c
        else:
            assignments.extend(_over_planeswalker(att, power))
    for blk in blockers(game):
        if not _deals_damage_this_step(blk, first_strike, had_fs):
            continue
        if assigned_power(game, blk) > 0 and blk.blocking:
            assignments.extend(_blocker_assignment(game, blk))
    by_player: dict[int, list[GameObject]] = {}
    for source, recipient, amount in assignments:
        deal_damage(game, source, recipient, amount, combat=True)
        if isinstance(recipient, Player):
            by_player.setdefault(recipient.index, []).append(source)
    for idx, sources in by_player.items():
        game.log("combat_damage_to_player", player=game.players[idx], sources=sources)


def _blocker_assignment(game: Game, blk: GameObject) -> list[tuple[GameObject, Any, int]]:
    """510.1d: a blocking creature assigns all its damage to the one creature it blocks; among
    two or more, divided as its controller chooses: a scripted mapping {attacker: amount},
    else lethal damage to each in the order it blocked them and the rest to the last."""
    live = [a for a in blk.blocking if a.zone == "battlefield"]
    power = assigned_power(game, blk)
    banded = hooks.banding_division(game, blk, live, power)  # 702.22k
    if banded is not None:
        return [(blk, a, n) for a, n in banded if n > 0]
    if len(live) <= 1:
        return [(blk, a, power) for a in live]
    answer = _peek(game, blk.controller.name)
    if isinstance(answer, dict):
        division = [(match_option(blk.controller.name, f"combat damage of {blk.name}", k, live),
                     int(v)) for k, v in answer.items()]
        if sum(n for _, n in division) != power or any(n < 0 for _, n in division):
            raise IllegalActionError("510.1d", f"{blk.name}'s combat damage must be divided as "
                                               f"{power} in all among the creatures it blocks")
        game.decider.queues[blk.controller.name].popleft()
        return [(blk, a, n) for a, n in division if n > 0]
    found: list[tuple[GameObject, Any, int]] = []
    remaining = power
    deathtouch = compiled.has_keyword(blk, "deathtouch")
    for i, att in enumerate(live):
        amount = remaining if i == len(live) - 1 else min(remaining, _lethal(att, deathtouch))
        if amount > 0:
            found.append((blk, att, amount))
        remaining -= amount
    return found


def _lethal(blocker: GameObject, deathtouch: bool) -> int:
    """510.1c-d / 702.19c: lethal damage, counting damage already marked; with deathtouch any
    nonzero amount is lethal (702.2c)."""
    lethal = max(0, blocker.toughness - blocker.damage)
    return 1 if deathtouch and lethal > 0 else lethal


def _peek(game: Game, player: str) -> Any:
    queue = game.decider.queues.get(player)
    return queue[0] if queue else None


def _chosen_order(game: Game, att: GameObject, live: list[GameObject]) -> list[GameObject]:
    """510.1c: the attacking player divides the damage among two or more blockers. A scripted
    list naming those blockers gives the order in which each is assigned lethal damage (the
    last one gets the rest); unanswered, the order they blocked in."""
    answer = _peek(game, att.controller.name)
    if isinstance(answer, list) and len(answer) == len(live):
        try:
            order = [match_option(att.controller.name, "damage assignment order", a, live)
                     for a in answer]
        except Exception:  # noqa: BLE001 - the list answers a later decision
            return live
        if len({id(o) for o in order}) == len(live):
            game.decider.queues[att.controller.name].popleft()
            return order
    return live


def _chosen_division(game: Game, att: GameObject, live: list[GameObject], power: int,
                     deathtouch: bool) -> list[tuple[Any, int]] | None:
    """510.1c: a scripted mapping {blocker: amount, ...} (with trample, the attacked player or
    planeswalker may get the excess) divides the damage explicitly. 510.1e: the whole
    assignment must add up to the creature's power; with trample, each blocker must be
    assigned lethal damage before any goes to the player (702.19c)."""
    answer = _peek(game, att.controller.name)
    if not isinstance(answer, dict):
        return None

    name = att.controller.name
    trample = compiled.has_keyword(att, "trample")
    options: list[Any] = list(live) + ([att.attacking] if trample else [])
    division: list[tuple[Any, int]] = []
    for key, value in answer.items():
        try:
            who = match_option(name, f"combat damage of {att.name}", key, options)
        except Exception:  # noqa: BLE001 - the mapping answers something else
            return None
        division.append((who, int(value)))
    if sum(n for _, n in division) != power or any(n < 0 for _, n in division):
        raise IllegalActionError("510.1e", f"{att.name}'s combat damage must be divided as "
                                           f"{power} in all among its blockers")
    if trample:
        to_player = sum(n for w, n in division if w is att.attacking)
        given = {id(w): n for w, n in division}
        if to_player and any(given.get(id(b), 0) < _lethal(b, deathtouch) for b in live):
            raise IllegalActionError("702.19c", f"{att.name} must assign lethal damage to all "
                                                "its blockers before any to the player")
    game.decider.queues[name].popleft()
    return division


def _damage_plus(game: Game, src: GameObject, recipient: Any, combat: bool) -> int:
    """614.1a: "If a source you control would deal [noncombat] damage to an opponent [or a
    permanent an opponent controls], it deals that much damage plus N instead" - the extra
    damage of every such static ability of the source's controller (text/paragraphs
    ._damage_plus keeps its parts as filter qualifiers)."""
    extra = 0
    for _src, eff in statics.player_restrictions(game, "damage_plus", src.controller):
        quals = eff.filter.qualifiers if eff.filter is not None else ()
        if combat and "noncombat" in quals:
            continue
        to_player = isinstance(recipient, Player) and recipient is not src.controller
        to_perm = isinstance(recipient, GameObject) and recipient.controller is not src.controller
        if not (to_player or (to_perm and "to:opponent_or_permanent" in quals)):
            continue
        kinds = [q[4:] for q in quals if q.startswith("src:")]
        if kinds and not any(_COLOR_OF.get(k, "") in src.colors or src.has_type(k.capitalize())
                             for k in kinds):
            continue
        extra += sum(int(q[5:]) for q in quals if q.startswith("plus:"))
    return extra


_COLOR_OF = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def deal_damage(game: Game, source: Any, recipient: Any, amount: int, combat: bool = False) -> None:
    """120.3: damage to a player is life loss, to a creature marks damage, to a planeswalker
    removes loyalty counters; lifelink (702.15b) and deathtouch (702.2b) apply."""
    if amount <= 0:
        return
    src_obj = source if isinstance(source, GameObject) else None
    if src_obj is not None:
        amount += _damage_plus(game, src_obj, recipient, combat)  # 614.1a
    # 614.1a / 615: "it deals double that damage instead", "prevent 1 of that damage"
    data = hooks.replace_event(game, "damage", {"source": src_obj, "recipient": recipient,
                                                "amount": amount, "combat": combat})
    amount, recipient = data["amount"], data["recipient"]
    for other, k in data.get("also", ()):  # redirected part of it (614.1a)
        deal_damage(game, source, other, k, combat)
    amount = prevent(game, src_obj, recipient, amount, combat)  # 615, 702.16e
    if amount <= 0:
        return
    excess = 0
    if isinstance(recipient, Player):
        if recipient.left:
            return
        if src_obj is not None and compiled.has_keyword(src_obj, "infect"):
            _poison(game, recipient, amount)  # 702.90b: poison counters instead of life loss
        else:
            game.lose_life(recipient, amount)

            note_life_lost(game, recipient)  # 702.179d: speed
        if combat and src_obj is not None and compiled.has_keyword(src_obj, "toxic"):
            total = sum(int(a.parameter) for a in compiled.object_abilities(src_obj)
                        if getattr(a, "name", None) == "toxic" and (a.parameter or "").isdigit())
            if total:
                _poison(game, recipient, total)  # 702.164a-c: toxic N, cumulative
    elif isinstance(recipient, GameObject):
        if recipient.zone != "battlefield":
            return
        if recipient.has_type("Planeswalker") and not recipient.is_creature:
            recipient.counters["loyalty"] = max(0, recipient.loyalty - amount)
        elif src_obj is not None and (compiled.has_keyword(src_obj, "wither")
                                      or compiled.has_keyword(src_obj, "infect")):
            # 702.80a / 702.90c: damage to a creature as -1/-1 counters (120.3d)
            recipient.counters["-1/-1"] = recipient.counters.get("-1/-1", 0) + amount
            if compiled.has_keyword(src_obj, "deathtouch"):
                recipient.deathtouch_damage = True
        else:
            # 120.10: damage beyond lethal damage (its toughness less the damage already
            # marked, 120.6; 1 from a deathtouch source, 702.2c) is excess damage
            lethal = max(recipient.toughness - recipient.damage, 0)
            recipient.damage += amount
            if src_obj is not None and compiled.has_keyword(src_obj, "deathtouch"):
                recipient.deathtouch_damage = True
                lethal = min(lethal, 1)
            if recipient.is_creature and amount > lethal:
                excess = amount - lethal
    if src_obj is not None and compiled.has_keyword(src_obj, "lifelink"):
        game.gain_life(src_obj.controller, amount)
    if isinstance(recipient, Player):  # "that player" of "deals damage to a player" (608.2c)
        game.log("damage_dealt", source=source, recipient=recipient, amount=amount,
                 combat=combat, player=recipient)
    elif excess:
        game.log("damage_dealt", source=source, recipient=recipient, amount=amount, combat=combat,
                 excess=excess)
    else:
        game.log("damage_dealt", source=source, recipient=recipient, amount=amount, combat=combat)


def tap_creatures_cost(game: Game, player: Player, source: GameObject, part: Any,
                       given: list[Any] | None = None) -> list[GameObject]:
    """Crew / saddle costs (702.122a, 702.171a): tap any number of untapped creatures you
    control (other than the source for saddle) with total power N or more. Tapping them is not
    a {T} cost, so summoning sickness doesn't matter (702.122c). ``given`` names them (ids or
    names); otherwise the player's scripted answers, else the fewest strongest creatures.
    Returns the creatures tapped; refuses with 702.122a when the power is not there."""
    need = int(part.amount.value) if part.amount is not None and part.amount.value else 0
    other = getattr(part.what, "other", False)
    pool = [o for o in game.permanents(player) if o.is_creature and not o.tapped
            and (o is not source or not other) and not (o is source and not source.is_creature)]
    chosen: list[GameObject] = []
    answers = list(given or [])
    queue = game.decider.queues.get(player.name)
    if not answers and queue and isinstance(queue[0], list):
        answers = list(queue.popleft())
    power = {id(o): statics_more.tap_power(game, o, other) for o in pool}  # (609.4)
    if answers:
        for a in answers:
            pick = match_option(player.name, f"creature to tap for {part.text}", a,
                                [o for o in pool if o not in chosen])
            chosen.append(pick)
    else:
        for o in sorted(pool, key=lambda c: -power[id(c)]):
            if sum(power[id(c)] for c in chosen) >= need:
                break
            chosen.append(o)
    if sum(power[id(c)] for c in chosen) < need:
        raise IllegalActionError("702.122a", f"{player.name} can't tap untapped creatures with "
                                             f"total power {need} or more for {source.name}")
    for o in chosen:
        o.tapped = True
        game.log("tapped_for_cost", obj=o, source=source)
    return chosen


def _poison(game: Game, player: Player, amount: int) -> None:
    """122.1f: poison counters on a player (a player with ten or more loses, 704.5c)."""
    counts = game.__dict__.setdefault("poison_counters", {})
    counts[player.name] = counts.get(player.name, 0) + amount
    game.log("poison_counters_put", player=player, amount=amount)


def poison(game: Game, player: Player) -> int:
    return game.__dict__.get("poison_counters", {}).get(player.name, 0)


# -- prevention (615) ----------------------------------------------------------------------------
class Shield:
    """A prevention effect from a resolved spell or ability (615.1): it protects ``to`` (objects
    or players; None = any recipient, or those matching ``flt``) from damage by ``by`` (None =
    any source), ``remaining`` points of it (None = all), until the end of turn ``turn``."""

    __slots__ = ("to", "flt", "by", "remaining", "combat_only", "turn", "controller", "stamps",
                 "once", "until_next_turn")

    def __init__(self, to: list[Any] | None, flt: Any, by: list[Any] | None,
                 remaining: int | None, combat_only: bool, turn: int, controller: Any) -> None:
        self.to = to
        self.flt = flt
        self.by = by
        self.remaining = remaining
        self.combat_only = combat_only
        self.turn = turn
        self.controller = controller
        # 400.7: an object that changes zones is a new object the shield doesn't know
        self.stamps = [(o, o.timestamp) for o in (to or []) + (by or [])
                       if isinstance(o, GameObject)]
        # "The next time a source of your choice would deal damage to you this turn, prevent
        # that damage" (615.7): all of one damage event, then the shield is used up
        self.once = False
        # "Until your next turn, prevent ..." (611.2b): it lasts until that player's next turn
        self.until_next_turn = False

    def live(self, game: Game) -> bool:
        """Whether its duration goes on (this turn; or until its controller's next turn)."""
        if self.remaining is not None and self.remaining <= 0:
            return False
        if self.turn == game.turn:
            return True
        return self.until_next_turn and game.turn > self.turn and \
            game.active is not self.controller

    def covers(self, game: Game, source: Any, recipient: Any, combat: bool) -> bool:
        if self.combat_only and not combat:
            return False
        for o, stamp in self.stamps:
            if o.timestamp != stamp and (o is recipient or o is source):
                return False
        if self.to is not None and recipient not in self.to:
            return False
        if self.flt is not None and not targeting.matches(game, recipient, self.flt,
                                                          self.controller, None):
            return False
        if self.by is not None and source not in self.by:
            return False
        return True


def add_shield(game: Game, shield: Shield) -> None:
    game.__dict__.setdefault("prevention_shields", []).append(shield)
    game.log("prevention_created", player=shield.controller)


def prevent(game: Game, source: GameObject | None, recipient: Any, amount: int,
            combat: bool) -> int:
    """615: apply prevention to one damage event; returns the damage still dealt. Protection
    (702.16e), shields from resolved effects (615.7: "the next N damage"), and static
    "prevent all damage that would be dealt to/by ..." abilities (615.1)."""
    if source is not None and isinstance(recipient, GameObject) and \
            ("protection" in recipient.face.keywords or recipient.mods or recipient.static_mods):
        if targeting.protected_from(game, recipient, source) and _preventable(game, combat):
            game.log("damage_prevented", source=source, recipient=recipient, amount=amount)
            return 0
    shields = game.__dict__.get("prevention_shields")
    if shields and _preventable(game, combat):
        live = [s for s in shields if s.live(game)]
        if len(live) != len(shields):
            shields[:] = live
        for shield in live:
            if amount <= 0:
                break
            if not shield.covers(game, source, recipient, combat):
                continue
            if shield.remaining is None:
                if shield.once:
                    shield.remaining = 0  # (used up: dropped at the next look)
                game.log("damage_prevented", source=source, recipient=recipient, amount=amount)
                return 0
            n = min(shield.remaining, amount)  # 615.7
            shield.remaining -= n
            amount -= n
            game.log("damage_prevented", source=source, recipient=recipient, amount=n)
    if amount > 0 and _static_prevents(game, source, recipient, combat) and \
            _preventable(game, combat):
        game.log("damage_prevented", source=source, recipient=recipient, amount=amount)
        return 0
    return amount


def _preventable(game: Game, combat: bool = False) -> bool:
    """615.12: "Damage can't be prevented" (this turn, from a resolved effect, or a static
    ability of a permanent) turns prevention effects off; asked only when one would apply.
    "Combat damage can't be prevented" does so for combat damage only (510.2)."""
    if game.__dict__.get("no_prevention_turn") == game.turn:
        return False
    if combat and statics.restricted(game, "combat_damage_cant_be_prevented"):
        return False

    return not statics.restricted(game, "damage_cant_be_prevented")


def _static_prevents(game: Game, source: Any, recipient: Any, combat: bool) -> bool:
    """Static abilities "Prevent all [combat] damage that would be dealt to/by ..." (615.1)."""
    for src in game.battlefield:
        found = src.face.statics
        if found is None or src.mods or src.static_mods:
            found = statics._statics(src)
        if not found or src.phased_out:
            continue
        for abl in found:
            for eff in abl.effects:
                if not isinstance(eff, ab.PreventDamage) or eff.duration is not None:
                    continue
                if eff.combat_only and not combat:
                    continue
                if abl.condition is not None and not conditions.holds(
                        game, abl.condition, src.controller, src):
                    continue
                if eff.to is not None and not _static_ref_has(game, src, eff.to, recipient):
                    continue
                if eff.by is not None and not _static_ref_has(game, src, eff.by, source):
                    continue
                return True  # (no "to"/"by": every damage event, "Prevent all combat damage")
    return False


def _static_ref_has(game: Game, src: GameObject, ref: Any, thing: Any) -> bool:
    kind = ref.kind
    if kind in ("self", "it"):
        return thing is src
    if kind == "you":
        return thing is src.controller
    if kind in ("enchanted", "equipped", "attached"):
        return thing is not None and thing is src.attached_to
    if kind == "each":
        return isinstance(thing, GameObject) and thing.zone == "battlefield" and \
            targeting.matches(game, thing, ref.filter, src.controller, src)
    if kind == "opponent_each":
        return isinstance(thing, Player) and thing is not src.controller
    if kind == "player_each":
        return isinstance(thing, Player)
    return False


def remove_all_from_combat(game: Game) -> None:
    """506.4 / 511.3: at end of combat every creature is removed from combat."""
    for obj in game.battlefield:
        obj.attacking = None
        obj.blocking = []
        obj.blockers = []
        obj.blocked = False
    game.step_fs_happened = False
