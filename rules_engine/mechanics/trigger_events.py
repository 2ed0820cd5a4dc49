"""Trigger events of many cards (603.2), matched here and registered with
``triggers.register_kind``; their grammar is ``text/triggers_more.py`` (the same kind names).

- ``attacks_alone``: 506.5 - the only creature declared as an attacker (exalted's event, 702.83).
- ``attacks_unblocked``: 509.3g - no creature was declared as a blocker for it (the
  ``attacker_unblocked`` event ``combat.declare_blockers`` logs, also for a creature put onto the
  battlefield attacking).
- ``became_blocked``: 509.3c for any attacker the filter fits (``became_blocked``, once for each
  attacker as blockers are declared; "one or more" once per declaration, 603.2c).
- ``player_attacked``: 508.3b/508.3e - a player attacked by one or more creatures (once for each
  player attacked; ``combat.declare_attackers`` logs ``player_attacked``); ``attacks_player_of``:
  508.3a, each creature declared attacking such a player.
- ``player_action``: keyword actions (701.22 scry, 701.25 surveil, 701.34 proliferate, 701.30
  clash, 701.57 discover, 701.59 collect evidence, 701.61 forage, 701.62 manifest dread, 701.54
  the Ring tempts you), giving a gift (702.174), becoming the monarch (724.1), and committing a
  crime (700.13: a spell cast, an ability activated or a triggered ability put on the stack that
  targets an opponent, something an opponent controls or a card in an opponent's graveyard).
- ``object_action``: an object's act (701.44 explore, 701.50 connive, 702.26 phasing, 701.15
  goad).
- ``damage_to``: 120.3 - damage dealt to a player or an object, by a source the filter fits.
- ``damaged_dies``: "a creature dealt damage by ~ this turn dies" (700.4 with 120.3).
- ``enters_enchanted_player``: a permanent enters under enchanted player's control (303.4).
- ``play_land``: 305.1 - a land played (not put onto the battlefield by an effect).
- ``deals_damage_to``: 120.3 - damage a source deals to a player or battle, to the defending
  player, or to a permanent the filter fits.
- ``exploits``: 702.110b - a creature sacrificed as an exploit ability resolves.
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, targeting, triggers
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player
from rules_engine.triggers import _about, _player_ok


def _pending_same(game: Game, trig: Any, source: Any, name: str) -> bool:
    """603.2c: "one or more": not again while this ability's trigger from the same batch of
    events (simultaneous, before anyone gets priority) still waits to go on the stack."""
    for p in game.pending_triggers:
        abl = p.ability
        if p.source is source and abl is not None and p.event is not None and \
                p.event.name == name and (abl.trigger is trig or trig in abl.trigger.alternatives):
            return True
    return False


def _batch(trig: Any) -> bool:
    return "one_or_more" in (trig.detail or "").split(";")


def _attacks_alone(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """506.5: the attack declaration named this creature and no other (every "attacks" event
    of a declaration is logged once all its attackers are attacking)."""
    declared = [o for o in game.battlefield if o.attacking is not None]
    obj = event.data["obj"]
    return declared == [obj] and _about(game, trig, obj, source, controller)


def _object_about(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """An event about one object (``obj``) the trigger's subject or filter names; "one or more"
    triggers once for the objects of one batch."""
    if not _about(game, trig, event.data["obj"], source, controller):
        return False
    return not (_batch(trig) and _pending_same(game, trig, source, event.name))


def _player_attacked(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    data = event.data
    attacker, defender = data["by"], data["player"]
    if not _player_ok(game, trig.player, attacker, controller):
        return False
    relation = trig.detail
    if relation == "you" and defender is not controller:
        return False
    if relation == "opponent" and defender is controller:
        return False
    if relation == "enchanted" and defender is not getattr(source, "attached_to", None):
        return False
    if trig.filter is None:
        return True
    fits = [o for o in data["attackers"]
            if targeting.matches(game, o, trig.filter, controller, source, zone_check=False)]
    return len(fits) >= (trig.ordinal or 1)


def _attacks_player_of(game: Game, trig: Any, event: Any, source: Any,
                       controller: Player) -> bool:
    defender = event.data.get("defender")
    if trig.detail == "opponent_or_planeswalker":
        # "attacks one of your opponents or a planeswalker an opponent controls" (508.1b)
        if isinstance(defender, GameObject):
            return defender.controller is not controller and defender.has_type("Planeswalker") \
                and _about(game, trig, event.data["obj"], source, controller)
        return isinstance(defender, Player) and defender is not controller and _about(
            game, trig, event.data["obj"], source, controller)
    if not isinstance(defender, Player):
        return False
    if trig.detail == "opponent" and defender is controller:
        return False
    if trig.detail == "enchanted" and defender is not getattr(source, "attached_to", None):
        return False
    return _about(game, trig, event.data["obj"], source, controller)


def commits_crime(item: Any, player: Any) -> bool:
    """700.13: whether ``item`` (a spell or an ability on the stack) targets an opponent of
    ``player``, a permanent, spell or ability an opponent controls, or a card in an opponent's
    graveyard."""
    for t in getattr(item, "targets", None) or ():
        if isinstance(t, Player):
            if t is not player:
                return True
        elif isinstance(t, GameObject):
            if t.zone == "graveyard" and t.owner is not player:
                return True
            if t.zone in ("battlefield", "stack") and t.controller is not player:
                return True
        elif getattr(t, "controller", player) is not player:  # an ability on the stack
            return True
    return False


_CRIME_EVENTS = ("spell_cast", "ability_activated", "ability_triggered_on_stack")
_ACTION_EVENTS = {"scried": ("scried",), "surveilled": ("surveilled",),
                  "proliferated": ("proliferated",), "clashed": ("clashed",),
                  "clashed_won": ("clashed",),
                  "collected_evidence": ("collected_evidence", "evidence_collected"),
                  "discovered": ("discovered",), "foraged": ("foraged",),
                  "manifested_dread": ("manifested_dread",), "gift_given": ("gift_given",),
                  "became_monarch": ("became_monarch",), "ring_tempted": ("ring_tempted",),
                  "ring_bearer_chosen": ("ring_bearer_chosen",),  # 701.54a
                  "crime": _CRIME_EVENTS}


def _player_action(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    what = trig.detail or ""
    if event.name not in _ACTION_EVENTS.get(what, ()):
        return False
    player = event.data.get("player")
    if trig.player == "enchanted":
        if player is not getattr(source, "attached_to", None):
            return False
    elif not _player_ok(game, trig.player or "you", player, controller):
        return False
    if what == "clashed_won":
        return bool(event.data.get("won"))
    if what == "crime":
        return commits_crime(event.data["obj"], player)
    return True


_OBJECT_ACTIONS = ("explored", "connived", "phased_in", "phased_out", "goaded",
                   "mutated")  # (702.140d)


def _object_action(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    if event.name != trig.detail:
        return False
    obj = event.data["obj"]
    zone_check = event.name != "phased_out"  # (a phased-out permanent is treated as though
    return _about(game, trig, obj, source, controller, zone_check=zone_check)  # absent, 702.26b)


def _damage_to(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    data = event.data
    details = (trig.detail or "").split(";")
    if ("combat" in details and not data.get("combat")) or (
            "noncombat" in details and data.get("combat")):
        return False
    recipient = data["recipient"]
    subj = trig.subject
    if subj is not None:
        wanted = source if subj.kind == "self" else getattr(source, "attached_to", None)
        if recipient is not wanted or wanted is None:
            return False
    elif not isinstance(recipient, Player) or not _player_ok(game, trig.player, recipient,
                                                              controller):
        return False
    if trig.filter is not None:
        src = data.get("source")
        if not isinstance(src, GameObject) or not targeting.matches(
                game, src, trig.filter, controller, source, zone_check=False):
            return False
    return not (_batch(trig) and _pending_same(game, trig, source, event.name))


def _damaged_dies(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    obj = event.data["obj"]
    by = source if trig.subject is None or trig.subject.kind == "self" else \
        getattr(source, "attached_to", None)
    if by is None or obj is by or not targeting.matches(game, obj, trig.filter, controller,
                                                         source, zone_check=False):
        return False
    return any(ev.data.get("source") is by and ev.data.get("recipient") is obj
               for ev in game.events_this_turn("damage_dealt"))


def _enters_enchanted_player(game: Game, trig: Any, event: Any, source: Any,
                             controller: Player) -> bool:
    obj = event.data["obj"]
    player = getattr(source, "attached_to", None)
    return isinstance(player, Player) and obj.controller is player and _about(
        game, trig, obj, source, controller)


def _play_land(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    if trig.detail == "exile" and getattr(event.data["obj"], "came_from", None) != "exile":
        return False  # "Whenever you play a land from exile" (305.1, 400.7)
    return _player_ok(game, trig.player, event.data.get("player"), controller) and (
        trig.filter is None or targeting.matches(game, event.data["obj"], trig.filter,
                                                 controller, source, zone_check=False))


def _deals_damage_to(game: Game, trig: Any, event: Any, source: Any,
                     controller: Player) -> bool:
    """120.3: the source the subject names dealt (combat) damage to the recipient the trigger
    names: a player or a battle (310), the defending player (506.2: a player it attacks, or an
    opponent of its controller), or a permanent the filter fits."""
    data = event.data
    parts = (trig.detail or "").split(";")
    if ("combat" in parts and not data.get("combat")) or (
            "noncombat" in parts and data.get("combat")):
        return False
    src, rec = data.get("source"), data["recipient"]
    subj = trig.subject
    if subj.kind == "self":
        if src is not source:
            return False
    elif subj.kind in ("equipped", "enchanted"):
        if src is None or src is not getattr(source, "attached_to", None):
            return False
    elif not isinstance(src, GameObject) or not targeting.matches(
            game, src, subj.filter, controller, source, zone_check=False):
        return False
    if parts[0] == "player_or_battle":
        return isinstance(rec, Player) or (isinstance(rec, GameObject) and rec.has_type("Battle"))
    if parts[0] == "defending_player":
        return isinstance(rec, Player) and rec is not getattr(src, "controller", controller)
    return isinstance(rec, GameObject) and targeting.matches(game, rec, trig.filter, controller,
                                                             source, zone_check=False)


def _exploits(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """702.110b: the sacrifice happened as an exploit ability resolved (the records the
    exploiting creature's exploit keyword stands for, 702.110a), made by its controller."""
    res = game.resolving
    exploiter = getattr(res, "source", None)
    if not isinstance(exploiter, GameObject) or event.data.get("player") is not getattr(
            res, "controller", None):
        return False
    subj = trig.subject
    if subj.kind == "self":
        if exploiter is not source:
            return False
    elif not targeting.matches(game, exploiter, subj.filter, controller, source,
                               zone_check=False):
        return False
    if not _from_exploit(exploiter, getattr(res, "ability", None)):
        return False
    return targeting.matches(game, event.data["obj"], trig.filter, controller, source,
                             zone_check=False)


def _from_exploit(obj: GameObject, ability: Any) -> bool:
    """Whether ``ability`` is one of the records ``obj``'s exploit keyword stands for."""
    if ability is None:
        return False
    for a in compiled.object_abilities(obj):
        if getattr(a, "name", None) == "exploit" and any(
                r is ability for r in compiled.keyword_records(a, obj.name, obj.face.name,
                                                               obj.face.type_line)):
            return True
    return False


for _kind, _events, _fn in (
        ("exploits", ("sacrificed",), _exploits),
        ("deals_damage_to", ("damage_dealt",), _deals_damage_to),
        ("attacks_alone", ("attacks",), _attacks_alone),
        ("attacks_unblocked", ("attacker_unblocked",), _object_about),
        ("became_blocked", ("became_blocked",), _object_about),
        ("player_attacked", ("player_attacked",), _player_attacked),
        ("attacks_player_of", ("attacks",), _attacks_player_of),
        ("player_action", tuple({e for es in _ACTION_EVENTS.values() for e in es}),
         _player_action),
        ("object_action", _OBJECT_ACTIONS, _object_action),
        ("damage_to", ("damage_dealt",), _damage_to),
        ("damaged_dies", ("dies",), _damaged_dies),
        ("enters_enchanted_player", ("entered",), _enters_enchanted_player),
        ("play_land", ("land_played",), _play_land)):
    triggers.register_kind(_kind, _events, _fn)
