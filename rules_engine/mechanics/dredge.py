"""Dredge (702.52): a replacement of a draw that works from the graveyard.

702.52a: "Dredge N" means "As long as you have at least N cards in your library, if you would
draw a card, you may mill N cards instead. If you do, return this card from your graveyard to
your hand." 702.52b: a player with fewer than N cards in their library can't mill N to dredge.

``Game.draw`` asks ``hooks.dredge_draw`` for each card it would draw (614.1a, 614.6: the draw
is replaced, so it is not drawn - no "drew" event, no miracle, not counted). With several dredge
cards the player is asked about each in graveyard order (616.1: the affected player picks which
replacement applies); a "may" (unanswered: no).
"""

from __future__ import annotations

from rules_engine import compiled, registry
from rules_engine.game import Game
from rules_engine.objects import Player


def dredge_draw(game: Game, player: Player) -> bool:
    """Offer each dredge card in ``player``'s graveyard; True when one replaced the draw."""
    if not player.graveyard:
        return False
    for card in list(player.graveyard):
        kw = compiled.keyword_ability(card, "dredge")
        if kw is None:
            continue
        param = (kw.parameter or "").strip()
        if not param.isdigit() or len(player.library) < int(param):
            continue  # 702.52b
        n = int(param)
        if not game.decider.may(player.name, f"dredge {n} with {card.name}: mill {n} cards "
                                             "instead of drawing (702.52a)"):
            continue
        milled = player.library[:n]
        for top in milled:
            game.move(top, "graveyard")
        game.log("milled", player=player, count=n)
        game.move(card, "hand")
        game.log("dredged", player=player, obj=card, count=n)
        return True
    return False


registry.provide(dredge_draw=dredge_draw)
