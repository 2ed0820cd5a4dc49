"""Batched trigger events (603.2c), the grammar of ``text/triggers_batch.py``, registered with
``triggers.register_kind``.

- ``batch_enters``: "Whenever one or more artifacts enter under your control" - permanents the
  filter fits entered the battlefield (603.6a); one trigger for the permanents of one event.
- ``batch_leaves``: "Whenever one or more other creatures you control leave the battlefield
  [without dying]" - leaves-the-battlefield abilities look back in time (603.10a): the filter
  is checked against the permanent as it last existed (its controller then, 608.2h); "without
  dying" excludes a creature put into a graveyard from the battlefield (700.4). The source's
  own leaving ("~ or another creature ...", or a filter it fits) is matched by
  ``triggers.check``'s look-back, with the source as it last existed.
  ("is returned to its owner's hand": ``detail`` "to_hand", once per permanent unless "one or
  more").
- ``batch_tapped``: "Whenever one or more nontoken Merfolk you control become tapped" (603.2e).

A batch is the objects of one event (603.2c): while this ability's trigger from the batch
still waits to be put on the stack (603.3: until a player would receive priority), a further
object of the batch triggers it no more but counts on its event (``count``), which "that many"
and "that much" read (608.2c).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_engine import targeting, triggers
from rules_engine.game import Event, Game
from rules_engine.objects import Player
from rules_engine.triggers import _about


def joined_batch(game: Game, trig: Any, source: Any, event: Any) -> bool:
    """Whether ``event`` belongs to a batch this ability already triggered on (603.2c): its
    waiting trigger then counts one object more."""
    for p in game.pending_triggers:
        abl = p.ability
        if p.source is source and abl is not None and p.event is not None and \
                p.event.name == event.name and (abl.trigger is trig or
                                                trig in abl.trigger.alternatives):
            old = p.event
            p.event = Event(old.name, {**old.data, "count": int(old.data.get("count", 1)) + 1},
                            old.turn, old.step)
            return True
    return False


def _enters(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    if not _about(game, trig, event.data["obj"], source, controller):
        return False
    return not joined_batch(game, trig, source, event)


def _leaves(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    data = event.data
    obj, lki = data["obj"], data.get("lki")
    if lki is None:
        return False
    details = (trig.detail or "").split(";")
    if "without_dying" in details and data.get("to") == "graveyard" and lki.is_creature:
        return False  # 700.4: that creature died
    if "to_hand" in details and data.get("to") != "hand":
        return False  # "is returned to its owner's hand"
    if trig.subject is not None and trig.subject.kind == "self_or" and obj is source:
        return True  # "~ or another creature you control" (the ~ half: triggers.check, 603.10a)
    flt = trig.filter
    if flt.controller == "you" and lki.controller is not controller:
        return False
    if flt.controller in ("opponent", "not_you") and lki.controller is controller:
        return False
    if flt.other and obj is source:
        return False
    if not targeting.matches(game, obj, dataclasses.replace(flt, controller=None), controller,
                             source, zone_check=False):
        return False
    return "one_or_more" not in details or not joined_batch(game, trig, source, event)


_TAP_EVENTS = ("tapped", "tapped_for_mana", "tapped_for_cost", "convoked", "attacks")


def _tapped(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    if event.name == "attacks" and not event.data.get("tapped"):
        return False  # (an attacker with vigilance doesn't become tapped, 508.1f)
    if not _about(game, trig, event.data["obj"], source, controller):
        return False
    return not joined_batch(game, trig, source, event)


for _kind, _events, _fn in (
        ("batch_enters", ("entered",), _enters),
        ("batch_leaves", ("left_battlefield",), _leaves),
        ("batch_tapped", _TAP_EVENTS, _tapped)):
    triggers.register_kind(_kind, _events, _fn)
