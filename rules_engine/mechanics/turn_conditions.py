"""Conditions about what happened this turn (helper "amt"), read from the game's event log
(the turn's events, 500) and the players' counts; registered in ``conditions._MORE``:

- ``spells_cast_this_turn`` "if you've cast two or more spells this turn" (601.2i: a spell
  becomes cast, counted as it does; the spell whose trigger asks is one of them);
- ``cast_spell_from_hand_this_turn`` "if you haven't cast a spell from your hand this turn"
  (601.2a: the zone it was cast from);
- ``sacrificed_this_turn`` "if you sacrificed a Food this turn", "as long as you've sacrificed
  an artifact this turn" (701.21a: the "sacrificed" events by you, the object judged as it
  last existed on the battlefield, 608.2h);
- ``left_graveyard_this_turn`` "if a card left your graveyard this turn" (400.7: any zone
  change out of it, cast from it included, 601.2a);
- ``opponent_lost_life_at_least`` "if an opponent lost 3 or more life this turn" (119.3);
- ``object_stat`` "if its toughness is 3 or less" (the Young Hero Role, 111.10m), "if
  enchanted creature's power is 4 or greater" (208: the source's power or toughness, or that of
  the permanent it is attached to).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_engine import conditions, targeting
from rules_engine.objects import GameObject


def _n(cond: Any) -> int:
    amt = getattr(cond, "amount", None)
    return amt.value if amt is not None and amt.value is not None else 1


def spells_cast(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """601.2i: the spells you cast this turn (this one included once it became cast)."""
    return controller.spells_cast_this_turn >= _n(cond)


def cast_from_hand(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """The spells you cast this turn from your hand (601.2a: where the card was)."""
    found = sum(1 for e in game.events_this_turn("spell_cast")
                if e.data.get("player") is controller and
                getattr(e.data.get("obj"), "cast_from", None) == "hand")
    return found >= _n(cond)


def sacrificed(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """701.21a: permanents you sacrificed this turn that the filter names ("a Food", "an
    artifact", "one or more permanents")."""
    flt = cond.filter
    found = 0
    for e in game.events_this_turn("sacrificed"):
        obj = e.data.get("obj")
        if e.data.get("player") is not controller or not isinstance(obj, GameObject):
            continue
        if flt is None or targeting.matches(
                game, obj, replace(flt, zone=None, controller=None, owner=None), controller,
                source, zone_check=False):
            found += 1
    return found >= _n(cond)


def left_graveyard(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """A card left your graveyard this turn (the "left_graveyard" events of its owner)."""
    return any(e.data.get("player") is controller for e in game.events_this_turn(
        "left_graveyard"))


def opponent_lost_life(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """119.3: an opponent's life lost this turn, at least N."""
    return any(p.life_lost_turn >= _n(cond) for p in game.opponents(controller))


for _kind, _holds in {
        "spells_cast_this_turn": spells_cast,
        "cast_spell_from_hand_this_turn": cast_from_hand,
        "sacrificed_this_turn": sacrificed,
        "left_graveyard_this_turn": left_graveyard,
        "opponent_lost_life_at_least": opponent_lost_life}.items():
    conditions._MORE.setdefault(_kind, _holds)


def object_stat(game: Any, cond: Any, controller: Any, source: Any) -> bool:
    """"if its toughness is 3 or less", "if enchanted creature's power is 4 or greater": the
    source's power or toughness (208), or that of the permanent it is attached to (301.5,
    303.4), compared with N; nothing to look at is false."""
    whose, stat, way = (cond.detail or "self:power:greater").split(":")
    obj = getattr(source, "attached_to", None) if whose == "attached" else source
    if whose == "self" and isinstance(source, GameObject) and not source.is_creature and \
            isinstance(source.attached_to, GameObject):
        obj = source.attached_to  # "Whenever enchanted creature attacks, if its power is 2 or
        # less": an Aura's "its" power is the creature's (303.4)
    if whose == "self" and isinstance(source, GameObject) and source.zone in ("stack", "resolving"):
        # "Gain control of target creature if its toughness is 2 or less": an instant's or
        # sorcery's "its" is its target's (115.1)
        found = [t for t in (source.targets or ()) if isinstance(t, GameObject)]
        obj = found[0] if found else None
    if not isinstance(obj, GameObject):
        return False
    value = obj.power if stat == "power" else obj.toughness
    n = cond.amount.value if cond.amount is not None and cond.amount.value is not None else 0
    return value <= n if way == "less" else value >= n


conditions._MORE.setdefault("object_stat", object_stat)
