"""Reconfigure (702.151): an Equipment creature that attaches itself and stops being a creature.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.151a: "Reconfigure [cost]" means "[Cost]: Attach this permanent to another target
  creature you control. Activate only as a sorcery" and "[Cost]: Unattach this permanent.
  Activate only if this permanent is attached to a creature and only as a sorcery." Built as
  those two activated abilities (the condition ``reconfigure_attached``; the unattaching is the
  keyword action "unattach", 701.3d).
- 301.5c: an Equipment that's also a creature can't equip a creature unless it has
  reconfigure (``effects.control.can_attach`` asks ``compiled.has_keyword``).
- 702.151b: attached to a creature this way, the Equipment stops being a creature until it
  becomes unattached: a type-setting modification (205.1a, layer 4: its card types without
  Creature, and so without its creature types) added and removed by a state-based check the
  moment it is attached or unattached (kept true before any player gets priority, 117.5).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import compiled, conditions, registry
from rules_engine.context import Ctx
from rules_engine.game import Game
from rules_engine.objects import GameObject, Mod

_KEY = "reconfigured"  # game.__dict__: [(equipment, its timestamp, the Mod)]


def _reconfigure(kw: Any) -> tuple[Any, ...]:
    """702.151a: the two activated abilities."""
    if kw.cost is None or not kw.cost.parts:
        return ()
    target = ab.Target(kind="creature", filter=ab.ObjectFilter(
        card_types=("creature",), controller="you", other=True, text="creature you control"),
        min_count=1, max_count=1, index=0, text="another target creature you control")
    attach = ab.ActivatedAbility(
        cost=kw.cost, effects=(ab.Attach(subject=ab.Ref("self"), to=ab.Ref(
            "target", target=target, text="another target creature you control"),
            text="Attach this permanent to another target creature you control"),),
        timing="sorcery", text=f"{kw.cost.text}: Attach this permanent to another target "
                               "creature you control. Activate only as a sorcery.")
    unattach = ab.ActivatedAbility(
        cost=kw.cost, effects=(ab.KeywordAction(name="unattach", subject=ab.Ref("self"),
                                                text="Unattach this permanent"),),
        timing="sorcery", condition=ab.Condition(
            "reconfigure_attached", text="if this permanent is attached to a creature"),
        text=f"{kw.cost.text}: Unattach this permanent. Activate only if this permanent is "
             "attached to a creature and only as a sorcery.")
    return (attach, unattach)


def _attached(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    to = getattr(source, "attached_to", None)
    return isinstance(to, GameObject) and to.zone == "battlefield" and to.is_creature


def _ka_unattach(ctx: Ctx, eff: Any) -> None:
    """701.3d: it stays on the battlefield, attached to nothing."""
    obj = ctx.source
    if isinstance(obj, GameObject) and obj.zone == "battlefield" and obj.attached_to is not None:
        obj.attached_to = None
        ctx.game.log("unattached", obj=obj)


@registry.state_based(order=6)
def _not_a_creature_while_attached(game: Game) -> bool:
    """702.151b: add the modification as it is attached, drop it once it is unattached."""
    kept: list[tuple[GameObject, int, Mod]] = []
    for obj, stamp, mod in game.__dict__.get(_KEY, ()):
        if obj.zone == "battlefield" and obj.timestamp == stamp and obj.attached_to is not None \
                and mod in obj.mods:
            kept.append((obj, stamp, mod))
        elif mod in obj.mods:
            obj.mods.remove(mod)
            obj.refresh_face()
    done = {id(o) for o, _s, _m in kept}
    for obj in game.battlefield:
        if obj.attached_to is None or id(obj) in done or not obj.is_creature or \
                not compiled.has_keyword(obj, "reconfigure"):
            continue
        types = tuple(t for t in obj.face.types if t != "Creature")
        mod = Mod(set_types=types, until="permanent", timestamp=game.next_timestamp())
        obj.mods.append(mod)
        obj.refresh_face()
        kept.append((obj, obj.timestamp, mod))
        game.log("stopped_being_a_creature", obj=obj, rule="702.151b")
    game.__dict__[_KEY] = kept
    return False  # (a characteristic changed; no state-based action was performed)


registry.register_keyword_builders({"reconfigure": _reconfigure})
registry.register_keyword_actions({"unattach": _ka_unattach})
conditions._MORE["reconfigure_attached"] = _attached
