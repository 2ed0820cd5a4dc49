"""Effects about players that the player-subject verb phrases of
:mod:`rules_engine.text.verbs_players` compile to (helper eff1, issue 12).

- :class:`~rules_engine.records.SetLifeTotal`: 119.5, a player's life total becoming a number
  is that player gaining or losing the difference (a gain that a "can't gain life" effect
  stops, 119.7, as ``Game.gain_life`` does). Every player's new total is computed before any
  changes ("each player's life total becomes the number of creatures they control"), with
  "they"/"their" the player it is computed for.
"""

from __future__ import annotations

from rules_engine import records, registry
from rules_engine.conditions import note_life_lost
from rules_engine.context import Ctx
from rules_engine.effects.core import _amount_for, _players


def h_set_life_total(ctx: Ctx, eff: records.SetLifeTotal) -> None:
    """119.5: gain or lose the difference between the new total and the current one."""
    game = ctx.game
    players = _players(ctx, eff.player)
    new = [(p, _amount_for(ctx, eff.amount, p)) for p in players]
    for p, n in new:
        if n > p.life:
            game.gain_life(p, n - p.life)
        elif n < p.life:
            game.lose_life(p, p.life - n)
            note_life_lost(game, p)  # 702.179d


registry.register_effects({
    records.SetLifeTotal: h_set_life_total,
})
