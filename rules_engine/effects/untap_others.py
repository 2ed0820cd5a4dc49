""""Untap ~ / all permanents you control during each other player's untap step" (502.3): a
static ability of kind ``untaps_during_others``; in the untap step of a player other than the
ability's controller, the permanents it names untap as that player's permanents do (a turn-based
action of the untap step, after 502.1 phasing and 502.2, beside 502.3).
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry, statics
from rules_engine.game import Game


@registry.turn_based("untap", "502.3")
def untap_others(game: Game, active: Any) -> None:
    """502.3: each tapped permanent named by such an ability whose controller is not the
    active player untaps ("doesn't untap during its controller's untap step" is about that
    player's own untap step only)."""
    for obj in list(game.battlefield):
        if not obj.tapped or obj.phased_out:
            continue
        found = statics.restrictions_of(game, "untaps_during_others", obj)
        if any(src.controller is not active for src, _eff in found):
            obj.tapped = False
            game.log("untapped", obj=obj)
