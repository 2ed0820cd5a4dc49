"""Effect records of helper "stat" whose work is done before resolution.

:class:`~rules_engine.records.ActivationCostChange` ("This ability costs {1} less to activate
for each ...") changes the ability's cost as it is activated (602.2b, 601.2f:
cost_modifiers.activation_cost, asked by casting.activate_object); once the ability is on the
stack nothing of it remains to be done (608.2: the resolving ability follows its other
instructions), so its handler only passes over it.

"Prevent all [combat] damage a [red] source of your choice would deal [to you] this turn"
(615.1; the source is chosen as the effect resolves, 609.7a: a permanent or a spell on the
stack, of that colour, a creature for "a creature of your choice"): a prevention shield on
damage from that source to anything (or to you) for the rest of the turn; a source that
changes zones is a new object it no longer knows (400.7, combat.Shield).
"""

from __future__ import annotations

from typing import Any

from rules_engine import records, registry
from rules_engine.combat import Shield, add_shield
from rules_engine.context import Ctx
from rules_engine.objects import GameObject
from rules_engine.text.statics_phrases import PREVENT_CHOSEN

_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def h_activation_cost_change(ctx: Ctx, eff: records.ActivationCostChange) -> None:
    """Nothing at resolution: the cost was already changed (602.2b)."""
    return None


def _ka_prevent_chosen(ctx: Ctx, eff: Any) -> None:
    game = ctx.game
    words = (eff.detail or "").split()
    color = next((_COLOR[w] for w in words if w in _COLOR), None)
    sources = [o for o in list(game.battlefield) + [s for s in game.stack
                                                    if isinstance(s, GameObject)]
               if (color is None or color in o.colors)
               and ("creature" not in words or (o.zone == "battlefield" and o.is_creature))]
    if not sources:
        game.note("no source to choose for the prevention (609.7a)")
        return
    src = game.decider.choose(ctx.controller.name, "a source of your choice (609.7a)", sources)
    if src is None:
        return
    to = [ctx.controller] if eff.subject is not None and eff.subject.kind == "you" else None
    add_shield(game, Shield(to, None, [src], None, "combat" in words, game.turn,
                            ctx.controller))
    game.log("source_chosen", obj=src, player=ctx.controller)


registry.register_keyword_actions({PREVENT_CHOSEN: _ka_prevent_chosen})
registry.register_effects({records.ActivationCostChange: h_activation_cost_change})
