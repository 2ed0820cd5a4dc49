"""Evaluating :class:`rules_engine.abilities.Condition` records against the game."""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, targeting
from rules_engine.conditions_more import CURRENT, MORE_KINDS, TRIGGER_EVENT
from rules_engine.game import COMBAT_STEPS, STEPS, Game
from rules_engine.objects import Player
from rules_engine.registry import hooks


def holds(game: Game, cond: Any, controller: Any, source: Any = None, ctx: Any = None,
          event: Any = None) -> bool:
    """Whether ``cond`` holds for ``controller`` (and ``source``). ``ctx``: the resolving
    ability's context, for a condition about "that player" / "that creature" (608.2c), read by
    the composed kinds of :mod:`rules_engine.conditions_more` (nested conditions keep it)."""
    if cond is None:
        return True
    token = CURRENT.set(ctx) if ctx is not None else None
    seen = TRIGGER_EVENT.set(event) if event is not None else None
    try:
        result = _eval(game, cond, controller, source)
    finally:
        if token is not None:
            CURRENT.reset(token)
        if seen is not None:
            TRIGGER_EVENT.reset(seen)
    return (not result) if getattr(cond, "negated", False) else result


def _amount(cond: Any, default: int = 1) -> int:
    amt = getattr(cond, "amount", None)
    if amt is not None and getattr(amt, "value", None) is not None:
        return int(amt.value)
    return default


