"""A card in exile becomes plotted by an effect (702.170c).

702.170d: a plotted card's owner may cast it from exile without paying its mana cost during
their main phase while the stack is empty, on any turn after the one in which it became
plotted. ``casting`` keeps the plotted cards in ``game.__dict__["plotted"]`` (owner, card, its
timestamp in exile, turn) for the plot special action (702.170a-b); this keyword action adds
the cards an effect makes plotted ("You may exile a nonland card from your hand. If you do, it
becomes plotted.") the same way. A card that isn't in exile is not plotted (it left, 400.7).
"""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from rules_engine.context import Ctx
from rules_engine.effects.core import _objects


def _ka_become_plotted(ctx: Ctx, eff: Any) -> None:
    """702.170c: each named card still in exile becomes plotted (its owner's, 702.170d)."""
    game = ctx.game
    for card in _objects(ctx, eff.subject):
        if card.zone != "exile":
            continue
        game.__dict__.setdefault("plotted", []).append(
            (card.owner, card, card.timestamp, game.turn))
        game.log("plotted", player=card.owner, obj=card)


registry.register_keyword_actions({"become plotted": _ka_become_plotted})
