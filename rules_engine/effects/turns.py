"""Extra turns (500.7) and "that turn" for the effects that made them.
"""

from __future__ import annotations

from typing import Any

from rules_engine import abilities as ab
from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _players
from rules_engine.game import Game


def h_extra_turn(ctx: Ctx, eff: Any) -> None:
    """500.7: an extra turn directly after this one (the most recent is taken first)."""
    game = ctx.game
    for p in _players(ctx, getattr(eff, "player", None) or ab.Ref("you")):
        game.extra_turns.append(p)
        # a marker for "that turn" (a delayed trigger of the same effect, 603.7): kept in step
        # with game.extra_turns; turn.py reports which extra turn starts (extra_turn_taken)
        marker = ("extra turn", game.new_id())
        markers = game.__dict__.setdefault("extra_turn_markers", [])
        while len(markers) < len(game.extra_turns) - 1:
            markers.insert(0, None)  # extra turns added some other way have no marker
        markers.append(marker)
        game.__dict__["last_extra_turn_marker"] = marker
        game.log("extra_turn_added", player=p)


def extra_turn_taken(game: Game) -> Any:
    """For turn.py, right after it pops game.extra_turns: the marker of that extra turn."""
    markers = game.__dict__.get("extra_turn_markers")
    if not markers or len(markers) <= len(game.extra_turns):
        return None
    return markers.pop()


def turn_started(game: Game, marker: Any) -> None:
    """For turn.py, as a turn starts: the marker of the extra turn it is (None for any other
    turn, and for an extra turn that was skipped, 614.10)."""
    game.__dict__["current_turn_marker"] = marker


def that_turn_matches(game: Game, ability: Any) -> bool:
    """For triggers.py's Trigger detail 'that_turn' ("At the beginning of that turn's end
    step", 603.7): whether the turn now is the extra turn created with this delayed ability."""
    current = game.__dict__.get("current_turn_marker")
    if current is None:
        return False
    for abl, marker in game.__dict__.get("that_turn_delays", ()):
        if abl is ability:
            return marker == current
    return False


registry.register_effects({
    ab.ExtraTurn: h_extra_turn,
})


registry.provide(extra_turn_taken=extra_turn_taken, turn_started=turn_started,
                 that_turn_matches=that_turn_matches)
