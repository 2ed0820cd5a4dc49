"""Activation triggers (603.2, 602.2), the grammar of ``text/triggers_activate.py``: the kind
``activates_keyword`` on the ``ability_activated`` event (logged once the ability is on the
stack and its costs are paid, 602.2i).

The activated ability is the one a keyword stands for (its record is the KeywordAbility, e.g.
ninjutsu 702.49, embalm 702.128, eternalize 702.129, outlast 702.107) or a labelled one
(boast 702.142, exhaust 702.177: ``label``); "loyalty" is a loyalty ability (606.3) of a
permanent the trigger's filter fits. ``activates_ability``: "Whenever an opponent activates an
ability of an artifact they control" (any ability of a source the filter fits; "that isn't a
mana ability" leaves out mana abilities, 605).
"""

from __future__ import annotations

from typing import Any

from rules_engine import targeting, triggers
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.triggers import _player_ok


def _names(ability: Any) -> set[str]:
    """The keyword / label names an activated ability record goes by."""
    found = set()
    for attr in ("name", "label"):
        value = getattr(ability, attr, None)
        if isinstance(value, str) and value:
            found.add(value.lower())
    if type(ability).__name__ == "ActivatedAbility" and getattr(ability, "loyalty", False):
        found.add("loyalty")
    return found


def _activates(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    item = event.data.get("obj")
    if not _player_ok(game, trig.player, event.data.get("player"), controller):
        return False
    wanted = set((trig.detail or "").split("|"))
    if not wanted & _names(getattr(item, "ability", None)):
        return False
    src = getattr(item, "source", None)
    if trig.subject is not None and trig.subject.kind == "self" and src is not source:
        return False
    if trig.filter is not None and not (isinstance(src, GameObject) and targeting.matches(
            game, src, trig.filter, controller, source, zone_check=False)):
        return False
    return True


def _activates_ability(game: Game, trig: Any, event: Any, source: Any,
                       controller: Player) -> bool:
    """602.2: an ability of a source the filter fits was activated (a mana ability too, 605.3a,
    unless ``detail`` is "nonmana"; its event names the source itself)."""
    if event.name == "mana_ability_activated" and trig.detail == "nonmana":
        return False
    if not _player_ok(game, trig.player, event.data.get("player"), controller):
        return False
    obj = event.data.get("obj")
    src = obj if event.name == "mana_ability_activated" else getattr(obj, "source", None)
    if trig.filter is None:
        return True
    return isinstance(src, GameObject) and src.zone == "battlefield" and targeting.matches(
        game, src, trig.filter, controller, source)


triggers.register_kind("activates_keyword", ("ability_activated",), _activates)
triggers.register_kind("activates_ability", ("ability_activated", "mana_ability_activated"),
                       _activates_ability)
