"""Endure (keyword action, 701.63).

- 701.63a: "[This permanent] endures N": its controller creates an N/N white Spirit creature
  token unless they put N +1/+1 counters on that permanent. The choice is the controller's
  ("you may" answered yes puts the counters; unanswered, the token is created, the
  documented default of a "may"); a permanent no longer on the battlefield can't get the
  counters, so the token is created (its last known controller creates it, 608.2h).
- 701.63b: endure 0 does nothing.
The counters go through ``Game.counters_to_put`` and the token through the token code, so
replacement effects of either event apply (614.1a).
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx, _source_obj
from rules_engine.effects.core import _objects, amount
from rules_engine.effects.tokens import h_token
from rules_engine.objects import GameObject


def _spirit(n: int) -> ab.TokenSpec:
    return ab.TokenSpec(power=ab.Amount(n), toughness=ab.Amount(n), colors=("white",),
                        card_types=("creature",), subtypes=("Spirit",),
                        text=f"a {n}/{n} white Spirit creature token")


def _ka_endure(ctx: Ctx, eff: Any) -> None:
    """701.63a-b for each permanent the record names (~ itself when it names "you")."""
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    if n <= 0:
        return  # 701.63b
    subject = eff.subject
    objs = [_source_obj(ctx)] if subject is None or subject.kind == "you" else \
        _objects(ctx, subject)
    for obj in objs:
        if not isinstance(obj, GameObject):
            continue
        player = obj.controller or ctx.controller
        if obj.zone == "battlefield" and game.decider.may(
                player.name, f"put {n} +1/+1 counters on {obj.name} (else create a {n}/{n} "
                f"Spirit token) - endure {n}"):
            k = game.counters_to_put(obj, "+1/+1", n, by=player)
            if k > 0:
                obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + k
                game.log("counters_put", obj=obj, counter="+1/+1", amount=k, player=player)
        else:
            inner = Ctx(game, ctx.source, player, ctx.item)
            h_token(inner, ab.CreateToken(token=_spirit(n), amount=ab.Amount(1),
                                          text=f"create a {n}/{n} white Spirit creature token"))
        game.log("endured", obj=obj, amount=n, player=player)


registry.register_keyword_actions({"endure": _ka_endure})
