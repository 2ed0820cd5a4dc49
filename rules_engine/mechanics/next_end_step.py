"""Effects that last "until your next end step" (611.2b: a continuous effect from a resolving
ability may last until a stated time).

"Exile the top card of your library. You may play that card until your next end step." (Inti,
Seneschal of the Sun): the permission, or a modification with that duration, ends as the next
end step of the player who controlled the ability begins (513.1) - this turn's, if that player
is active and the end step has not begun yet. ``effects.core._until`` tags such effects
``next_end:<player>``; the turn-based action below, run as each end step begins, removes those of
the active player.
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.game import Game


@registry.turn_based("end", "611.2b")
def expire_until_next_end_step(game: Game, active: Any) -> None:
    tag = f"next_end:{active.name}"
    game.play_permissions = [e for e in game.play_permissions if e[2] != tag]
    game.cast_permissions = [c for c in game.cast_permissions if c[2] != tag]
    for obj in game.battlefield:
        if obj.mods and any(m.until == tag for m in obj.mods):
            obj.mods = [m for m in obj.mods if m.until != tag]
            game.sba_dirty = True
