"""Trigger kinds of ``text/triggers_tail.py`` (603.2), registered with
``triggers.register_kind``:

- ``enters_from``: a permanent entered the battlefield from the zone ``detail`` names (400.7:
  the zone it came from; ";yours" - a graveyard or hand of the trigger's controller, which
  its owner's is).
- ``dealt_damage_at_least``: one damage event of at least ``ordinal`` to the object (120.3).
- ``attack_with_exactly``: the controller declared exactly ``ordinal`` attackers (508.1).
- ``cards_milled``: a mill (701.17) that moved a card the filter fits, once per mill.
- ``combat_damage_first``: ~ dealt combat damage to a player for the first time this turn.
- ``cast_not_first``: a spell but its caster's first this turn (601.2i), or (``ordinal`` 1,
  ``detail`` "combat") any spell cast during combat (506.1), ("not_own") one its caster
  doesn't own (108.3); ``draw_not_step_first``:
  a card drawn but the first one in its player's own draw step (504.1).
- ``nth_counter``: 122.6, the Nth counter of a kind put on ~ (the Plans' "fourth plan
  counter").
- ``becomes_saddled``: 702.171b (optionally the first time each turn).
- ``becomes_attached``: 701.3, ~ attached to an object the filter fits; ``goaded_attacks``:
  701.15, a goaded creature attacks.
- ``enchanted_player_draws`` / ``enchanted_player_copies``: the player the source Aura
  enchants (303.4) drew a card / copied a spell (707.10); its casts are ``cast_not_first``
  with the player "enchanted".
- ``tapped_first``: 603.2e, the permanent's first tapping this turn.
- ``expend``: 700.14, ``coin_flip``: 705 (won or lost); ("When this card becomes plotted",
  702.170, is ``mechanics/plotted.py``'s kind).
- ``attacks_with_others``: ~ (or the creature it's attached to) attacks with at least
  ``ordinal`` other attacking creatures the filter fits (508.1: declared together).
"""

from __future__ import annotations

from typing import Any

from rules_engine import targeting, triggers
from rules_engine.game import Game
from rules_engine.mechanics.trigger_batches import joined_batch
from rules_engine.objects import GameObject, Player
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


def _milled(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """701.17: one mill that moved a card the filter fits (the event lists the cards)."""
    if not any(targeting.matches(game, c, trig.filter, controller, source, zone_check=False)
               for c in event.data.get("cards", ())):
        return False
    return not joined_batch(game, trig, source, event)


def _combat_damage_first(game: Game, trig: Any, event: Any, source: Any,
                         controller: Player) -> bool:
    """510.2: combat damage ~ dealt to a player, and none earlier this turn (506.1: a second
    combat phase)."""
    data = event.data
    if data.get("source") is not source or not data.get("combat") or not isinstance(
            data.get("recipient"), Player):
        return False
    for ev in game.events_this_turn("damage_dealt"):
        if ev is not event and ev.data.get("source") is source and ev.data.get("combat") and \
                isinstance(ev.data.get("recipient"), Player):
            return False
    return True


_TAPS = ("tapped", "tapped_for_mana", "tapped_for_cost", "convoked", "attacks")


def _tapped_first(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """603.2e: the permanent became tapped, and it hadn't earlier this turn."""
    obj = event.data.get("obj")
    if event.name == "attacks" and not event.data.get("tapped"):
        return False
    if not _about(game, trig, obj, source, controller):
        return False
    for ev in _earlier_this_turn(game, event):
        if ev.name in _TAPS and ev.data.get("obj") is obj and (
                ev.name != "attacks" or ev.data.get("tapped")):
            return False
    return True


def _earlier_this_turn(game: Game, event: Any) -> Any:
    """The events of this turn logged before ``event``, newest first."""
    seen = False
    for ev in reversed(game.events):
        if ev.turn != event.turn:
            return
        if seen:
            yield ev
        elif ev is event:
            seen = True


_COMBAT_STEPS = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers",
                           "first_strike_damage", "combat_damage", "end_of_combat"})


def _cast_not_first(game: Game, trig: Any, event: Any, source: Any,
                    controller: Player) -> bool:
    """A spell its caster cast this turn after another one (``nth`` counts them, 601.2i);
    "during your turn": on its controller's turn."""
    if (event.data.get("nth") or 1) < 2 and trig.ordinal != 1:
        return False  # (ordinal 1: any spell, only the part of the turn counts)
    if trig.detail == "your_turn" and game.active is not controller:
        return False
    if trig.detail == "combat" and event.step not in _COMBAT_STEPS:
        return False  # "during combat" (506.1: the combat phase's steps)
    if trig.detail == "not_own" and getattr(event.data["obj"], "owner", None) is \
            event.data.get("player"):
        return False  # "a spell you don't own" (108.3: its owner isn't its caster)
    if not _who_ok(game, trig, event.data.get("player"), source, controller):
        return False
    return trig.filter is None or targeting.matches(game, event.data["obj"], trig.filter,
                                                    controller, source, zone_check=False)


