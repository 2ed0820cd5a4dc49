"""Effects whose choice a named player makes as they resolve (608.2d): "target opponent exiles a
creature they control", "... and their graveyard" (701.13).
"""

from __future__ import annotations

from rules_engine import records, registry, targeting
from rules_engine.context import Ctx
from rules_engine.effects.core import _players, amount


def h_player_exiles(ctx: Ctx, eff: records.PlayerExiles) -> None:
    """701.13a / 608.2d: each named player exiles the described number of their own objects
    (permanents they control, or cards in their hand or graveyard), choosing them; or their
    whole graveyard. What they can't find, they don't exile (609.3)."""
    game = ctx.game
    moved = []
    for p in _players(ctx, eff.player):
        if eff.whole:
            chosen = list(getattr(p, eff.zone))
        else:
            pool = list(game.permanents(p)) if eff.zone == "battlefield" else list(
                getattr(p, eff.zone))
            pool = [o for o in pool if targeting.matches(game, o, eff.filter, p, None,
                                                         zone_check=False)]
            text = eff.filter.text if eff.filter is not None else "card"
            chosen = game.decider.choose_many(p.name, f"{text} to exile ({eff.text})", pool,
                                              amount(ctx, eff.amount, 1))
        for obj in chosen:
            game.move(obj, "exile")
            moved.append(obj)
    ctx.those = moved
    ctx.count = len(moved)
    ctx.did = bool(moved)


registry.register_effects({records.PlayerExiles: h_player_exiles})
