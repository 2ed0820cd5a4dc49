"""Choosing among the cards an effect just looked at (608.2c-d): "Choose one of them",
"An opponent chooses two of those cards", "... a creature card from among them", "choose one
of them at random".

The group the effect looked at ("those cards", ``ctx.those``) stays as it was, so the words
after the choice can name both parts: the cards picked ("that card", "the chosen cards",
``ctx.chosen``; ``ctx.it`` is the last of them) and the others ("the rest", "the other").
"""

from __future__ import annotations

from rules_engine import records, registry, targeting
from rules_engine.abilities import Ref
from rules_engine.context import Ctx
from rules_engine.effects.core import _players, _without_zone
from rules_engine.objects import GameObject, Player


def _chooser(ctx: Ctx, ref: Ref) -> Player:
    """The player a choice is given to: "an opponent" is one opponent, the controller's choice
    of them (there is one in a two-player game); else the player the words name."""
    if ref.kind == "chosen" and ref.filter is not None and "opponent" in ref.filter.qualifiers:
        opponents = ctx.game.opponents(ctx.controller)
        if len(opponents) > 1:
            return ctx.game.decider.choose(ctx.controller.name, "opponent to choose",
                                           opponents)
        return opponents[0] if opponents else ctx.controller
    return (_players(ctx, ref) or [ctx.controller])[0]


def h_choose_among(ctx: Ctx, eff: records.ChooseAmong) -> None:
    """608.2d: the named player (the controller unless the text names another) picks
    ``eff.count`` of the cards looked at that match the filter; "at random" the game picks
    (the seeded generator). With fewer matching cards, every one is picked (609.3: do as much as
    possible)."""
    game = ctx.game
    chooser = _chooser(ctx, eff.chooser)
    pool = [o for o in ctx.those if isinstance(o, GameObject)]
    if eff.filter is not None:
        flt = _without_zone(eff.filter)
        pool = [o for o in pool if targeting.matches(game, o, flt, ctx.controller, None,
                                                     zone_check=False)]
    if len(pool) <= eff.count:
        chosen = list(pool)
    elif eff.random:
        chosen = game.rng.sample(pool, eff.count)
    else:
        chosen = game.decider.choose_many(chooser.name, f"choose {eff.text}", pool, eff.count)
    ctx.chosen = list(chosen)
    if chosen:
        ctx.it = chosen[-1]
    game.log("chose_among", player=chooser, cards=[o.name for o in chosen])


registry.register_effects({records.ChooseAmong: h_choose_among})
