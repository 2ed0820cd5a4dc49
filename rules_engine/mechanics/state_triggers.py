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
# id(face) -> (face, whether any triggered ability is a state trigger). The entry keeps its
# face alive and is only read for that very face: keyed by the bare id, a face collected after
# its game (a token's, a copy's) could leave its id to a new face with a state trigger, which
# the cached False would then hide. Bounded: cleared when it grows past _HAS_STATE_MAX.
_HAS_STATE: dict[int, tuple[Any, bool]] = {}
_HAS_STATE_MAX = 8192


def _state_abilities(obj: GameObject) -> list[tuple[int, Any]]:
    face = obj.face
    hit = _HAS_STATE.get(id(face))
    if not obj.mods and hit is not None and hit[0] is face and hit[1] is False:
        return []
    found = [(i, a) for i, a in enumerate(compiled.triggered_abilities(obj))
             if a.trigger.event == "state"]
    if not obj.mods:
        if len(_HAS_STATE) >= _HAS_STATE_MAX:
            _HAS_STATE.clear()
        _HAS_STATE[id(face)] = (face, bool(found))
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