def _eval(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    kind = cond.kind
    if kind == "is_day":
        return game.day_night == "day"
    if kind == "is_night":
        return game.day_night == "night"
    if kind == "not_day":
        return game.day_night != "day"
    if kind == "not_night":
        return game.day_night != "night"
    if kind == "neither_day_nor_night":
        return game.day_night == "neither"
    if kind == "have_initiative":
        return game.initiative is controller
    if kind == "completed_dungeon":
        return bool(controller.completed_dungeons)
    if kind == "is_your_turn":
        return game.active is controller
    if kind == "not_your_turn":
        return game.active is not controller
    if kind == "during_step":
        # "during each opponent's end step" / "during your upkeep": ``detail`` is
        # "<your|opponent>:<step>" (500.1 step names)
        whose, _sep, step = (cond.detail or "").partition(":")
        if (game.active is controller) != (whose == "your"):
            return False
        return game.step == step
    if kind == "spells_cast_last_turn":
        total = sum(game.last_turn_spells.values())
        amt = cond.amount
        if amt is not None and amt.text == "exactly":
            return total == _amount(cond, 0)
        return total >= _amount(cond)
    if kind == "player_spells_cast_last_turn":
        return any(n >= _amount(cond) for n in game.last_turn_spells.values())
    if kind == "no_spells_cast_last_turn":
        return sum(game.last_turn_spells.values()) == 0
    if kind == "player_cast_spells_last_turn":
        return any(n >= _amount(cond) for n in game.last_turn_spells.values())
    if kind == "creatures_died_this_turn":
        return game.creatures_died_this_turn >= _amount(cond)
    if kind == "prepared":
        return bool(source is not None and getattr(source, "prepared", False))
    if kind == "not_prepared":
        return not (source is not None and getattr(source, "prepared", False))
    if kind == "and":
        return all(holds(game, c, controller, source) for c in cond.parts)
    if kind == "or":
        return any(holds(game, c, controller, source) for c in cond.parts)
    if kind in ("control_count", "you_control"):
        flt = cond.filter
        count = sum(1 for o in game.permanents(controller)
                    if targeting.matches(game, o, flt, controller, source))
        return count >= _amount(cond)
    if kind == "graveyard_count":
        flt = cond.filter
        count = sum(1 for o in controller.graveyard
                    if targeting.matches(game, o, flt, controller, source))
        return count >= _amount(cond)
    if kind == "monarch":
        return game.monarch is controller
    if kind == "life_gained_this_turn":
        return controller.life_gained_turn >= _amount(cond)
    if kind == "life_lost_this_turn":  # "if you didn't lose life this turn" (119.3)
        return controller.life_lost_turn >= _amount(cond)
    if kind == "opponent_lost_life_this_turn":
        return any(p.life_lost_turn > 0 for p in game.opponents(controller))
    if kind == "cards_drawn_this_turn":
        return controller.drawn_turn >= _amount(cond)
    if kind == "cast_spell_this_turn":
        # "if you've cast another spell this turn" of a spell on the stack ("When you cast
        # this spell"): the spell itself is one of those cast (601.2i), not "another"
        itself = 1 if "another" in (cond.text or "").lower() and getattr(
            source, "zone", None) == "stack" else 0
        return controller.spells_cast_this_turn >= _amount(cond) + itself
    if kind in ("life_total", "your_hand_size"):
        # (119.1) "you have 10 or less life" compares at most, "... or more life" at least
        value = controller.life if kind == "life_total" else len(controller.hand)
        amt = cond.amount
        if amt is not None and amt.text == "or fewer":
            return value <= _amount(cond)
        return value >= _amount(cond)
    if kind == "opponent_life_total":  # "as long as an opponent has 10 or less life"
        fewer = cond.amount is not None and cond.amount.text == "or fewer"
        return any((p.life <= _amount(cond)) if fewer else (p.life >= _amount(cond))
                   for p in game.opponents(controller))
    if kind == "counters_on":
        obj = source
        return obj is not None and obj.counters.get(cond.detail or "+1/+1", 0) >= _amount(cond)
    if kind == "entered_this_turn":
        return source is not None and getattr(source, "sick", False)
    if kind == "opponent_more_cards_in_hand":
        return any(len(p.hand) > len(controller.hand) for p in game.opponents(controller))
    if kind == "player_hand_size":
        amt = cond.amount
        if amt is not None and amt.text == "or fewer":
            return any(len(p.hand) <= _amount(cond) for p in game.living)
        return any(len(p.hand) >= _amount(cond) for p in game.living)
    handler = _MORE.get(kind)
    if handler is not None:
        return handler(game, cond, controller, source)
    if kind in ("attacks_with_greater_power", "attacks_most_life"):
        return _attack_condition(game, kind, source)
    if kind == "class_level":  # 716: "level 2+" (at least) / "exactly" for a level-up cost
        level = class_level(game, source)
        amt = cond.amount
        if amt is not None and amt.text == "exactly":
            return level == _amount(cond)
        return level >= _amount(cond)
    if kind == "citys_blessing":
        return citys_blessing(game, controller, source)
    game.note(f"condition '{getattr(cond, 'text', kind)}' ({kind}) not understood; "
              "treated as false")
    return False


def citys_blessing(game: Game, player: Any, source: Any = None) -> bool:
    """702.131: the city's blessing. A player with an ascend source (a permanent they control
    with ascend, or the ascend spell resolving now, 702.131b-c) who controls ten or more
    permanents gets it for the rest of the game (a designation, 702.131a). Checked when a
    condition asks (the rest of the time nothing looks at it)."""
    blessed = game.__dict__.setdefault("citys_blessing", set())
    if player.name in blessed:
        return True
    permanents = game.permanents(player)
    if len(permanents) < 10:
        return False
    has_ascend = (source is not None and compiled.has_keyword(source, "ascend")) or any(
        compiled.has_keyword(o, "ascend") for o in permanents)
    if has_ascend:
        blessed.add(player.name)
        game.log("got_citys_blessing", player=player)
        return True
    return False


def class_level(game: Game, obj: Any) -> int:
    """716.2: a Class's level, 1 until a level ability resolves (kept per object: a Class that
    changes zones is a new object at level 1, 400.7)."""
    if obj is None:
        return 0
    for o, stamp, level in reversed(game.__dict__.get("class_levels", ())):
        if o is obj and stamp == obj.timestamp:
            return level
    return 1


def _attack_condition(game: Game, kind: str, source: Any) -> bool:
    """Trigger conditions of training (702.149a: it attacks with another creature with greater
    power) and dethrone (702.105a: it attacks the player with the most life or tied). They are
    part of the trigger event, so once met when the creature attacked they stay met for that
    combat (a recheck on resolution, 603.4, must not undo the trigger)."""
    if source is None or getattr(source, "attacking", None) is None:
        return False
    memo = game.__dict__.setdefault("attack_conditions", set())
    key = (kind, id(source), source.timestamp, game.turn)
    if key in memo:
        return True
    if kind == "attacks_with_greater_power":
        held = any(o is not source and o.attacking is not None and not o.phased_out
                   and o.power > source.power for o in game.battlefield)
    else:
        target = source.attacking
        held = isinstance(target, Player) and target.life >= max(p.life for p in game.living)
    if held:
        memo.add(key)
    return held


# -- more condition kinds (rules_engine.abilities.Condition) -------------------------------------
def _this_turn(game: Game):
    """This turn's events, newest first (the log is the game's memory of what happened)."""
    for ev in reversed(game.events):
        if ev.turn != game.turn:
            return
        yield ev


def _self_is(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"~ is attacking / tapped / untapped / blocking / a creature ..." (detail)."""
    detail = (cond.detail or "").lower()
    if source is None:
        return False
    if detail == "attacking":
        return getattr(source, "attacking", None) is not None
    if detail == "blocking":
        return bool(getattr(source, "blocking", None))
    if detail in ("attacking or blocking", "blocking or attacking"):
        return getattr(source, "attacking", None) is not None or bool(source.blocking)
    if detail == "tapped":
        return bool(source.tapped)
    if detail == "untapped":
        return not source.tapped
    if detail == "saddled":  # 702.171b: until end of turn
        return game.__dict__.get("saddled_turn", {}).get(id(source)) == game.turn and any(
            o is source and t == source.timestamp for o, t in game.__dict__.get("saddled", ()))
    if detail in ("monstrous", "renowned", "suspected", "harnessed"):
        # designations (701.37b, 702.112b, 701.60b, 701.64b), kept until it leaves (400.7)
        return any(o is source and t == source.timestamp
                   for o, t in game.__dict__.get(detail, ()))
    if detail in ("equipped", "enchanted"):  # 301.5, 303.4: an Equipment / Aura attached
        kind = "Equipment" if detail == "equipped" else "Aura"
        return any(o.attached_to is source and kind in o.subtypes for o in game.battlefield)
    if detail.startswith("a ") or detail.startswith("an "):
        word = detail.split(" ", 1)[1]
        return source.has_type(targeting._cap(word)) or targeting._cap(word) in \
            source.face.subtypes
    game.note(f"condition '{cond.text}' (self_is {detail!r}) not understood; treated as false")
    return False


def _is_a(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    subject = cond.subject
    if subject is not None and subject.kind in ("enchanted", "equipped", "attached"):
        # "As long as enchanted permanent is an Equipment": the object it is attached to
        # (303.4, 301.5), not the Aura itself
        source = getattr(source, "attached_to", None)
        if not hasattr(source, "zone"):
            return False  # attached to nothing, or to a player
    return source is not None and targeting.matches(game, source, cond.filter, controller,
                                                    None, zone_check=False)


def _was_a(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if it was a creature" of "When ~ dies" (603.10a, 608.2h): the card types ``source`` had
    as it last left the battlefield (its last known information), else as it is now."""
    if source is None:
        return False
    if getattr(source, "zone", None) != "battlefield":
        for ev in reversed(game.events[-500:]):
            if ev.name == "left_battlefield" and ev.data.get("obj") is source:
                lki = ev.data.get("lki")
                if lki is None:
                    break
                wanted = cond.filter.card_types if cond.filter is not None else ()
                return bool(wanted) and all(
                    lki.is_creature if t == "creature" else t.capitalize() in lki.types
                    for t in wanted)
    return targeting.matches(game, source, cond.filter, controller, None, zone_check=False)


def _cast_from(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if you cast it [from your hand]": the permanent came from a spell that was cast (601),
    from that zone; a permanent put onto the battlefield otherwise was not cast (400.7)."""
    if source is None or getattr(source, "cast_from", None) is None:
        return False
    if cond.detail == "not_hand":  # "cast from anywhere other than your hand" (601.2a)
        if source.cast_from == "hand":
            return False
    elif cond.detail and source.cast_from != cond.detail:
        return False
    if source.zone == "stack":
        return True
    for ev in reversed(game.events[-2000:]):
        if ev.data.get("obj") is not source:
            continue
        if ev.name in ("entered", "spell_resolving", "spell_resolved", "becomes_target",
                       "attacks", "blocks", "counters_put", "damage_dealt", "tapped"):
            continue
        return ev.name == "spell_cast"
    return False


def _exiled_with(game: Game, source: Any) -> list[Any]:
    """The cards in exile that an instruction of ``source``'s abilities put there, while
    ``source`` is the same object (406.6, 607.2a; a new object after a zone change, 400.7)."""
    if source is None:
        return []
    key = (source, source.timestamp)
    return [c for p in game.players for c in p.exile if c.exiled_with == key]


def _exiled_with_card_types(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"As long as there are four or more card types among cards exiled with ~" (205.2a)."""
    types: set[str] = set()
    for card in _exiled_with(game, source):
        types.update(card.face.types)
    return len(types) >= _amount(cond)


def _exiled_with_count(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    n = len(_exiled_with(game, source))
    return n <= _amount(cond) if cond.amount.text == "or fewer" else n >= _amount(cond)


def _graveyard_card_types(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    types: set[str] = set()
    for card in controller.graveyard:
        types.update(card.face.types)
    return len(types) >= _amount(cond)


def _attacking_total_power(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    total = sum(o.power for o in game.battlefield
                if o.attacking is not None and o.controller is controller)
    return total >= _amount(cond)


def _control_total_power(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    total = sum(o.power for o in game.permanents(controller) if o.is_creature)
    return total >= _amount(cond)


def _attacking_alone(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """506.5: a creature attacks alone if it's the only creature declared as an attacker."""
    attackers = [o for o in game.battlefield if o.attacking is not None]
    return len(attackers) == 1 and attackers[0] is source


def _self_attacked_or_blocked(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    if source is None:
        return False
    if getattr(source, "attacking", None) is not None or getattr(source, "blocking", None):
        return True
    if (cond.detail or "combat") == "combat":
        return False
    return any(ev.name in ("attacks", "blocks") and ev.data.get("obj") is source
               for ev in _this_turn(game))


def _attacked_with_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    count = sum(1 for ev in _this_turn(game) if ev.name == "attacks"
                and getattr(ev.data.get("obj"), "controller", None) is controller
                and targeting.matches(game, ev.data["obj"], cond.filter, controller, None,
                                      zone_check=False))
    return count >= _amount(cond)


def _attacked_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return any(ev.name == "attackers_declared" and ev.data.get("player") is controller
               for ev in _this_turn(game))


def _self_attacked_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return source is not None and (getattr(source, "attacking", None) is not None or any(
        ev.name == "attacks" and ev.data.get("obj") is source for ev in _this_turn(game)))


def _defending_player_is_monarch(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    target = getattr(source, "attacking", None)
    return target is not None and target is game.monarch


def _opponent_controls(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return any(sum(1 for o in game.permanents(p)
                   if targeting.matches(game, o, cond.filter, controller, source))
               >= _amount(cond) for p in game.opponents(controller))


def _opponent_controls_more(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    def count(p: Any) -> int:
        return sum(1 for o in game.permanents(p)
                   if targeting.matches(game, o, _no_controller(cond.filter), p, source))
    mine = count(controller)
    return any(count(p) > mine for p in game.opponents(controller))


def _no_controller(flt: Any) -> Any:
    if flt is None or flt.controller is None:
        return flt
    from dataclasses import replace

    return replace(flt, controller=None)


def _opponent_more_life(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return any(p.life > controller.life for p in game.opponents(controller))


def _more_life_than_opponent(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return any(controller.life > p.life for p in game.opponents(controller))


def _you_or_defender_has_initiative(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """726: "you or a player you're attacking has the initiative"."""
    holder = game.initiative
    if holder is None:
        return False
    if holder is controller:
        return True
    return any(o.attacking is holder for o in game.battlefield
               if o.controller is controller)


def _your_turn_number_at_most(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"it's your first, second, or third turn of the game": it is the controller's turn and
    they have begun at most N turns (500.1; counted by ``targeting.turns_begun``)."""
    if game.active is not controller:
        return False
    return targeting.turns_begun(game, controller) <= _amount(cond)


def _empty_hand(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return not controller.hand


def _kicked(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.33d: "if this spell was kicked": casting records how many times (casting
    ._announce_kicker), on the spell and on the permanent it becomes."""
    return bool(getattr(source, "choices_made", {}).get("kicked"))


def _self_power(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if its power is exactly 20" / "if ~'s power is 4 or greater" (208.1, its power now)."""
    if source is None or not hasattr(source, "power"):
        return False
    if cond.kind == "self_power_exactly":
        return source.power == _amount(cond)
    return source.power >= _amount(cond)


def _life_at_most_half_starting(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if your life total is less than or equal to half your starting life total" (103.4:
    20 in a two-player game; 107.1a: a half is not rounded here, 10 or less of 20)."""
    return controller.life * 2 <= getattr(game, "starting_life", 20)


def _solved(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """719.3b-c: the Case has the solved designation (mechanics/cases.py keeps it)."""
    ask = hooks.case_is_solved
    return ask is not None and ask(game, source)


def _additional_cost_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"If ~'s additional cost was paid", "If evidence was collected" (601.2b, 701.59c): an
    (optional) additional cost was paid as the spell was cast (casting._additional_costs)."""
    return bool(getattr(source, "choices_made", {}).get("additional_cost_paid"))


def speed(game: Game, player: Any) -> int:
    """702.179: a player's speed (0 without one). 704.5z: a player who controls a permanent with
    start your engines! and has no speed gets speed 1 (applied when speed is asked for)."""
    speeds = game.__dict__.setdefault("speed", {})
    if player.name not in speeds and any(compiled.has_keyword(o, "start your engines!")
                                         for o in game.permanents(player)):
        speeds[player.name] = 1
        game.log("speed_started", player=player)
    return speeds.get(player.name, 0)


def note_life_lost(game: Game, player: Any) -> None:
    """702.179d: whenever one or more opponents lose life during your turn, if your speed is
    less than 4, it increases by 1 (once each turn). Applied at once here (the inherent
    ability's trip through the stack is not modelled)."""
    active = game.active
    if player is active or "speed" not in game.__dict__ and not any(
            "start your engines!" in o.face.keywords for o in game.battlefield):
        return
    level = speed(game, active)
    if not level or level >= 4:
        return
    done = game.__dict__.setdefault("speed_turns", set())
    key = (active.name, game.turn)
    if key in done:
        return
    done.add(key)
    game.__dict__["speed"][active.name] = level + 1
    game.log("speed_increased", player=active, speed=level + 1)


def _max_speed(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return speed(game, controller) >= 4  # 702.179e


def _had_counters(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if it had counters on it" (608.2h: last known information): the permanent that left
    the battlefield - the source itself when it did, else the latest one (the event that
    triggered "Whenever another creature you control dies, if it had counters on it")."""
    chosen = None
    for ev in reversed(game.events[-200:]):
        if ev.name not in ("dies", "left_battlefield"):
            continue
        if ev.data.get("obj") is source:
            chosen = ev
            break
        if chosen is None:
            chosen = ev
    if chosen is None:
        return False
    counters = getattr(chosen.data.get("lki"), "counters", None) or {}
    if cond.detail:
        return counters.get(cond.detail, 0) > 0
    return any(n > 0 for n in counters.values())


def energy(game: Game, player: Any) -> int:
    """107.14 / 122.1: a player's energy counters ({E}), kept per game."""
    return game.__dict__.get("energy", {}).get(player.name, 0)


def _has_energy(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    return energy(game, controller) >= _amount(cond)


def _entered_under_control_this_turn(game: Game, cond: Any, controller: Any,
                                     source: Any) -> bool:
    """"if you had a land / two or more creatures enter under your control this turn" (amount
    N of the filter, "another" excluding the source), or without a filter "if it entered under
    your control this turn": counted from this turn's "entered" events."""
    entered = [ev.data.get("obj") for ev in _this_turn(game)
               if ev.name == "entered" and ev.data.get("player") is controller]
    if cond.filter is None:
        return source is not None and any(o is source for o in entered)
    seen: list[Any] = []
    for o in entered:
        if o is None or any(o is x for x in seen):
            continue
        if targeting.matches(game, o, cond.filter, controller, source, zone_check=False):
            seen.append(o)
    return len(seen) >= _amount(cond)


def _control_different(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if you control three or more creatures with different powers" (coven): the number of
    distinct values of the characteristic among the permanents matching the filter (the
    largest set of them with pairwise different values)."""
    values = set()
    for o in game.permanents(controller):
        if not targeting.matches(game, o, cond.filter, controller, source):
            continue
        if cond.detail == "power":
            values.add(o.power)
        elif cond.detail == "toughness":
            values.add(o.toughness)
        elif cond.detail == "name":
            values.add(o.name)
        else:
            values.add(game.mana_value_of(o))
    return len(values) >= _amount(cond)


def _exiled_this_turn(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if one or more cards were put into exile this turn" (any zone to exile: Game.move
    notes the turn; 406.1)."""
    return game.__dict__.get("exiled_on_turn") == game.turn


def _casualty_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.153a: "if a casualty cost was paid for it" (the spell, the trigger's source)."""
    return bool((getattr(source, "choices_made", None) or {}).get("casualty"))


def _before_step(game: Game, step: str) -> bool:
    """602.5b "Activate only before attackers are declared" (and "before the combat damage
    step"): true in this turn's steps before ``step`` (500.1 order) while no ``step`` has begun
    this turn (an additional combat phase, 500.8, comes after the first one's steps)."""
    if game.step not in STEPS or STEPS.index(game.step) >= STEPS.index(step):
        return False
    return not any(ev.name == "step_began" and ev.data.get("step") == step
                   for ev in _this_turn(game))


def _during_combat(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"Activate only during combat" (506.1: the combat phase's five steps)."""
    return game.step in COMBAT_STEPS


def _defending_player_controls(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"~ can't attack unless defending player controls an Island" (508.1c, 506.2): the player
    the source attacks, or, while attackers are being chosen, the opponent it would attack (the
    only one in a two-player game; with more, the next opponent in turn order)."""
    defender = getattr(source, "attacking", None)
    if not isinstance(defender, Player):
        foes = game.opponents(controller)
        defender = foes[0] if foes else None
    if defender is None:
        return False
    return any(targeting.matches(game, o, cond.filter, controller, source)
               for o in game.permanents(defender))


# the flag casting's alternative-cost mechanics put in the spell's choices (mechanics/alt_costs*)
_ALT_COST_FLAGS = {"evoke": "evoked", "dash": "dashed", "blitz": "blitzed", "prowl": "prowled",
                   "surge": "surged", "spectacle": "spectacle", "emerge": "emerged",
                   "overload": "overloaded"}


def _alt_cost_paid(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if its evoke cost was paid" (702.74a ...): the spell, or the permanent it became, was
    cast with that alternative cost (118.9)."""
    flag = _ALT_COST_FLAGS.get(cond.detail or "")
    return bool(flag and (getattr(source, "choices_made", None) or {}).get(flag))


def _foretold(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """702.143: "if this spell was foretold": cast from exile after being foretold."""
    return getattr(source, "cast_from", None) == "exile" and any(
        card is source for _who, card, _stamp, _turn in game.__dict__.get("foretold", ()))
def _attacked_this_step(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"Only if you've been attacked this step" (the declare attackers step, 508.1): some
    attacking creature attacks you or a planeswalker or battle you control."""
    if game.step != "declare_attackers":
        return False
    for obj in game.battlefield:
        target = obj.attacking
        if target is controller or (target is not None and getattr(
                target, "controller", None) is controller and not isinstance(target, Player)):
            return True
    return False


_MORE: dict[str, Any] = {
    "attacked_this_step": _attacked_this_step,
    "defending_player_controls": _defending_player_controls,
    "before_attackers": lambda game, cond, controller, source: _before_step(
        game, "declare_attackers"),
    "before_combat_damage": lambda game, cond, controller, source: _before_step(
        game, "combat_damage") and game.step != "first_strike_damage",
    "before_end_of_combat": lambda game, cond, controller, source: _before_step(
        game, "end_of_combat"),
    "during_combat": _during_combat,
    "alt_cost_paid": _alt_cost_paid, "foretold": _foretold,
    "casualty_paid": _casualty_paid, "control_different": _control_different,
    "exiled_this_turn": _exiled_this_turn,
    "self_is": _self_is, "is_a": _is_a, "cast_from": _cast_from,
    "graveyard_card_types": _graveyard_card_types,
    "additional_cost_paid": _additional_cost_paid, "was_a": _was_a, "solved": _solved,
    "self_power_exactly": _self_power, "self_power_at_least": _self_power,
    "life_at_most_half_starting": _life_at_most_half_starting,
    "exiled_with_card_types": _exiled_with_card_types, "exiled_with_count": _exiled_with_count,
    "attacking_total_power": _attacking_total_power,
    "control_total_power": _control_total_power, "attacking_alone": _attacking_alone,
    "self_attacked_or_blocked": _self_attacked_or_blocked,
    "self_attacked_this_turn": _self_attacked_this_turn,
    "attacked_with_this_turn": _attacked_with_this_turn,
    "attacked_this_turn": _attacked_this_turn,
    "defending_player_is_monarch": _defending_player_is_monarch,
    "opponent_controls": _opponent_controls, "opponent_controls_more": _opponent_controls_more,
    "opponent_more_life": _opponent_more_life,
    "more_life_than_opponent": _more_life_than_opponent,
    "you_or_defender_has_initiative": _you_or_defender_has_initiative,
    "empty_hand": _empty_hand, "kicked": _kicked,
    # 702.33d: "if it was kicked with its {1}{B} kicker" (casting records each paid kicker)
    "kicked_with": lambda game, cond, controller, source: cond.detail in getattr(
        source, "choices_made", {}).get("kicked_with", ()),
    # "while you have the most life or are tied for most life" (no other player has more)
    "you_most_life": lambda game, cond, controller, source: controller.life >= max(
        p.life for p in game.living),
    "cast_using_teamwork": lambda game, cond, controller, source: bool(
        getattr(source, "choices_made", {}).get("teamwork")),  # (casting._teamwork_offer)
    "your_turn_number_at_most": _your_turn_number_at_most, "max_speed": _max_speed,
    "had_counters": _had_counters, "has_energy": _has_energy,
    "entered_under_control_this_turn": _entered_under_control_this_turn,
    "mana_spent": lambda game, cond, controller, source: _mana_spent(cond, source),
    "amount_at_least": lambda game, cond, controller, source: _amount_at_least(
        game, cond, controller, source),
}


_MORE.update(MORE_KINDS)  # the composed subject + predicate kinds (conditions_more.py)


def _amount_at_least(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    """"if you have a full party" (700.8), "if the number of ... is N or greater": a count
    described in words (rules_engine.amounts) compared with a number."""
    value = hooks.described_amount(game, cond.detail or "", controller, source)
    need = cond.amount.value if cond.amount is not None and cond.amount.value is not None else 1
    return value is not None and value >= need


def _mana_spent(cond: Any, source: Any) -> bool:
    """"if N or more mana was spent to cast it/~" asked without a resolving ability (an
    intervening "if", 603.4): the source's own payment (601.2h, kept by casting). Inside a
    resolving ability effects.h_conditional reads "that spell" from the triggering event."""
    spent = (getattr(source, "choices_made", None) or {}).get("mana_spent") or {}
    need = cond.amount.value if cond.amount is not None and cond.amount.value else 1
    if cond.detail:  # "if {B}{B} was spent to cast it": that much mana of that colour (106.1)
        return spent.get(cond.detail, 0) >= need
    return sum(spent.values()) >= need
