"""Changing the targets of a spell or ability on the stack (115.7): "You may choose new targets
for target spell", "... for that spell", "You may change any targets of target Arcane spell".
Record :class:`rules_engine.records.ChangeTargets`, grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from typing import Any

from rules_engine import registry, targeting
from rules_engine.context import Ctx
from rules_engine.effects.core import resolve_ref
from rules_engine.objects import GameObject, StackAbility
from rules_engine.records import ChangeTargets


def _retarget(ctx: Ctx, spell: Any) -> None:
    """115.7d: each target may stay (even if now illegal) or change to another legal one; the
    choice per target offers the current one first (unanswered, it stays)."""
    game = ctx.game
    player = ctx.controller
    old_map = (getattr(spell, "choices_made", None) or {}).get("target_map", {}) or {}
    new_map: dict[Any, list[Any]] = {}
    chosen: list[Any] = []
    for target, objs in old_map.items():
        for current in objs:
            legal = [o for o in targeting.candidates(game, target, spell.controller, spell)
                     if o is not current and o not in chosen]
            pick = game.decider.choose(player.name, f"new target for {spell.name} "
                                                    f"({target.text or target.kind})",
                                       [current] + legal)
            chosen.append(pick)
            new_map.setdefault(target, []).append(pick)
    if not chosen:
        return
    stamps = dict((id(o), (o, t)) for o, t in spell.choices_made.get("target_stamps", []))
    spell.targets = chosen
    spell.choices_made["target_map"] = new_map
    spell.choices_made["target_stamps"] = [
        stamps.get(id(o), (o, o.timestamp)) for o in chosen if isinstance(o, GameObject)]
    game.log("targets_changed", obj=spell, player=player)


def h_change_targets(ctx: Ctx, eff: ChangeTargets) -> None:
    """115.7d for each spell or ability the reference names that is still on the stack."""
    for spell in resolve_ref(ctx, eff.subject):
        if isinstance(spell, GameObject | StackAbility) and spell in ctx.game.stack:
            _retarget(ctx, spell)


registry.register_effects({ChangeTargets: h_change_targets})
