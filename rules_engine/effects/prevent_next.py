""""The next time a [red] source of your choice would deal damage to you this turn, prevent that
damage" (615.7, the Circles of Protection and their kin).

615.7 / 609.7a: the source is chosen as the effect resolves (a permanent, or a spell on the
stack, of the colour named if any); the next damage event that source would deal to the
protected player or object this turn is prevented in full, and the shield is used up
(combat.Shield with ``once``). No source to choose: nothing is prevented.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.combat import Shield, add_shield
from rules_engine.context import Ctx
from rules_engine.effects.core import resolve_ref
from rules_engine.objects import GameObject

_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _ka_prevent_next(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    # "... would deal damage this turn" (no recipient named): damage to anything
    protected = None if eff.subject is not None and eff.subject.kind == "any_recipient" else \
        [x for x in resolve_ref(ctx, eff.subject)] or [ctx.controller]
    color = _COLOR.get((eff.detail or "").lower())
    sources = [o for o in list(game.battlefield) + [s for s in game.stack
                                                    if isinstance(s, GameObject)]
               if color is None or color in o.colors]
    if not sources:
        game.note("no source to choose for the prevention shield")
        return
    src = game.decider.choose(ctx.controller.name, "a source of your choice (615.7)", sources)
    if src is None:
        return
    shield = Shield(protected, None, [src], None, False, game.turn, ctx.controller)
    shield.once = True
    add_shield(game, shield)


registry.register_keyword_actions({"prevent the next damage from a chosen source":
                                   _ka_prevent_next})
