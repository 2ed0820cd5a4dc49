"""State triggers (603.8): "When you control no Forests, sacrifice ~", "When there are no
creatures on the battlefield, sacrifice ~".

603.8: a state-triggered ability triggers whenever the game state matches its condition, checked
whenever a player would receive priority (here: with the state-based actions, 704.3); it
doesn't trigger again until the ability has resolved, been countered, or otherwise left the
stack, so one that stays true triggers once more only after that.
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, registry, targeting
from rules_engine.game import Game
from rules_engine.objects import GameObject
from rules_engine.triggers import Pending

_KEY = "state_triggered"  # game.__dict__: {(object id, timestamp, ability index): ability}
_HAS_STATE: dict[int, bool] = {}  # id(face) -> whether any triggered ability is a state trigger


def _state_abilities(obj: GameObject) -> list[tuple[int, Any]]:
    face_key = id(obj.face)
    if not obj.mods and _HAS_STATE.get(face_key) is False:
        return []
    found = [(i, a) for i, a in enumerate(compiled.triggered_abilities(obj))
             if a.trigger.event == "state"]
    if not obj.mods:
        _HAS_STATE[face_key] = bool(found)
    return found


def _holds(game: Game, trig: Any, src: GameObject) -> bool:
    """The trigger's state now: no permanent matching its filter (controlled by the source's
    controller for "you control no ...", anywhere on the battlefield otherwise)."""
    you = src.controller
    for o in game.permanents():
        if trig.detail == "none_controlled" and o.controller is not you:
            continue
        if targeting.matches(game, o, trig.filter, you, src):
            return False
    return True


def _still_waiting(game: Game, src: GameObject, abl: Any) -> bool:
    """Whether this state trigger is pending or on the stack (603.8: not again until then)."""
    return any(p.source is src and p.ability is abl for p in game.pending_triggers) or any(
        getattr(s, "source", None) is src and getattr(s, "ability", None) is abl
        for s in game.stack)


@registry.state_based(order=6)
def check_state_triggers(game: Game) -> bool:
    """603.8: trigger each state-triggered ability whose state holds and that isn't waiting."""
    waiting: dict[tuple[int, int, int], Any] = game.__dict__.setdefault(_KEY, {})
    acted = False
    for key, (src, abl) in list(waiting.items()):
        if not _still_waiting(game, src, abl):
            del waiting[key]
    for src in list(game.battlefield):
        if src.phased_out:
            continue
        for i, abl in _state_abilities(src):
            key = (src.oid, src.timestamp, i)
            if key in waiting or not _holds(game, abl.trigger, src):
                continue
            waiting[key] = (src, abl)
            game.pending_triggers.append(Pending(src.name, src, src.controller, abl.effects,
                                                 ability=abl, condition=abl.condition))
            game.log("state_triggered", obj=src, player=src.controller)
            acted = True
    return acted
