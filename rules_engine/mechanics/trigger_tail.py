"""Trigger kinds of ``text/triggers_tail.py`` (603.2), registered with
``triggers.register_kind``:

- ``enters_from``: a permanent entered the battlefield from the zone ``detail`` names (400.7:
  the zone it came from; ";yours" - a graveyard or hand of the trigger's controller, which
  its owner's is).
- ``dealt_damage_at_least``: one damage event of at least ``ordinal`` to the object (120.3).
- ``attack_with_exactly``: the controller declared exactly ``ordinal`` attackers (508.1).
- ``attacks_with_others``: ~ (or the creature it's attached to) attacks with at least
  ``ordinal`` other attacking creatures the filter fits (508.1: declared together).
"""

from __future__ import annotations

from typing import Any

from rules_engine import targeting, triggers
from rules_engine.game import Game
from rules_engine.objects import Player
from rules_engine.triggers import _about


def _enters_from(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    obj = event.data["obj"]
    zone, _, whose = (trig.detail or "").partition(";")
    if getattr(obj, "came_from", None) != zone or (whose == "yours" and obj.owner is not
                                                   controller):
        return False
    return _about(game, trig, obj, source, controller)


def _dealt_at_least(game: Game, trig: Any, event: Any, source: Any,
                    controller: Player) -> bool:
    data = event.data
    return int(data.get("amount") or 0) >= (trig.ordinal or 1) and _about(
        game, trig, data["recipient"], source, controller)


def _attack_exactly(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    data = event.data
    return data.get("player") is controller and len(data.get("attackers", ())) == trig.ordinal


def _with_others(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    obj = event.data["obj"]
    kind = trig.subject.kind
    me = source if kind == "self" else getattr(source, "attached_to", None)
    if me is None or obj is not me:
        return False
    others = [o for o in game.battlefield if o.attacking is not None and o is not me and
              targeting.matches(game, o, trig.filter, controller, source)]
    return len(others) >= (trig.ordinal or 1)


for _kind, _events, _fn in (
        ("enters_from", ("entered",), _enters_from),
        ("dealt_damage_at_least", ("damage_dealt",), _dealt_at_least),
        ("attack_with_exactly", ("attackers_declared",), _attack_exactly),
        ("attacks_with_others", ("attacks",), _with_others)):
    triggers.register_kind(_kind, _events, _fn)
