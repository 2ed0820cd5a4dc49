"""Colors chosen or ignored as an effect resolves: becoming the color of a player's choice
(105.3, layer 5, 613.1e: "Target creature becomes the color of your choice until end of turn",
record :class:`rules_engine.records.BecomesChosenColor`) and spending mana as though it were
mana of any color to cast the cards an effect lets a player cast (609.4b, record
:class:`rules_engine.records.SpendAnyMana`, read by ``casting`` through
``game.any_mana_casts``). Grammar in :mod:`rules_engine.text.verbs_actions`."""

from __future__ import annotations

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import resolve_ref, run
from rules_engine.objects import GameObject
from rules_engine.records import BecomesChosenColor, SpendAnyMana

_COLORS = ("white", "blue", "black", "red", "green")


def h_becomes_chosen_color(ctx: Ctx, eff: BecomesChosenColor) -> None:
    """608.2d: the controller chooses the color as the effect resolves (105.1: the five
    colors), then the object becomes it for the duration, as "becomes blue" would."""
    pick = ctx.game.decider.choose(ctx.controller.name, f"color ({eff.text})", list(_COLORS))
    ctx.game.log("color_chosen", player=ctx.controller, color=pick)
    run(ctx.game, ctx, (ab.SetTypes(subject=eff.subject, colors=(pick,), duration=eff.duration,
                                    text=eff.text),))


def h_spend_any_mana(ctx: Ctx, eff: SpendAnyMana) -> None:
    """609.4b: remember the cards (as the objects they are now, 400.7) and who may cast them
    with mana of any color."""
    objs = [o for o in resolve_ref(ctx, eff.subject) if isinstance(o, GameObject)]
    if not objs and ctx.those:
        objs = [o for o in ctx.those if isinstance(o, GameObject)]
    table = ctx.game.__dict__.setdefault("any_mana_casts", [])
    table.extend((o, o.timestamp, ctx.controller) for o in objs)


registry.register_effects({BecomesChosenColor: h_becomes_chosen_color,
                           SpendAnyMana: h_spend_any_mana})
