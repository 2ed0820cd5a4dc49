"""Durations "for as long as ..." of effects from resolving abilities (611.2b).

"Gain control of target creature for as long as you control ~", "Target creature gets +1/+1
for as long as ~ remains tapped", "It doesn't untap during its controller's untap step for as
long as ~ remains tapped": the effect lasts while its condition holds and ends the moment it
stops holding; once ended it never starts again (611.2b). The source is the object the ability
came from, as it was when the effect began (a source that left the battlefield is a new object
if it comes back, 400.7, so the effect has ended).

Each such effect gets a tag (``while:<n>``) used as its ``Mod.until``; :func:`end_while_effects`
runs in every state-based-action check (the moments the engine looks at the game, 704.3) and
removes the mods, restores control, and forgets the entries whose condition no longer holds.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.game import Game
from rules_engine.objects import ABILITY_CHANGES, GameObject

_KEY = "while_durations"  # game.__dict__: [(tag, condition, source, stamp, controller)]
_CONTROL = "while_controls"  # game.__dict__: [(tag, object, stamp, previous controller)]


def while_tag(ctx: Ctx, duration: Any) -> str:
    """Register a "for as long as" duration for the resolving ability; its Mod.until tag."""
    game = ctx.game
    tag = f"while:{game.next_timestamp()}"
    src = _source_obj(ctx)
    stamp = getattr(src, "timestamp", None)
    game.__dict__.setdefault(_KEY, []).append((tag, duration.condition, src, stamp,
                                               ctx.controller))
    return tag


def note_control(game: Game, tag: str, obj: GameObject, previous: Any) -> None:
    """A control change (613.2, layer 2) that ends with the duration ``tag``."""
    game.__dict__.setdefault(_CONTROL, []).append((tag, obj, obj.timestamp, previous))


def _holds(game: Game, cond: Any, src: Any, stamp: Any, controller: Any) -> bool:
    """The duration's condition now: the source must still be the same object (400.7)."""
    if cond is None:
        return True
    kind = cond.kind
    if kind == "and":
        return all(_holds(game, c, src, stamp, controller) for c in cond.parts)
    same = isinstance(src, GameObject) and src.zone == "battlefield" and src.timestamp == stamp
    if kind == "source_on_battlefield":  # "for as long as ~ remains on the battlefield"
        return same
    if kind == "source_tapped":  # "for as long as ~ remains tapped"
        return same and src.tapped
    if kind == "you_control_source":  # "for as long as you control ~"
        return same and src.controller is controller
    if kind == "source_enchanting":  # "for as long as that creature is enchanted"
        return same
    return False


@registry.state_based(order=5)
def end_while_effects(game: Game) -> bool:
    """611.2b: end the "for as long as" effects whose condition stopped holding."""
    entries = game.__dict__.get(_KEY)
    if not entries:
        return False
    ended = {tag for tag, cond, src, stamp, who in entries
             if not _holds(game, cond, src, stamp, who)}
    if not ended:
        return False
    game.__dict__[_KEY] = [e for e in entries if e[0] not in ended]
    for obj in game.battlefield:
        if obj.mods and any(m.until in ended for m in obj.mods):
            gone = [m for m in obj.mods if m.until in ended]
            obj.mods = [m for m in obj.mods if m.until not in ended]
            if any(m.copy_face is not None for m in gone):
                obj.refresh_face()  # a copy effect ended (707.2)
            ABILITY_CHANGES[0] += 1  # what it has changed: the statics are rebuilt
    controls = game.__dict__.get(_CONTROL, [])
    for tag, obj, stamp, previous in controls:
        if tag in ended and obj.zone == "battlefield" and obj.timestamp == stamp and \
                not previous.left:
            obj.controller = previous
            game.log("control_changed", obj=obj, player=previous)
    game.__dict__[_CONTROL] = [c for c in controls if c[0] not in ended]
    game.log("effect_ended", count=len(ended))
    return True
