"""Airbend (keyword action, 701.65).

Rules implemented here (Comprehensive Rules, 2026-04-17):
- 701.65a: to airbend one or more permanents and/or spells, a player exiles them. "For each
  card exiled this way, for as long as it remains exiled, its owner may cast it by paying {2}
  rather than paying its mana cost." The permission is bound to the card as that object in
  exile (400.7: once it leaves exile it is gone); a token or a copy of a spell exiled this way
  is no card and ceases to exist (111.7, 707.10a), so it leaves no permission. Paying {2} is
  an alternative cost (118.9), offered through ``registry.EXILE_CASTS`` the way a foretold
  card's cost is; the card's own timing rules still apply (a creature card at sorcery speed
  unless it has flash, 307.1, 302.1).
- 701.65b: an ability that triggers "whenever a player airbends" looks at the "airbent" event
  (one per instruction that exiled at least one object). No card of the pool has such a
  trigger yet, so no trigger kind reads it.

The objects come from the compiled record (``KeywordAction(name="airbend", subject=...)``):
"airbend up to one other target creature or spell" (a ``permanent_or_spell`` target, 115.1),
"airbend that creature", "airbend up to two target creatures"; targets no longer legal as the
ability resolves are left alone (608.2b).
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects
from rules_engine.game import Game
from rules_engine.objects import GameObject, Player

_KEY = "airbent"  # game.__dict__: [(card in exile, its timestamp there)]


def _ka_airbend(ctx: Ctx, eff: Any) -> None:
    """701.65a: exile each object; every card exiled keeps the {2} permission."""
    game = ctx.game
    exiled = []
    for obj in _objects(ctx, eff.subject):
        if not isinstance(obj, GameObject) or obj.zone not in ("battlefield", "stack"):
            continue
        game.move(obj, "exile")
        if obj.zone != "exile":
            continue  # replaced (614): it went elsewhere, so it wasn't exiled this way
        exiled.append(obj)
        if not (obj.token or obj.spell_copy or obj.card_copy):
            game.__dict__.setdefault(_KEY, []).append((obj, obj.timestamp))
    if exiled:
        game.log("airbent", player=ctx.controller, objs=exiled, amount=len(exiled))


def airbent(game: Game, obj: GameObject) -> bool:
    """Whether ``obj`` is a card still in exile as the object airbend exiled (400.7)."""
    return obj.zone == "exile" and any(
        o is obj and stamp == obj.timestamp for o, stamp in game.__dict__.get(_KEY, ()))


def _exile_cost(game: Game, player: Player, obj: GameObject) -> str | None:
    """701.65a: its owner may cast an airbent card from exile by paying {2} (118.9)."""
    if obj.owner is not player or not airbent(game, obj):
        return None
    return "{2}"


registry.register_keyword_actions({"airbend": _ka_airbend})
registry.EXILE_CASTS.append(_exile_cost)
