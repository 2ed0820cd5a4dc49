"""Phasing.

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 702.26a-b: phased-out permanents are treated as though they don't exist.
- 702.26c / 502.1: in the untap step, the active player's phased-in permanents with phasing
  phase out and their phased-out permanents phase in, simultaneously.
- 702.26d: phasing doesn't cause zone changes; the permanent keeps its status (and
  designations such as prepared, 722.3c: it phases in prepared and gets a new copy).
- 702.26g: things attached phase out indirectly (not modelled: no auras/equipment here).
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.mechanics import prepare
from rules_engine.objects import GameObject


def phase_out(game: Game, obj: GameObject) -> None:
    if obj.phased_out or obj.zone != "battlefield":
        return
    obj.phased_out = True
    game.bound_key = None  # what is on the battlefield changed (day_night.bound_checks)
    obj.phased_controller = obj.controller
    if obj.prepared:
        prepare.remove_copy(game, obj)  # 722.3c: the copy stays only while on the battlefield
    game.log("phased_out", obj=obj)


def phase_in(game: Game, obj: GameObject) -> None:
    if not obj.phased_out:
        return
    obj.phased_out = False
    game.bound_key = None
    game.log("phased_in", obj=obj)
    if obj.prepared:
        prepare.make_copy(game, obj)  # 722.3c: "or phases in prepared"


def untap_step_phasing(game: Game) -> None:
    """502.1."""
    active = game.active
    going_out = [o for o in game.battlefield if not o.phased_out and o.controller is active
                 and compiled.has_keyword(o, "phasing")]
    coming_in = [o for o in game.battlefield if o.phased_out and
                 (o.phased_controller or o.controller) is active]
    for o in going_out:
        phase_out(game, o)
    for o in coming_in:
        phase_in(game, o)


# -- the keyword action this mechanic owns (registered in rules_engine.registry) ----------
def _ka_phase_out(ctx: Ctx, eff: Any) -> None:
    """702.26a: "[This permanent] phases out" as an effect's keyword action."""
    for obj in _objects(ctx, eff.subject):
        phase_out(ctx.game, obj)


registry.register_keyword_actions({"phase out": _ka_phase_out})


# -- hook points (rules_engine.registry) ---------------------------------------------------------
@registry.turn_based("untap", "502.1")
def _untap_step(game: Game, active: Any) -> None:
    untap_step_phasing(game)