def _who_ok(game: Game, trig: Any, player: Any, source: Any, controller: Player) -> bool:
    """The trigger's player: "enchanted" is the player the source Aura enchants (303.4)."""
    if trig.player == "enchanted":
        return player is not None and player is getattr(source, "attached_to", None)
    return triggers._player_ok(game, trig.player, player, controller)


def _enchanted_draws(game: Game, trig: Any, event: Any, source: Any,
                     controller: Player) -> bool:
    return _who_ok(game, trig, event.data.get("player"), source, controller)


def _enchanted_copies(game: Game, trig: Any, event: Any, source: Any,
                      controller: Player) -> bool:
    """707.10: enchanted player copied a spell the filter fits."""
    return _who_ok(game, trig, event.data.get("player"), source, controller) and \
        targeting.matches(game, event.data["obj"], trig.filter, controller, source,
                          zone_check=False)


def _draw_not_step_first(game: Game, trig: Any, event: Any, source: Any,
                         controller: Player) -> bool:
    """A card drawn, but not a player's first one in their own draw step (504.1)."""
    player = event.data.get("player")
    if not triggers._player_ok(game, trig.player, player, controller):
        return False
    if event.step != "draw" or game.active is not player:
        return True
    earlier = [ev for ev in game.events_this_turn("drew") if ev.step == "draw" and
               ev.data.get("player") is player]
    return bool(earlier) and earlier[-1] is not event  # (newest first: the last is the first)


def _nth_counter(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """122.6: counters of the kind put on ~ brought their number from under N to N or more
    (one event putting several counters: the Nth among them)."""
    data = event.data
    if data.get("obj") is not source or data.get("counter") != trig.detail:
        return False
    after = source.counters.get(trig.detail, 0)
    before = after - int(data.get("amount") or 0)
    return before < (trig.ordinal or 1) <= after


def _saddled(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """702.171b: ~ became saddled (its saddle ability resolved); "for the first time each
    turn": no earlier saddling of it this turn."""
    if event.data.get("obj") is not source:
        return False
    return trig.ordinal != 1 or not any(
        ev is not event and ev.data.get("obj") is source
        for ev in game.events_this_turn("saddled"))


def _becomes_attached(game: Game, trig: Any, event: Any, source: Any,
                      controller: Player) -> bool:
    """701.3: ~ became attached to an object the filter fits."""
    to = event.data.get("to")
    return event.data.get("obj") is source and isinstance(to, GameObject) and \
        targeting.matches(game, to, trig.filter, controller, source)


def _goaded_attacks(game: Game, trig: Any, event: Any, source: Any,
                    controller: Player) -> bool:
    """701.15: an attacking creature that is goaded (by anyone)."""
    obj = event.data.get("obj")
    return bool(getattr(obj, "goaded", None)) and targeting.matches(
        game, obj, trig.filter, controller, source)


def _expend(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """700.14: the mana this player spent this turn to cast spells was less than N before
    paying this spell's cost and at least N after (each ``spell_cast`` event counts its
    ``mana``)."""
    player = event.data.get("player")
    if not triggers._player_ok(game, trig.player or "you", player, controller):
        return False
    before = sum(int(ev.data.get("mana") or 0) for ev in _earlier_this_turn(game, event)
                 if ev.name == "spell_cast" and ev.data.get("player") is player)
    after = before + int(event.data.get("mana") or 0)
    return before < (trig.ordinal or 0) <= after


def _coin_flip(game: Game, trig: Any, event: Any, source: Any, controller: Player) -> bool:
    """705: "Whenever you win / lose a coin flip" (the flip's caller, 705.1)."""
    if event.data.get("player") is not controller:
        return False
    return bool(event.data.get("won")) == (trig.detail == "win")


for _kind, _events, _fn in (
        ("expend", ("spell_cast",), _expend),
        ("enchanted_player_draws", ("drew",), _enchanted_draws),
        ("enchanted_player_copies", ("spell_copied",), _enchanted_copies),
        ("becomes_attached", ("attached",), _becomes_attached),
        ("goaded_attacks", ("attacks",), _goaded_attacks),
        ("becomes_saddled", ("saddled",), _saddled),
        ("nth_counter", ("counters_put",), _nth_counter),
        ("cast_not_first", ("spell_cast",), _cast_not_first),
        ("draw_not_step_first", ("drew",), _draw_not_step_first),
        ("tapped_first", _TAPS, _tapped_first),
        ("coin_flip", ("coin_flipped",), _coin_flip),
        ("cards_milled", ("milled",), _milled),
        ("combat_damage_first", ("damage_dealt",), _combat_damage_first),
        ("enters_from", ("entered",), _enters_from),
        ("dealt_damage_at_least", ("damage_dealt",), _dealt_at_least),
        ("attack_with_exactly", ("attackers_declared",), _attack_exactly),
        ("attacks_with_others", ("attacks",), _with_others)):
    triggers.register_kind(_kind, _events, _fn)

