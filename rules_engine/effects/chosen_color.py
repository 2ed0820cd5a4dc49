"""Becoming the color of a player's choice (105.3, layer 5, 613.1e): "Target creature becomes
the color of your choice until end of turn". Record
:class:`rules_engine.records.BecomesChosenColor`, grammar in
:mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import run
from rules_engine.records import BecomesChosenColor

_COLORS = ("white", "blue", "black", "red", "green")


def h_becomes_chosen_color(ctx: Ctx, eff: BecomesChosenColor) -> None:
    """608.2d: the controller chooses the color as the effect resolves (105.1: the five
    colors), then the object becomes it for the duration, as "becomes blue" would."""
    pick = ctx.game.decider.choose(ctx.controller.name, f"color ({eff.text})", list(_COLORS))
    ctx.game.log("color_chosen", player=ctx.controller, color=pick)
    run(ctx.game, ctx, (ab.SetTypes(subject=eff.subject, colors=(pick,), duration=eff.duration,
                                    text=eff.text),))


registry.register_effects({BecomesChosenColor: h_becomes_chosen_color})
