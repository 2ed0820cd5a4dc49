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

import re
from typing import Any

from rules_engine import records, registry, targeting
from rules_engine import statics as st
from rules_engine.context import Ctx
from rules_engine.cost_modifiers import TURN_COST_CHANGES
from rules_engine.game import Game, with_emblems
from rules_engine.objects import GameObject, Player
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


def _optional_extra_costs(game: Game, player: Player, obj: GameObject, cost_text: str, x: int,
                          other_parts: tuple[Any, ...]
                          ) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """601.2b: "As an additional cost to cast green permanent spells, you may pay 2 life.
    Those spells cost {G} less to cast if you paid life this way" (records.OptionalSpellCost
    of a permanent its caster controls): announced with the other additional costs; if it is
    paid, the coloured symbols named are taken off the mana cost (601.2f; only that colour,
    so a spell without it gets no reduction)."""
    parts: tuple[Any, ...] = ()
    for src in with_emblems(game, game.battlefield):
        if src.controller is not player or src.phased_out:
            continue
        for abl in st.battlefield_statics(src):
            for eff in abl.effects:
                if not isinstance(eff, records.OptionalSpellCost) or eff.extra is None:
                    continue
                saved = obj.controller
                obj.controller = player
                try:
                    fits = targeting.matches(game, obj, eff.filter, player, src,
                                             zone_check=False)
                finally:
                    obj.controller = saved
                life = sum(int(p.amount.value) for p in eff.extra.parts
                           if p.amount is not None and p.amount.value is not None)
                if not fits or player.life < life or not game.decider.may(
                        player.name, f"{eff.extra.text} as an additional cost ({src.name}, "
                                     "601.2b)"):
                    continue
                parts += tuple(eff.extra.parts)
                for sym in re.findall(r"\{[WUBRG]\}", eff.delta):
                    cost_text = cost_text.replace(sym, "", 1)  # (only that colour, 601.2f)
    return cost_text, parts, {}


registry.register_cast_announcement(_optional_extra_costs)
registry.register_effects({records.CostChangeThisTurn: h_cost_change_this_turn,
                           records.NextSpellGrant: h_next_spell_grant})
