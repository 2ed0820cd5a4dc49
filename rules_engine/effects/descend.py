"""Runtime of the conditions in ``text/conditions_extra.py``, added to the condition kinds
``conditions.holds`` dispatches on:

- ``descended_this_turn`` (700.11): ``Game.move`` counts the permanent cards put into each
  player's graveyard this turn (a token is no card; the card need not still be there);
- ``controls_commander`` (903.3): no object is a commander outside a Commander game, and
  this engine plays two-player games without one, so the condition is false;
- ``not_starting_player`` (103.1): the controller is not the player who took the first turn;
- ``controls_named`` (201.2): the controller controls a permanent with each of the names;
- ``paired`` (702.95b): ~ is paired with another creature (``Game.paired_with``).
"""

from __future__ import annotations

from typing import Any

from rules_engine import conditions
from rules_engine.game import Game


def descended_this_turn(game: Game, player: Any) -> int:
    """The number of permanent cards put into ``player``'s graveyard this turn (700.11)."""
    kept = game.__dict__.get("descended")
    if not kept or kept[0] != game.turn:
        return 0
    return kept[1].get(player.name, 0)


def _controls_named(game: Game, cond: Any, controller: Any, source: Any) -> bool:
    names = [n.strip().lower() for n in (cond.detail or "").split("|") if n.strip()]
    have = {o.name.lower() for o in game.permanents(controller)}
    return bool(names) and all(n in have for n in names)


conditions._MORE.update({
    "not_starting_player": lambda game, cond, controller, source: controller is not getattr(
        game, "first_player", None),
    "controls_named": _controls_named,
    # 702.95b: soulbond (mechanics/soulbond.py pairs; Game.paired_with checks 702.95e)
    "paired": lambda game, cond, controller, source: game.paired_with(source) is not None,
    "descended_this_turn": lambda game, cond, controller, source: descended_this_turn(
        game, controller) > 0,
    "controls_commander": lambda game, cond, controller, source: False,
})
