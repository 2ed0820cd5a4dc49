"""Earthbend (keyword action, 701.66).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 701.66a: "Earthbend N" means "Target land you control becomes a 0/0 land creature with haste
  in addition to its other types. Put N +1/+1 counters on it. When that land dies or is put
  into exile, return it to the battlefield tapped under your control." The land becoming a
  creature has no duration: it lasts as long as the land stays on the battlefield (611.2a,
  400.7). The target is chosen by the compiler's record (``KeywordAction.subject``, 601.2c).
- the delayed triggered ability (603.7) triggers when the land leaves the battlefield for its
  owner's graveyard or exile (603.6c, 603.10a: it looks back at the land as it left); it is
  put on the stack the next time a player would receive priority (603.3), from the
  state-based-action pass that precedes it (117.5), and returns the card tapped under the
  control of the player who earthbent (610.3, 110.2a). Once the land has left, the ability is
  gone whether or not it triggered (603.7c: it is bound to that object).

Not modelled: 701.66b ("whenever a player earthbends" triggers): no trigger kind for it yet.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry, triggers
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects, amount
from rules_engine.game import Game
from rules_engine.objects import Mod

_KEY = "earthbent"  # game.__dict__: [(land, its timestamp on the battlefield, player)]


def _ka_earthbend(ctx: Ctx, eff: Any) -> None:
    """701.66a, for each target land still legal (608.2b)."""
    game = ctx.game
    n = amount(ctx, eff.amount, 0)
    for land in _objects(ctx, eff.subject):
        if land.zone != "battlefield" or not land.is_land:
            continue
        land.mods.append(Mod(types=("Creature",), set_pt=(0, 0), keywords=("haste",),
                             abilities=(ab.KeywordAbility(name="haste", text="haste"),),
                             until="permanent", timestamp=game.next_timestamp()))
        if n:
            land.counters["+1/+1"] = land.counters.get("+1/+1", 0) + \
                game.counters_to_put(land, "+1/+1", n)
            game.log("counters_put", obj=land, counter="+1/+1", amount=n)
        game.__dict__.setdefault(_KEY, []).append((land, land.timestamp, ctx.controller))
        game.log("earthbent", obj=land, player=ctx.controller, amount=n)


@registry.state_based(order=4)
def _returns(game: Game) -> bool:
    """The delayed "When that land dies or is put into exile" (701.66a): triggered once the
    land has left the battlefield for a graveyard or exile; forgotten once it left at all."""
    bound = game.__dict__.get(_KEY)
    if not bound:
        return False
    keep = []
    for land, stamp, player in bound:
        if land.zone == "battlefield" and land.timestamp == stamp:
            keep.append((land, stamp, player))
            continue
        if land.zone in ("graveyard", "exile") and not land.token:
            effect = ab.MoveToZone(subject=ab.Ref("self"), to_zone="battlefield", tapped=True,
                                   under_control="you",
                                   text="return it to the battlefield tapped under your control")
            triggers.add_inherent(game, "Earthbend", player, (effect,), source=land)
    game.__dict__[_KEY] = keep
    return False  # an ability triggered; no state-based action was performed


registry.register_keyword_actions({"earthbend": _ka_earthbend})
