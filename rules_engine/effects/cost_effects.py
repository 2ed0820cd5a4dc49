"""Resolved cost changes and "next spell has ..." grants for the rest of the turn (611.2a,
601.2f, 613.1f).

"Artifact spells you cast this turn cost {1} less to cast", "the next spell you cast this turn
costs {1} less to cast", "Spells with the chosen name cost {1} less to cast this turn"
(:class:`~rules_engine.records.CostChangeThisTurn`): a continuous effect from a resolving
spell or ability; it applies to spells cast later this turn (611.2c: the set of spells it
affects is not fixed as it resolves, each spell is judged as it is cast). It is kept with the
player it speaks for ("you"), the turn, and the length of the event log as it began, so that
a "next spell" effect is used up by the first such spell that player casts afterwards
(601.2i); :func:`rules_engine.cost_modifiers.modified_cost` applies it.
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.context import Ctx
from rules_engine.cost_modifiers import TURN_COST_CHANGES
from rules_engine.statics_spells import NEXT_SPELL_GRANTS


def h_cost_change_this_turn(ctx: Ctx, eff: records.CostChangeThisTurn) -> None:
    game = ctx.game
    if eff.modifier is None:
        return
    kept = [e for e in game.__dict__.get(TURN_COST_CHANGES, ()) if e[3] == game.turn]
    kept.append((ctx.controller, eff.modifier, eff.next_only, game.turn, len(game.events),
                 ctx.source))
    game.__dict__[TURN_COST_CHANGES] = kept
    game.log("cost_change_begun", player=ctx.controller, text=eff.text)


def h_next_spell_grant(ctx: Ctx, eff: records.NextSpellGrant) -> None:
    """611.2a, 613.1f: "the next spell you cast this turn has cascade": kept until that spell
    is cast (rules_engine.statics_spells gives it the keywords, 601.2a)."""
    game = ctx.game
    if eff.grant is None:
        return
    kept = [e for e in game.__dict__.get(NEXT_SPELL_GRANTS, ()) if e[2] == game.turn]
    kept.append((ctx.controller, eff.grant, game.turn, len(game.events)))
    game.__dict__[NEXT_SPELL_GRANTS] = kept
    game.log("next_spell_grant_begun", player=ctx.controller, text=eff.text)


registry.register_effects({records.CostChangeThisTurn: h_cost_change_this_turn,
                           records.NextSpellGrant: h_next_spell_grant})
