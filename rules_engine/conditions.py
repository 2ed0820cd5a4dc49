"""Evaluating :class:`rules_engine.abilities.Condition` records against the game."""

from __future__ import annotations

from typing import Any

from rules_engine.game import Game


def holds(game: Game, cond: Any, controller: Any, source: Any = None) -> bool:
    if cond is None:
        return True
    result = _eval(game, cond, controller, source)
    return (not result) if getattr(cond, "negated", False) else result


def _amount(cond: Any, default: int = 1) -> int:
    amt = getattr(cond, "amount", None)
    if amt is not None and getattr(amt, "value", None) is not None:
        return int(amt.value)
    return default


def _eval(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    from rules_engine import targeting

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
    if kind == "life_total":
        return controller.life >= _amount(cond)
    if kind == "monarch":
        return game.monarch is controller
    if kind == "life_gained_this_turn":
        return controller.life_gained_turn >= _amount(cond)
    if kind == "opponent_lost_life_this_turn":
        return any(p.life_lost_turn > 0 for p in game.opponents(controller))
    if kind == "cards_drawn_this_turn":
        return controller.drawn_turn >= _amount(cond)
    if kind == "cast_spell_this_turn":
        return controller.spells_cast_this_turn >= _amount(cond)
    if kind in ("life_total", "your_hand_size"):
        value = controller.life if kind == "life_total" else len(controller.hand)
        amt = cond.amount
        if amt is not None and amt.text == "or fewer":
            return value <= _amount(cond)
        return value >= _amount(cond)
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
    from rules_engine import compiled

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
    from rules_engine.objects import Player

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
