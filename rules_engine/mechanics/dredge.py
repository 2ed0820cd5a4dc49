"""Dredge (702.52): a replacement of a draw that works while the card is in the graveyard.

702.52a: "Dredge N" means "As long as you have at least N cards in your library, if you would
draw a card, you may mill N cards instead. If you do, return this card from your graveyard to
your hand." 702.52b: a player with fewer than N cards in their library can't dredge. Each
draw is replaced separately (a draw of two cards is two draws, 121.2); with several dredge
cards in the graveyard the player chooses one or none (616.1).

``Game.draw`` asks :func:`dredge_draw` before each card it draws (only when the player's
graveyard is not empty).
"""

from __future__ import annotations

from typing import Any

from rules_engine import compiled, registry


def _dredge_n(obj: Any) -> int | None:
    kw = compiled.keyword_ability(obj, "dredge")
    if kw is None or not (kw.parameter or "").strip().isdigit():
        return None
    return int(kw.parameter)


def dredge_draw(game: Any, player: Any) -> bool:
    """True when ``player`` replaced this draw with dredge (milled N, returned the card)."""
    options = [(o, n) for o in player.graveyard for n in (_dredge_n(o),)
               if n is not None and len(player.library) >= n]
    if not options:
        return False
    if not game.decider.may(player.name, "dredge instead of drawing a card (702.52a)"):
        return False
    choice = options[0][0] if len(options) == 1 else game.decider.choose(
        player.name, "card to dredge (702.52a)", [o for o, _n in options])
    n = next(k for o, k in options if o is choice)
    cards = tuple(player.library[:n])
    for card in cards:  # 701.17a: mill N
        game.move(card, "graveyard")
    game.log("milled", player=player, count=n, cards=cards)
    game.move(choice, "hand")
    game.log("dredged", player=player, obj=choice, amount=n)
    return True


registry.provide(dredge_draw=dredge_draw)
